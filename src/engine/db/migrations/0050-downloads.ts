import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Downloads and their byte progress, so that a restart resumes them (HTTP Range). A first,
 * minimal schema: the download manager extends it with its own migrations.
 */
export const migration: Migration = {
  version: 50,
  name: 'downloads',
  up(db) {
    db.exec(`
      CREATE TABLE downloads (
        id INTEGER PRIMARY KEY,
        recording_id TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('jpg', 'zip', 'mp4')),
        target TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'queued'
          CHECK (state IN ('queued', 'running', 'paused', 'done', 'failed')),
        bytes_done INTEGER NOT NULL DEFAULT 0,
        bytes_total INTEGER,
        etag TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX downloads_state ON downloads (state);
    `);
  },
};
