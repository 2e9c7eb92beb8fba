import type { Migration } from '../../../sqlite/migrate.ts';

/** Favourite cameras, per service (an account's camera ids mean nothing to another service). */
export const migration: Migration = {
  version: 100,
  name: 'favourites',
  up(db) {
    db.exec(`
      CREATE TABLE favourite_cameras (
        service TEXT NOT NULL,
        camera_id TEXT NOT NULL,
        name TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (service, camera_id)
      ) STRICT;
    `);
  },
};
