import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Saved camera walls: one row per wall, its tiles as rows in order. Camera details are kept
 * with the tile so a saved wall shows names and knows which tiles have video while offline.
 */
export const migration: Migration = {
  version: 200,
  name: 'walls',
  up(db) {
    db.exec(`
      CREATE TABLE walls (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        layout TEXT NOT NULL CHECK (layout IN ('1x1', '2x2', '3x3', '4x4', 'custom')),
        columns INTEGER NOT NULL CHECK (columns BETWEEN 1 AND 6),
        updated_at TEXT NOT NULL,
        opened_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE wall_tiles (
        wall_id INTEGER NOT NULL REFERENCES walls (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        camera_id TEXT NOT NULL,
        camera TEXT NOT NULL,
        col_span INTEGER NOT NULL CHECK (col_span BETWEEN 1 AND 4),
        row_span INTEGER NOT NULL CHECK (row_span BETWEEN 1 AND 4),
        PRIMARY KEY (wall_id, position)
      ) STRICT;
      CREATE INDEX walls_opened ON walls (opened_at);
    `);
  },
};
