import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * The download engine's items may also be an observation's preview image (a dataset's file),
 * named by the observation id in `image`, with no recording and no collection.
 * SQLite cannot change a CHECK in place: download_items is rebuilt as in 0520 (new table, rows
 * copied, old dropped, new renamed, indexes made again), keeping every row and column.
 */
export const migration: Migration = {
  version: 620,
  name: 'observation-preview-items',
  up(db) {
    db.exec(`
      CREATE TABLE download_items_new (
        id INTEGER PRIMARY KEY,
        batch_id INTEGER NOT NULL REFERENCES download_batches (id) ON DELETE CASCADE,
        kind TEXT NOT NULL DEFAULT 'recording'
          CHECK (kind IN ('recording', 'collection-image', 'observation-preview')),
        recording_id TEXT,
        format TEXT CHECK (format IN ('jpg', 'zip', 'mp4')),
        collection_id TEXT,
        image TEXT,
        state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN
          ('queued', 'waiting', 'downloading', 'paused', 'completed', 'failed', 'canceled')),
        name TEXT NOT NULL,
        resolved INTEGER NOT NULL DEFAULT 0,
        bytes_done INTEGER NOT NULL DEFAULT 0,
        bytes_total INTEGER,
        etag TEXT,
        sha256 TEXT,
        skipped INTEGER NOT NULL DEFAULT 0,
        message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        not_before INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL,
        CHECK ((kind = 'recording' AND recording_id IS NOT NULL AND format IS NOT NULL
                  AND collection_id IS NULL AND image IS NULL)
            OR (kind = 'collection-image' AND collection_id IS NOT NULL AND image IS NOT NULL
                  AND recording_id IS NULL AND format IS NULL)
            OR (kind = 'observation-preview' AND image IS NOT NULL
                  AND recording_id IS NULL AND format IS NULL AND collection_id IS NULL)),
        UNIQUE (batch_id, recording_id, format),
        UNIQUE (batch_id, collection_id, image)
      ) STRICT;

      INSERT INTO download_items_new
        (id, batch_id, kind, recording_id, format, collection_id, image, state, name, resolved,
         bytes_done, bytes_total, etag, sha256, skipped, message, attempts, not_before, updated_at)
      SELECT id, batch_id, kind, recording_id, format, collection_id, image, state, name, resolved,
         bytes_done, bytes_total, etag, sha256, skipped, message, attempts, not_before, updated_at
      FROM download_items;

      DROP TABLE download_items;
      ALTER TABLE download_items_new RENAME TO download_items;
      CREATE INDEX download_items_state ON download_items (state, not_before);
      CREATE INDEX download_items_batch ON download_items (batch_id);
      CREATE INDEX download_items_queue ON download_items (state, batch_id, id);
      -- collection_id is NULL for a preview, and NULLs are distinct in a UNIQUE: its own key.
      CREATE UNIQUE INDEX download_items_preview ON download_items (batch_id, image)
        WHERE kind = 'observation-preview';
    `);
  },
};
