import type { Migration } from '../../../sqlite/migrate.ts';

export const migration: Migration = {
  version: 610,
  name: 'condition-watches',
  up(db) {
    db.exec(`
      CREATE TABLE condition_watches (
        id INTEGER PRIMARY KEY,
        service TEXT NOT NULL,
        name TEXT NOT NULL,
        -- JSON: {"area": <watched area>} or {"cameraIds": ["...", ...]}
        target TEXT NOT NULL,
        -- JSON: the changes looked for, ["snow", "ponding", ...]
        changes TEXT NOT NULL,
        created_at TEXT NOT NULL,
        -- The service's time of the newest observation at the last check (its next time_min).
        checked_until TEXT,
        problem TEXT
      ) STRICT;
      CREATE INDEX condition_watches_service ON condition_watches (service);
      -- Each change of a camera a watch noticed, once: the observation that shows it is the key,
      -- so the same camera changing again later is a new row.
      CREATE TABLE condition_changes (
        id INTEGER PRIMARY KEY,
        watch_id INTEGER NOT NULL REFERENCES condition_watches (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        camera_id TEXT NOT NULL,
        place TEXT NOT NULL,
        observation_id TEXT NOT NULL,
        prev_id TEXT,
        time TEXT,
        before REAL NOT NULL,
        after REAL NOT NULL,
        noticed_at TEXT NOT NULL,
        announced INTEGER NOT NULL,
        UNIQUE (watch_id, observation_id, kind)
      ) STRICT;
    `);
  },
};
