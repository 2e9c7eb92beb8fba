import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Searches kept for offline reading, keyed by their normalised parameters. Features sit one a
 * row so that a cached page is read with one indexed range scan, not by parsing a whole body.
 */
export const migration: Migration = {
  version: 30,
  name: 'search-cache',
  up(db) {
    db.exec(`
      CREATE TABLE cached_searches (
        id INTEGER PRIMARY KEY,
        service TEXT NOT NULL,
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        total INTEGER NOT NULL,
        envelope TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        used_at TEXT NOT NULL,
        UNIQUE (service, key)
      ) STRICT;
      CREATE INDEX cached_searches_used ON cached_searches (used_at);
      CREATE TABLE cached_features (
        search_id INTEGER NOT NULL REFERENCES cached_searches (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        feature TEXT NOT NULL,
        PRIMARY KEY (search_id, position)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
