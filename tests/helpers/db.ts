import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import { migrate } from '../../src/sqlite/migrate.ts';
import { migrations } from '../../src/engine/db/migrations/index.ts';

/**
 * Fresh in-memory databases, with every migration applied unless `migrated: false`, closed
 * after each test. Call at the top of a test file; it returns the function that makes one.
 */
export function freshDatabases(): (options?: { migrated?: boolean }) => Database.Database {
  const dbs: Database.Database[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });
  return ({ migrated = true } = {}) => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    if (migrated) migrate(db, migrations);
    dbs.push(db);
    return db;
  };
}
