import type { Migration } from '../../../sqlite/migrate.ts';

export const migration: Migration = {
  version: 500,
  name: 'watched-areas',
  up(db) {
    db.exec(`
      CREATE TABLE watched_areas (
        id INTEGER PRIMARY KEY,
        service TEXT NOT NULL,
        name TEXT NOT NULL,
        -- JSON: {"polygon": [[lon, lat], ...]} or {"route": [[lon, lat], ...], "radiusKm": n}
        area TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX watched_areas_service ON watched_areas (service);
      -- Alerts already announced for an area, so that each one notifies once.
      CREATE TABLE watched_alerts_seen (
        area_id INTEGER NOT NULL REFERENCES watched_areas (id) ON DELETE CASCADE,
        alert_id TEXT NOT NULL,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (area_id, alert_id)
      ) STRICT;
    `);
  },
};
