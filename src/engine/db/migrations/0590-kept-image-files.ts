import { createHash } from 'node:crypto';
import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Every kept image gets a file named from a hash of its whole name, unique in its collection
 * whatever the case: before, a plain name was its own file, so "A.jpg" and "a.jpg" shared one
 * file on a case-insensitive disk, and a name spelled like another's hashed file shared that
 * one everywhere. The files on disk are moved by the next sync (the migration does not know the
 * data folder): `moved_from` keeps the old name of a finished file whose bytes are surely its
 * own. A file that shared its name, or whose old name is now another image's file, is fetched
 * again. The naming is a frozen copy of imageFileName (src/engine/collections/files.ts) as it
 * was at this version.
 */
export const migration: Migration = {
  version: 590,
  name: 'kept-image-files',
  up(db) {
    db.exec('ALTER TABLE kept_images ADD COLUMN moved_from TEXT');
    const rows = db
      .prepare('SELECT service, collection_id, name, file, done FROM kept_images')
      .all() as Row[];
    const keep = db.prepare(
      `UPDATE kept_images SET file = ?, moved_from = ?
       WHERE service = ? AND collection_id = ? AND name = ?`,
    );
    const refetch = db.prepare(
      `UPDATE kept_images SET file = ?, moved_from = NULL, done = 0, size = NULL, etag = NULL,
         content_type = NULL
       WHERE service = ? AND collection_id = ? AND name = ?`,
    );
    for (const group of byCollection(rows)) {
      const files = new Map(group.map((r) => [r.name, fileOf(r.name)]));
      const shared = counts(group.map((r) => r.file.toLowerCase()));
      const taken = new Set([...files.values()].map((f) => f.toLowerCase()));
      for (const r of group) {
        const old = r.file.toLowerCase();
        const own = r.done === 1 && shared.get(old) === 1 && !taken.has(old);
        if (own) keep.run(files.get(r.name), r.file, r.service, r.collection_id, r.name);
        else refetch.run(files.get(r.name), r.service, r.collection_id, r.name);
      }
    }
    db.exec(
      'CREATE UNIQUE INDEX kept_images_file ON kept_images (service, collection_id, file COLLATE NOCASE)',
    );
  },
};

interface Row {
  service: string;
  collection_id: string;
  name: string;
  file: string;
  done: number;
}

function byCollection(rows: readonly Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.service}\u0000${r.collection_id}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()];
}

function counts(values: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of values) out.set(v, (out.get(v) ?? 0) + 1);
  return out;
}

function fileOf(name: string): string {
  const ext = /\.(jpe?g|png)$/i.exec(name)?.[0] ?? '';
  const readable = name
    .slice(0, name.length - ext.length)
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, 64);
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 32);
  return `${readable ? `${readable}-` : ''}${hash}${ext.toLowerCase()}`;
}
