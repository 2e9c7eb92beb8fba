import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Collections kept offline, beside 0060's fields and image names: which collections
 * the user keeps, the file of each image on disk with what is needed to resume it (expected
 * size, ETag), and where each image added through the app came from (the service does not say).
 */
export const migration: Migration = {
  version: 400,
  name: 'kept-collections',
  up(db) {
    db.exec(`
      CREATE TABLE kept_collections (
        service TEXT NOT NULL,
        id TEXT NOT NULL,
        kept_at TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'syncing', 'synced', 'failed')),
        synced_at TEXT,
        message TEXT,
        PRIMARY KEY (service, id)
      ) STRICT;
      CREATE TABLE kept_images (
        service TEXT NOT NULL,
        collection_id TEXT NOT NULL,
        name TEXT NOT NULL,
        file TEXT NOT NULL,
        size INTEGER CHECK (size IS NULL OR size >= 0),
        etag TEXT,
        content_type TEXT,
        done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
        PRIMARY KEY (service, collection_id, name),
        FOREIGN KEY (service, collection_id)
          REFERENCES kept_collections (service, id) ON DELETE CASCADE
      ) STRICT;
      CREATE TABLE collection_image_sources (
        service TEXT NOT NULL,
        collection_id TEXT NOT NULL,
        name TEXT NOT NULL,
        source TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (service, collection_id, name)
      ) STRICT;
    `);
  },
};
