/**
 * The one migration runner of the app's database (src/engine/db) and the service's
 * (src/service/store): plain Node over better-sqlite3, so both may import it without the
 * service depending on the main process.
 */
import type Database from 'better-sqlite3';
import { english } from '../shared/i18n/english.ts';
import { said, type Said } from '../shared/i18n/translator.ts';

export interface Migration {
  /** Numbered like the file (0010-name -> 10); strictly increasing. */
  version: number;
  name: string;
  /**
   * Frozen: a migration never imports live code, whose later edits would make an
   * already-migrated database differ from a new one.
   */
  up(db: Database.Database): void;
}

/**
 * Whose database it is, which a refusal names with what the user can do about it: the app's
 * (its data folder is ROADCAM_DATA_DIR) or the embedded service's.
 */
export interface MigrateOptions {
  database?: 'app' | 'service';
}

/** A database a newer Roadcam wrote: `said` for the user's language, `message` in English. */
export class NewerDatabaseError extends Error {
  readonly said: Said;

  constructor(found: number, known: number, options: MigrateOptions = {}) {
    const words = said('db.newer', { database: options.database ?? 'other', found, known });
    super(english.say(words));
    this.name = 'NewerDatabaseError';
    this.said = words;
  }
}

/** A migration whose whole work is one frozen SQL script. */
export function sqlMigration(version: number, name: string, sql: string): Migration {
  return { version, name, up: (db) => db.exec(sql) };
}

/**
 * Applies the pending migrations in one transaction and records the last version in
 * `user_version`, so a crash mid-way leaves the database as it was. Returns the version the
 * database is at.
 */
export function migrate(
  db: Database.Database,
  list: readonly Migration[],
  options: MigrateOptions = {},
): number {
  checkOrder(list);
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = list.at(-1)?.version ?? 0;
  if (current > latest) throw new NewerDatabaseError(current, latest, options);
  const pending = list.filter((m) => m.version > current);
  if (pending.length === 0) return current;
  db.transaction(() => {
    for (const m of pending) m.up(db);
    db.pragma(`user_version = ${latest}`);
  })();
  return latest;
}

function checkOrder(list: readonly Migration[]): void {
  list.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version <= 0) {
      throw new Error(
        `Migration ${m.name} has an invalid version ${m.version}: number it like its file (0010-name is 10).`,
      );
    }
    const previous = list[i - 1];
    if (previous && previous.version >= m.version) {
      throw new Error(
        `Migrations out of order: ${previous.name} (${previous.version}) before ${m.name} (${m.version}). List them by increasing version.`,
      );
    }
  });
}
