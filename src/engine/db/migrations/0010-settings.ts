import type { Migration } from '../../../sqlite/migrate.ts';

export const migration: Migration = {
  version: 10,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `);
  },
};
