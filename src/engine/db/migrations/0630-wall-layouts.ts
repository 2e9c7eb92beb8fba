import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Walls of 5 × 5 and 6 × 6 (control rooms run 25 and 36 cameras on a screen). SQLite cannot
 * change a CHECK in place, so walls is rebuilt, and wall_tiles with it: with foreign keys on,
 * dropping walls while a table references it would delete every tile (ON DELETE CASCADE). The
 * new tables are filled first, the old ones dropped child first, then the new ones renamed
 * (a rename rewrites wall_tiles' reference to walls_new into walls).
 */
export const migration: Migration = {
  version: 630,
  name: 'wall-layouts',
  up(db) {
    db.exec(`
      CREATE TABLE walls_new (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        layout TEXT NOT NULL
          CHECK (layout IN ('1x1', '2x2', '3x3', '4x4', '5x5', '6x6', 'custom')),
        columns INTEGER NOT NULL CHECK (columns BETWEEN 1 AND 6),
        updated_at TEXT NOT NULL,
        opened_at TEXT NOT NULL
      ) STRICT;
      INSERT INTO walls_new (id, name, layout, columns, updated_at, opened_at)
        SELECT id, name, layout, columns, updated_at, opened_at FROM walls;

      CREATE TABLE wall_tiles_new (
        wall_id INTEGER NOT NULL REFERENCES walls_new (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        camera_id TEXT NOT NULL,
        camera TEXT NOT NULL,
        col_span INTEGER NOT NULL CHECK (col_span BETWEEN 1 AND 4),
        row_span INTEGER NOT NULL CHECK (row_span BETWEEN 1 AND 4),
        PRIMARY KEY (wall_id, position)
      ) STRICT;
      INSERT INTO wall_tiles_new (wall_id, position, camera_id, camera, col_span, row_span)
        SELECT wall_id, position, camera_id, camera, col_span, row_span FROM wall_tiles;

      DROP TABLE wall_tiles;
      DROP TABLE walls;
      ALTER TABLE walls_new RENAME TO walls;
      ALTER TABLE wall_tiles_new RENAME TO wall_tiles;
      CREATE INDEX walls_opened ON walls (opened_at);
    `);
  },
};
