/**
 * Writes collections and their images, keeping tags and the text index in step. The seed
 * and the collection routes (routes/collections/) use these.
 */
import type { StoreDb } from './db.ts';

export interface CollectionInput {
  id: string;
  name: string;
  description: string;
  tags: string[];
  /** epoch seconds */
  createdAt: number;
  updatedAt: number;
}

export function insertCollection(db: StoreDb, c: CollectionInput): number {
  return db.transaction(() => {
    const info = db
      .prepare(
        'INSERT INTO collections (id, name, description, tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(c.id, c.name, c.description, '[]', c.createdAt, c.updatedAt);
    const num = Number(info.lastInsertRowid);
    applyCollectionChanges(db, num, { tags: c.tags }, c.updatedAt);
    return num;
  })();
}

export interface CollectionChanges {
  name?: string;
  description?: string;
  tags?: string[];
}

/** Applies changes, sets updated_at, and refreshes tags and the text index. */
export function applyCollectionChanges(
  db: StoreDb,
  num: number,
  changes: CollectionChanges,
  updatedAt: number,
): void {
  db.transaction(() => {
    if (changes.name !== undefined)
      db.prepare('UPDATE collections SET name = ? WHERE num = ?').run(changes.name, num);
    if (changes.description !== undefined) {
      db.prepare('UPDATE collections SET description = ? WHERE num = ?').run(
        changes.description,
        num,
      );
    }
    if (changes.tags !== undefined) {
      const unique = [...new Map(changes.tags.map((t) => [t.toLowerCase(), t])).values()];
      db.prepare('UPDATE collections SET tags = ? WHERE num = ?').run(JSON.stringify(unique), num);
      db.prepare('DELETE FROM collection_tags WHERE collection = ?').run(num);
      const insert = db.prepare(
        'INSERT OR IGNORE INTO collection_tags (collection, tag) VALUES (?, ?)',
      );
      for (const tag of unique) insert.run(num, tag);
    }
    db.prepare('UPDATE collections SET updated_at = ? WHERE num = ?').run(updatedAt, num);
    db.prepare('DELETE FROM collections_fts WHERE rowid = ?').run(num);
    db.prepare(
      `INSERT INTO collections_fts (rowid, id, name, description, tags)
       SELECT num, id, name, description, (SELECT group_concat(value, ' ') FROM json_each(tags)) FROM collections WHERE num = ?`,
    ).run(num);
  })();
}

export function addCollectionImage(
  db: StoreDb,
  num: number,
  name: string,
  addedAt: number,
  source: object = {},
): boolean {
  const info = db
    .prepare(
      'INSERT OR IGNORE INTO collection_images (collection, name, added_at, source) VALUES (?, ?, ?, ?)',
    )
    .run(num, name, addedAt, JSON.stringify(source));
  return info.changes > 0;
}

/** Removes collections created before `before` (epoch seconds) with all their images. */
export function pruneCollections(db: StoreDb, before: number): void {
  db.transaction(() => {
    const nums = db
      .prepare('SELECT num FROM collections WHERE created_at < ?')
      .pluck()
      .all(before) as number[];
    for (const num of nums) {
      db.prepare('DELETE FROM collections_fts WHERE rowid = ?').run(num);
      db.prepare('DELETE FROM collections WHERE num = ?').run(num);
    }
  })();
}
