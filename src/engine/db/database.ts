import { existsSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrate, NewerDatabaseError } from '../../sqlite/migrate.ts';
import { migrations } from './migrations/index.ts';

export type Db = Database.Database;

/**
 * Opens the app's SQLite database (WAL, migrated). A file that SQLite cannot read is set aside
 * as `<name>.corrupt-<time>` and a fresh database is built in its place: the cache can be
 * rebuilt, and starting is worth more than a broken cache.
 */
export function openDatabase(file: string, log: (line: string) => void = () => {}): Db {
  try {
    return openAndMigrate(file);
  } catch (error) {
    if (error instanceof NewerDatabaseError || !isCorruption(error) || file === ':memory:')
      throw error;
    const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    }
    log(
      `database ${file} was unreadable (${(error as Error).message}); moved it to ${aside} and started a new one`,
    );
    return openAndMigrate(file);
  }
}

function openAndMigrate(file: string): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw Object.assign(new Error(`integrity check: ${String(check)}`), {
        code: 'SQLITE_CORRUPT',
      });
    migrate(db, migrations, { database: 'app' });
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}
