import type { Migration } from '../../../sqlite/migrate.ts';

/**
 * Why a condition watch's last check failed is kept as what it means, `{ code, params }` as
 * JSON, beside its English, so each front end says it in its user's language. Rows from before
 * keep their English and NULL here: they are shown as they were written.
 */
export const migration: Migration = {
  version: 650,
  name: 'condition-words',
  up(db) {
    db.exec('ALTER TABLE condition_watches ADD COLUMN problem_said TEXT;');
  },
};
