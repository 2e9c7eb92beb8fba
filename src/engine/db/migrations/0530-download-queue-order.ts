import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * The scheduler asks for the next queued items in queue order (batch, then item) after every
 * transfer: an index in that order lets SQLite read the first few instead of sorting every
 * queued item each time, which grew with the square of a batch's size.
 */
export const migration: Migration = {
  version: 530,
  name: 'download-queue-order',
  up(db) {
    db.exec('CREATE INDEX download_items_queue ON download_items (state, batch_id, id)');
  },
};
