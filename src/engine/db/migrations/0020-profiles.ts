import type { Migration } from '../../../sqlite/migrate.ts';

/** Service accounts. No secrets here: the client secret and the token are in the keychain. */
export const migration: Migration = {
  version: 20,
  name: 'profiles',
  up(db) {
    db.exec(`
      CREATE TABLE profiles (
        name TEXT PRIMARY KEY,
        base_url TEXT NOT NULL,
        client_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
