import { closeSync, existsSync, fsyncSync, linkSync, openSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrate, NewerDatabaseError } from '../../sqlite/migrate.ts';
import { migrations } from './migrations/index.ts';

export type Db = Database.Database;

/**
 * The page cache's bound, in KiB (negative: SQLite's unit for a size rather than a page count):
 * SQLite's own default. better-sqlite3 builds SQLite with 16 MB, which a long download queue
 * fills page by page (a batch of 50,000 items is 11 MB of table and indexes): 13 MB more
 * resident at 50,000 than at 10,000, measured. The operating system still caches the file.
 */
const PAGE_CACHE_KIB = -2000;

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
  if (file !== ':memory:') createIfAbsent(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = ${PAGE_CACHE_KIB}`);
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

/**
 * A data folder's first start builds its database aside and puts it in place whole: the 25
 * migrations in a file of its own without journal or syncs, switched to WAL, synced once, then
 * linked under its name. Built in place, the same work wrote it through WAL with a sync at the
 * switch and a checkpoint of every page at the first close: 50 to 100 ms of a first command
 * (docs/history/benchmarks-2026-11-30.md, "The start, again"). A crash leaves at most a stray
 * `.new-<pid>` file, never a half-made database; `link` refuses a name taken meanwhile (another
 * Roadcam's first start, whose database is then opened as it is). Each open still checks it and
 * runs what migrations it lacks, as for any database.
 */
function createIfAbsent(file: string): void {
  if (['', '-wal', '-shm'].some((suffix) => existsSync(file + suffix))) return;
  const aside = `${file}.new-${process.pid}`;
  try {
    const db = new Database(aside);
    try {
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      migrate(db, migrations, { database: 'app' });
      db.pragma('journal_mode = WAL');
    } finally {
      db.close();
    }
    const fd = openSync(aside, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(aside, file);
  } catch {
    // The name taken meanwhile (EEXIST), or a file system without hard links (FAT): the
    // database there, or the one built in place as before, is what opens next.
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(aside + suffix, { force: true });
  }
}

function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}
