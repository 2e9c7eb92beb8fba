import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Why a kept (offline) collection's last sync failed is kept as what it means, `{ code, params }`
 * as JSON, beside its English, so each front end says it in its user's language. Rows from before
 * keep their English and NULL here: they are shown as they were written.
 */
export const migration: Migration = {
  version: 660,
  name: 'kept-collection-words',
  up(db) {
    db.exec('ALTER TABLE kept_collections ADD COLUMN message_said TEXT;');
  },
};
