import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/engine/db/database.ts';
import { migrate, NewerDatabaseError, type Migration } from '../../../src/sqlite/migrate.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { SettingsStore } from '../../../src/engine/db/settings-store.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { tempDir } from '../../helpers/core.ts';

const dirs: { remove(): void }[] = [];
function dir() {
  const d = tempDir();
  dirs.push(d);
  return d.path;
}
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe('migrations', () => {
  it('are numbered in strictly increasing order', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('bring a new database to the latest version, in WAL mode', () => {
    const db = openDatabase(join(dir(), 'a.sqlite'));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('build a new database aside and put it in place whole: nothing of it left to checkpoint', () => {
    const folder = dir();
    const db = openDatabase(join(folder, 'roadcam.sqlite'));
    // Built in place, the migrations' pages waited in the WAL for the first close's checkpoint.
    const wal = join(folder, 'roadcam.sqlite-wal');
    expect(readdirSync(folder).includes('roadcam.sqlite-wal') ? statSync(wal).size : 0).toBe(0);
    expect(readdirSync(folder).filter((name) => name.includes('.new-'))).toEqual([]);
    const schema = (d: Database.Database) =>
      d.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all();
    const inPlace = new Database(':memory:');
    migrate(inPlace, migrations);
    expect(schema(db)).toEqual(schema(inPlace));
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    inPlace.close();
    db.close();
  });

  it("bound SQLite's page cache to 2 MB (better-sqlite3's 16 MB grew with a long download queue)", () => {
    const db = openDatabase(join(dir(), 'a.sqlite'));
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    db.close();
  });

  it('0010-settings creates a STRICT settings table', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 10),
    );
    const sql = (
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'settings'").get() as { sql: string }
    ).sql;
    expect(sql).toMatch(/STRICT/);
    expect(() =>
      db.prepare('INSERT INTO settings (key, value) VALUES (1, ?)').run(Buffer.from('x')),
    ).toThrow();
    db.close();
  });

  it('run in one transaction: a failing migration leaves the database untouched', () => {
    const db = new Database(':memory:');
    const broken: Migration[] = [
      { version: 1, name: 'ok', up: (d) => d.exec('CREATE TABLE t (x INTEGER) STRICT') },
      { version: 2, name: 'broken', up: (d) => d.exec('THIS IS NOT SQL') },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 't'").get()).toEqual({
      n: 0,
    });
    db.close();
  });

  it('refuse a list out of order', () => {
    const db = new Database(':memory:');
    const list: Migration[] = [
      { version: 20, name: 'b', up: () => {} },
      { version: 10, name: 'a', up: () => {} },
    ];
    expect(() => migrate(db, list)).toThrow(/out of order/);
    db.close();
  });

  it('refuse a version that is not a positive whole number', () => {
    const db = new Database(':memory:');
    for (const version of [0, -10, 1.5]) {
      const list: Migration[] = [{ version, name: 'odd', up: () => {} }];
      expect(() => migrate(db, list)).toThrow(/invalid version/);
    }
    db.close();
  });

  it('apply only the pending ones, and leave a database at the latest version as it is', () => {
    const db = new Database(':memory:');
    const ran: number[] = [];
    const list: Migration[] = [10, 20, 30].map((version) => ({
      version,
      name: `m${version}`,
      up: () => void ran.push(version),
    }));
    expect(migrate(db, list.slice(0, 1))).toBe(10);
    expect(migrate(db, list)).toBe(30);
    expect(migrate(db, list)).toBe(30);
    expect(ran).toEqual([10, 20, 30]);
    db.close();
  });

  it('refuse a database written by a newer version, saying what to do', () => {
    const file = join(dir(), 'new.sqlite');
    const db = new Database(file);
    db.pragma('user_version = 99999');
    db.close();
    expect(() => openDatabase(file)).toThrow(NewerDatabaseError);
    expect(() => openDatabase(file)).toThrow(/newer version of Roadcam.*Update Roadcam/);
  });
});

describe('a corrupt database file', () => {
  it('is set aside with a log line and replaced by a fresh one', () => {
    const folder = dir();
    const file = join(folder, 'roadcam.sqlite');
    writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const lines: string[] = [];
    const db = openDatabase(file, (line) => lines.push(line));
    expect(new SettingsStore(db).get()).toEqual(defaultSettings);
    db.close();
    expect(lines.join('\n')).toMatch(/unreadable .* moved it to .*corrupt-/);
    expect(readdirSync(folder).some((name) => name.startsWith('roadcam.sqlite.corrupt-'))).toBe(
      true,
    );
  });
});

describe('SettingsStore', () => {
  it('returns defaults, then what was saved, across reopening', () => {
    const file = join(dir(), 's.sqlite');
    let db = openDatabase(file);
    expect(new SettingsStore(db).get()).toEqual(defaultSettings);
    new SettingsStore(db).update({
      downloadConcurrency: 6,
      mapView: { lat: 40, lon: -100, zoom: 5 },
    });
    db.close();
    db = openDatabase(file);
    expect(new SettingsStore(db).get()).toMatchObject({
      downloadConcurrency: 6,
      mapView: { zoom: 5 },
    });
    db.close();
  });

  it('falls back to the default for a stored value that no longer validates', () => {
    const db = openDatabase(join(dir(), 'v.sqlite'));
    db.prepare("INSERT INTO settings (key, value) VALUES ('downloadConcurrency', '500')").run();
    expect(new SettingsStore(db).get().downloadConcurrency).toBe(
      defaultSettings.downloadConcurrency,
    );
    db.close();
  });
});

describe('0500-watched-areas', () => {
  it('keeps each announced alert once per area, and forgets them with the area', () => {
    const db = openDatabase(join(dir(), 'w.sqlite'));
    const area = db
      .prepare(
        "INSERT INTO watched_areas (service, name, area, created_at) VALUES ('demo', 'a', '{}', 'now')",
      )
      .run().lastInsertRowid;
    const seen = db.prepare(
      "INSERT OR IGNORE INTO watched_alerts_seen VALUES (?, 'alert-1', 'now')",
    );
    expect(seen.run(area).changes).toBe(1);
    expect(seen.run(area).changes).toBe(0);
    db.prepare('DELETE FROM watched_areas WHERE id = ?').run(area);
    expect(db.prepare('SELECT count(*) AS n FROM watched_alerts_seen').get()).toEqual({ n: 0 });
    db.close();
  });
});
