import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * The download manager's queue: batches (what the user asked for, where, how files
 * are named) and their items (one recording file each) with byte progress, so that a restart or
 * a crash resumes with HTTP Range. The minimal `downloads` table of 0050 stays as it was: its
 * states do not cover waiting and canceled, and SQLite cannot change a CHECK in place.
 */
export const migration: Migration = {
  version: 300,
  name: 'download-queue',
  up(db) {
    db.exec(`
      CREATE TABLE download_batches (
        id INTEGER PRIMARY KEY,
        -- Which service the recording ids belong to: 'demo' or the base URL.
        service TEXT NOT NULL,
        -- Finds the batch again when the same CLI command runs a second time.
        key TEXT,
        label TEXT NOT NULL,
        folder TEXT NOT NULL,
        template TEXT NOT NULL,
        existing TEXT NOT NULL CHECK (existing IN ('skip', 'rename', 'overwrite')),
        message TEXT,
        created_at TEXT NOT NULL,
        finished_at TEXT,
        -- 1 once the batch's end was announced, so a restart does not notify twice.
        announced INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE UNIQUE INDEX download_batches_key ON download_batches (service, key);

      CREATE TABLE download_items (
        id INTEGER PRIMARY KEY,
        batch_id INTEGER NOT NULL REFERENCES download_batches (id) ON DELETE CASCADE,
        recording_id TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('jpg', 'zip', 'mp4')),
        state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN
          ('queued', 'waiting', 'downloading', 'paused', 'completed', 'failed', 'canceled')),
        -- Relative to the batch folder, from the template; may change once (rename policy).
        name TEXT NOT NULL,
        -- 1 once the existing-file policy was applied to name: from then on the name is ours.
        resolved INTEGER NOT NULL DEFAULT 0,
        bytes_done INTEGER NOT NULL DEFAULT 0,
        bytes_total INTEGER,
        etag TEXT,
        sha256 TEXT,
        skipped INTEGER NOT NULL DEFAULT 0,
        message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        -- Epoch ms before which the item is not started (retry backoff, waiting poll).
        not_before INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL,
        UNIQUE (batch_id, recording_id, format)
      ) STRICT;
      CREATE INDEX download_items_state ON download_items (state, not_before);
      CREATE INDEX download_items_batch ON download_items (batch_id);
    `);
  },
};
