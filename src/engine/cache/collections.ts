/**
 * Collections kept for offline use: the collection fields from the index and, once synced,
 * their image names in service order. (Image files themselves go to the media cache.)
 */
import type { Collection } from '../../shared/api/index.ts';
import type { Db } from '../db/database.ts';

export interface OfflineCollection extends Collection {
  /** When the fields were last fetched, ISO 8601 UTC. */
  syncedAt: string;
  /** When the image names were last fetched, or null if never. */
  imagesSyncedAt: string | null;
}

interface CollectionRow {
  id: string;
  name: string;
  description: string;
  tags: string;
  created_at: string;
  updated_at: string;
  synced_at: string;
  images_synced_at: string | null;
}

export class OfflineCollections {
  #db: Db;
  #service: string;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  /** Stores or refreshes collections from an index page (their image names are kept). */
  save(collections: readonly Collection[], syncedAt = new Date()): void {
    const upsert = this.#db.prepare(
      `INSERT INTO offline_collections
         (service, id, name, description, tags, created_at, updated_at, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (service, id) DO UPDATE SET name = excluded.name,
         description = excluded.description, tags = excluded.tags,
         created_at = excluded.created_at, updated_at = excluded.updated_at,
         synced_at = excluded.synced_at`,
    );
    const at = syncedAt.toISOString();
    this.#db.transaction(() => {
      for (const c of collections) {
        upsert.run(
          this.#service,
          c._id,
          c.name,
          c.description,
          JSON.stringify(c.tags),
          c.created_at,
          c.updated_at,
          at,
        );
      }
    })();
  }

  /** Replaces a collection's image names (the collection must have been saved). */
  saveImages(id: string, names: readonly string[], syncedAt = new Date()): void {
    const insert = this.#db.prepare(
      'INSERT INTO offline_collection_images (service, collection_id, position, name) VALUES (?, ?, ?, ?)',
    );
    this.#db.transaction(() => {
      this.#db
        .prepare('DELETE FROM offline_collection_images WHERE service = ? AND collection_id = ?')
        .run(this.#service, id);
      names.forEach((name, i) => insert.run(this.#service, id, i, name));
      this.#db
        .prepare('UPDATE offline_collections SET images_synced_at = ? WHERE service = ? AND id = ?')
        .run(syncedAt.toISOString(), this.#service, id);
    })();
  }

  list(): OfflineCollection[] {
    const rows = this.#db
      .prepare('SELECT * FROM offline_collections WHERE service = ? ORDER BY name, id')
      .all(this.#service) as CollectionRow[];
    return rows.map(toCollection);
  }

  get(id: string): (OfflineCollection & { images: string[] }) | undefined {
    const row = this.#db
      .prepare('SELECT * FROM offline_collections WHERE service = ? AND id = ?')
      .get(this.#service, id) as CollectionRow | undefined;
    if (!row) return undefined;
    const images = this.#db
      .prepare(
        'SELECT name FROM offline_collection_images WHERE service = ? AND collection_id = ? ORDER BY position',
      )
      .pluck()
      .all(this.#service, id) as string[];
    return { ...toCollection(row), images };
  }

  /** Forgets collections the service no longer lists (they expire after 90 days). */
  retainOnly(ids: readonly string[]): number {
    const keep = new Set(ids);
    const remove = this.#db.prepare('DELETE FROM offline_collections WHERE service = ? AND id = ?');
    let removed = 0;
    this.#db.transaction(() => {
      for (const c of this.list()) {
        if (!keep.has(c._id)) removed += remove.run(this.#service, c._id).changes;
      }
    })();
    return removed;
  }
}

function toCollection(row: CollectionRow): OfflineCollection {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    created_at: row.created_at,
    updated_at: row.updated_at,
    syncedAt: row.synced_at,
    imagesSyncedAt: row.images_synced_at,
  };
}
