import type { Migration } from '../../../sqlite/migrate.ts';

/** Index of the files under <dataDir>/media, for the LRU size cap. */
export const migration: Migration = {
  version: 40,
  name: 'media-cache',
  up(db) {
    db.exec(`
      CREATE TABLE media_cache (
        key TEXT PRIMARY KEY,
        file TEXT NOT NULL UNIQUE,
        content_type TEXT,
        size INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        used_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX media_cache_used ON media_cache (used_at);
    `);
  },
};
