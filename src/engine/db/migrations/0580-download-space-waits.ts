import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * A batch paused because its disk has no room remembers how many bytes must be free before it
 * goes on by itself, across restarts of the app (NULL: not waiting for room; a batch the user
 * paused never resumes on its own).
 */
export const migration: Migration = {
  version: 580,
  name: 'download-space-waits',
  up(db) {
    db.exec(
      'ALTER TABLE download_batches ADD COLUMN space_needed INTEGER CHECK (space_needed >= 0)',
    );
  },
};
