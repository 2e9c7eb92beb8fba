import type Database from 'better-sqlite3';

export interface Migration {
  /** Numbered like the file (0010-name -> 10); strictly increasing. */
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export class NewerDatabaseError extends Error {
  constructor(found: number, known: number) {
    super(
      `This database was written by a newer version of Roadcam (schema ${found}, this version knows ${known}). ` +
        'Update Roadcam, or point ROADCAM_DATA_DIR at another folder.',
    );
    this.name = 'NewerDatabaseError';
  }
}

/**
 * Applies the pending migrations in one transaction and records the last version in
 * `user_version`, so a crash mid-way leaves the database as it was.
 */
export function migrate(db: Database.Database, list: readonly Migration[]): number {
  checkOrder(list);
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = list.at(-1)?.version ?? 0;
  if (current > latest) throw new NewerDatabaseError(current, latest);
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
      throw new Error(`Migration ${m.name} has an invalid version ${m.version}.`);
    }
    const previous = list[i - 1];
    if (previous && previous.version >= m.version) {
      throw new Error(
        `Migrations out of order: ${previous.name} (${previous.version}) before ${m.name} (${m.version}).`,
      );
    }
  });
}
