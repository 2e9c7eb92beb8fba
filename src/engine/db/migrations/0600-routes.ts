import type { Migration } from '../../../sqlite/migrate.ts';

export const migration: Migration = {
  version: 600,
  name: 'routes',
  up(db) {
    db.exec(`
      CREATE TABLE routes (
        id INTEGER PRIMARY KEY,
        service TEXT NOT NULL,
        name TEXT NOT NULL,
        -- JSON: [[lon, lat], ...], the route's line in driving order
        line TEXT NOT NULL,
        buffer_km REAL NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (service, name)
      ) STRICT;
    `);
  },
};
