import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { imageFileName } from '../../../src/engine/collections/files.ts';
import { moveOldFiles, removeStrayFiles } from '../../../src/engine/collections/kept-files.ts';
import { KeptStore } from '../../../src/engine/collections/store.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { sanitiseSegment } from '../../../src/engine/downloads/naming.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { freshDatabases } from '../../helpers/db.ts';
import { tempDir } from '../../helpers/core.ts';

const fresh = freshDatabases();
const dir = tempDir('roadcam-kept-files-');
afterAll(() => dir.remove());

/** How versions before 0590 named a file that was not a plain name. */
const oldHashed = (name: string) =>
  `${createHash('sha256').update(name).digest('hex').slice(0, 32)}${/\.(jpe?g|png)$/i.exec(name)?.[0].toLowerCase() ?? ''}`;

describe('image file names', () => {
  it('differ for names that differ only in case, or that spell another name’s file', () => {
    const names = ['A.jpg', 'a.jpg', 'A.JPG', 'x y.jpg', imageFileName('x y.jpg'), 'x_y.jpg'];
    const files = names.map(imageFileName);
    expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(names.length);
    for (const file of files) expect(sanitiseSegment(file)).toBe(file);
  });

  it('keep a readable start of at most 64 characters and stay short', () => {
    expect(imageFileName('US-CO-1_20261121T115800Z.jpg')).toMatch(
      /^US-CO-1_20261121T115800Z-[0-9a-f]{32}\.jpg$/,
    );
    expect(imageFileName('漢字.png')).toMatch(/^_-[0-9a-f]{32}\.png$/);
    expect(imageFileName('.jpg')).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(Buffer.byteLength(imageFileName(`${'x'.repeat(5000)}.jpeg`))).toBe(64 + 1 + 32 + 5);
  });
});

/** A database at the version before 0590 holding kept images with the old file names. */
function oldDatabase(rows: [collection: string, name: string, file: string, done: 0 | 1][]) {
  const db = fresh({ migrated: false });
  migrate(
    db,
    migrations.filter((m) => m.version < 590),
  );
  for (const id of new Set(rows.map((r) => r[0]))) {
    db.prepare("INSERT INTO kept_collections VALUES ('svc', ?, '', 'synced', NULL, NULL)").run(id);
  }
  const insert = db.prepare(
    "INSERT INTO kept_images VALUES ('svc', ?, ?, ?, 10, '\"e\"', 'image/jpeg', ?)",
  );
  for (const row of rows) insert.run(...row);
  return db;
}

describe('migration 0590 (kept image files)', () => {
  const bOwnFile = imageFileName('b.jpg');
  const rows: [string, string, string, 0 | 1][] = [
    ['c1', 'A.jpg', 'A.jpg', 1],
    ['c1', 'a.jpg', 'a.jpg', 1],
    ['c1', 'x y.jpg', oldHashed('x y.jpg'), 1],
    ['c1', oldHashed('x y.jpg'), oldHashed('x y.jpg'), 1],
    ['c1', 'plain.jpg', 'plain.jpg', 1],
    ['c1', 'pending.jpg', 'pending.jpg', 0],
    ['c1', 'b.jpg', 'b.jpg', 1],
    // Its old file is b.jpg's new one: moving b.jpg would overwrite it.
    ['c1', bOwnFile, bOwnFile, 1],
    ['c2', 'A.jpg', 'A.jpg', 1],
  ];

  it('names every file from its hash, keeps the old name of files surely their own', () => {
    const db = oldDatabase(rows);
    migrate(db, migrations);
    const after = db
      .prepare('SELECT collection_id, name, file, moved_from, done, size FROM kept_images')
      .all() as {
      collection_id: string;
      name: string;
      file: string;
      moved_from: string | null;
      done: number;
      size: number | null;
    }[];
    for (const row of after) expect(row.file).toBe(imageFileName(row.name));
    const moved = after.filter((r) => r.moved_from !== null);
    expect(moved.map((r) => [r.collection_id, r.name, r.moved_from, r.done])).toEqual([
      ['c1', 'plain.jpg', 'plain.jpg', 1],
      ['c1', 'b.jpg', 'b.jpg', 1],
      ['c2', 'A.jpg', 'A.jpg', 1],
    ]);
    // A shared file, an unfinished one, and one in the way of another are fetched again.
    for (const row of after.filter((r) => r.moved_from === null)) {
      expect([row.name, row.done, row.size]).toEqual([row.name, 0, null]);
    }
    expectUniqueFiles(db);
  });

  it('lets the next sync move the files and delete the ones it cannot trust', async () => {
    const db = oldDatabase(rows);
    migrate(db, migrations);
    const folder = join(dir.path, 'c1');
    mkdirSync(folder, { recursive: true });
    const old = ['A.jpg', 'a.jpg', oldHashed('x y.jpg'), 'plain.jpg', 'b.jpg', bOwnFile];
    for (const file of [...old, 'pending.jpg.part']) writeFileSync(join(folder, file), file);
    const kept = new KeptStore(db, 'svc');
    await moveOldFiles(kept, 'c1', folder);
    await removeStrayFiles(folder, kept.images('c1'));
    expect(readdirSync(folder).sort()).toEqual([bOwnFile, imageFileName('plain.jpg')].sort());
    expect(readFileSync(join(folder, imageFileName('plain.jpg')), 'utf8')).toBe('plain.jpg');
    expect(readFileSync(join(folder, bOwnFile), 'utf8')).toBe('b.jpg');
    expect(
      kept
        .images('c1')
        .filter((i) => i.done)
        .map((i) => i.name)
        .sort(),
    ).toEqual(['b.jpg', 'plain.jpg']);
    expect(kept.images('c1').every((i) => i.movedFrom === null)).toBe(true);
    // c2's file is gone from disk: it is fetched again rather than counted.
    await moveOldFiles(kept, 'c2', join(dir.path, 'c2'));
    expect(kept.images('c2')).toMatchObject([{ name: 'A.jpg', done: false, movedFrom: null }]);
    expect(existsSync(join(dir.path, 'c2'))).toBe(false);
  });
});

function expectUniqueFiles(db: Database.Database): void {
  const file = db
    .prepare("SELECT file FROM kept_images WHERE name = 'plain.jpg'")
    .pluck()
    .get() as string;
  expect(() =>
    db
      .prepare(
        "INSERT INTO kept_images (service, collection_id, name, file) VALUES ('svc', 'c1', 'other', ?)",
      )
      .run(file.toUpperCase()),
  ).toThrow(/UNIQUE/);
}
