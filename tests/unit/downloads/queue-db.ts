/** A download queue on a fresh in-memory database, for the store's and the plan's tests. */
import Database from 'better-sqlite3';
import { migrate } from '../../../src/main/db/migrate.ts';
import { migrations } from '../../../src/main/db/migrations/index.ts';

export function freshDb() {
  const db = new Database(':memory:');
  migrate(db, migrations);
  return db;
}

/** A batch of service 's' (its items named by recording id and format). */
export const batch = {
  service: 's',
  label: 'b',
  folder: '/tmp/x',
  template: '{recording_id}.{format}',
  existing: 'rename' as const,
};
