import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * The first downloads table (0050) was replaced by the download engine's queue (0300), whose
 * states it could not hold; nothing reads it any more.
 */
export const migration: Migration = {
  version: 510,
  name: 'drop-legacy-downloads',
  up(db) {
    db.exec('DROP TABLE IF EXISTS downloads;');
  },
};
