import type { Migration } from '../../../sqlite/migrate.ts';

/** Collections kept for offline use: their fields and their image names, in service order. */
export const migration: Migration = {
  version: 60,
  name: 'collections',
  up(db) {
    db.exec(`
      CREATE TABLE offline_collections (
        service TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        tags TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        synced_at TEXT NOT NULL,
        images_synced_at TEXT,
        PRIMARY KEY (service, id)
      ) STRICT;
      CREATE TABLE offline_collection_images (
        service TEXT NOT NULL,
        collection_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (service, collection_id, position),
        FOREIGN KEY (service, collection_id)
          REFERENCES offline_collections (service, id) ON DELETE CASCADE
      ) STRICT;
    `);
  },
};
