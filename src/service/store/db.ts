/**
 * Opens the service's SQLite database: pragmas, numbered migrations, SQL functions, and a
 * cache of prepared statements for the dynamic search queries.
 */
import Database from 'better-sqlite3';
import { haversineMeters } from '../../shared/geo.ts';
import { migrate } from '../../sqlite/migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type StoreDb = Database.Database;
export type Statement = Database.Statement;

export function openStoreDatabase(file: string): StoreDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  db.pragma('mmap_size = 268435456');
  migrate(db, MIGRATIONS, { database: 'service' });
  db.function('distance_m', { deterministic: true }, (lon1, lat1, lon2, lat2) =>
    haversineMeters([lon1 as number, lat1 as number], [lon2 as number, lat2 as number]),
  );
  return db;
}

/**
 * The changes `StatementCache.scratch` made on each connection (TEMP tables no answer depends
 * on), which dataVersion leaves out: kept by connection, so that every cache of it agrees.
 */
const scratchChanges = new WeakMap<StoreDb, number>();

/** Prepared statements for generated SQL, keyed by the SQL text. */
export class StatementCache {
  readonly #db: StoreDb;
  readonly #cache = new Map<string, Statement>();

  constructor(db: StoreDb) {
    this.#db = db;
  }

  /** The connection: what lives as long as it does (TEMP tables) is kept by it, not by a cache. */
  get connection(): StoreDb {
    return this.#db;
  }

  get(sql: string): Statement {
    let st = this.#cache.get(sql);
    if (!st) {
      st = this.#db.prepare(sql);
      if (this.#cache.size > 2000) this.#cache.clear();
      this.#cache.set(sql, st);
    }
    return st;
  }

  /**
   * Changes whenever the data may have changed: data_version moves on commits of other
   * connections, total_changes() on this connection's own writes (even uncommitted ones).
   */
  dataVersion(): string {
    const v = this.get('SELECT total_changes() AS own').get() as { own: number };
    const own = v.own - (scratchChanges.get(this.#db) ?? 0);
    return `${this.#db.pragma('data_version', { simple: true }) as number}:${own}`;
  }

  /**
   * Runs `write`, which writes TEMP tables only (a search's scratch, text-sets.ts): its changes
   * are not data changes (dataVersion leaves them out), and it runs on a search worker's
   * `query_only` connection too (query_only refuses TEMP writes as well; they are allowed for
   * the call and refused again after it).
   */
  scratch<T>(write: () => T): T {
    const db = this.#db;
    const total = () => this.get('SELECT total_changes()').pluck().get() as number;
    const before = total();
    const queryOnly = db.pragma('query_only', { simple: true }) === 1;
    if (queryOnly) db.pragma('query_only = OFF');
    try {
      return write();
    } finally {
      if (queryOnly) db.pragma('query_only = ON');
      scratchChanges.set(db, (scratchChanges.get(db) ?? 0) + total() - before);
    }
  }
}

export function getMeta(db: StoreDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: StoreDb, key: string, value: string | number): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, String(value));
}
