import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * A download's reason (why an item failed or waits, why a batch stopped) and a batch's label
 * are kept as what they mean, `{ code, params }` as JSON, beside their English, so each front
 * end says them in its user's language. Rows from before keep their English and NULL here:
 * they are shown as they were written.
 */
export const migration: Migration = {
  version: 640,
  name: 'download-words',
  up(db) {
    db.exec(`
      ALTER TABLE download_items ADD COLUMN message_said TEXT;
      ALTER TABLE download_batches ADD COLUMN message_said TEXT;
      ALTER TABLE download_batches ADD COLUMN label_said TEXT;
    `);
  },
};
