/**
 * Search results kept for offline reading, keyed by service and normalised parameters, with
 * the time they were fetched (the UI shows it: "as of 10:42").
 */
import type { Db } from '../db/database.ts';
import { normaliseSearch, normaliseSearchAll, type CacheKind } from './params.ts';

export interface CachedSearch<F> {
  features: F[];
  total: number;
  /** The rest of the answer (aggs, bbox, ...), as the service sent it. */
  envelope: Record<string, unknown>;
  /** ISO 8601 UTC. */
  fetchedAt: string;
}

export interface SearchAnswer<F> {
  features: readonly F[];
  properties?: { total: number };
}

/** How many searches are kept; the least recently used beyond it are dropped. */
export const DEFAULT_SEARCH_LIMIT = 5000;

export class SearchCache {
  #db: Db;
  #service: string;

  /** `service` separates accounts: "demo", or the remote base URL. */
  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  /** Stores one page of a search, replacing any earlier answer to the same parameters. */
  put<F>(kind: CacheKind, params: object, answer: SearchAnswer<F>, fetchedAt?: Date): void {
    const { features, ...envelope } = answer;
    const total = answer.properties?.total ?? features.length;
    this.#store(kind, normaliseSearch(kind, params), features, total, envelope, fetchedAt);
  }

  /** Stores a complete result (searchAll) under its own key. */
  putAll<F>(kind: CacheKind, params: object, features: readonly F[], fetchedAt?: Date): void {
    const key = normaliseSearchAll(kind, params);
    this.#store(kind, key, features, features.length, {}, fetchedAt);
  }

  get<F>(kind: CacheKind, params: object): CachedSearch<F> | null {
    return this.#read<F>(normaliseSearch(kind, params));
  }

  getAll<F>(kind: CacheKind, params: object): CachedSearch<F> | null {
    return this.#read<F>(normaliseSearchAll(kind, params));
  }

  /** How many searches are kept (all accounts). */
  count(): number {
    return this.#db.prepare('SELECT count(*) FROM cached_searches').pluck().get() as number;
  }

  /** Drops the least recently used searches beyond `keep`; 0 clears them all. */
  prune(keep = DEFAULT_SEARCH_LIMIT): number {
    return this.#db
      .prepare(
        `DELETE FROM cached_searches WHERE id IN (
           SELECT id FROM cached_searches ORDER BY used_at DESC LIMIT -1 OFFSET ?)`,
      )
      .run(keep).changes;
  }

  #store(
    kind: CacheKind,
    key: string,
    features: readonly unknown[],
    total: number,
    envelope: object,
    fetchedAt = new Date(),
  ): void {
    const at = fetchedAt.toISOString();
    const insertFeature = this.#db.prepare(
      'INSERT INTO cached_features (search_id, position, feature) VALUES (?, ?, ?)',
    );
    this.#db.transaction(() => {
      const { id } = this.#db
        .prepare(
          `INSERT INTO cached_searches (service, kind, key, total, envelope, fetched_at, used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (service, key) DO UPDATE SET total = excluded.total,
             envelope = excluded.envelope, fetched_at = excluded.fetched_at,
             used_at = excluded.used_at
           RETURNING id`,
        )
        .get(this.#service, kind, key, total, JSON.stringify(envelope), at, at) as { id: number };
      this.#db.prepare('DELETE FROM cached_features WHERE search_id = ?').run(id);
      features.forEach((f, i) => insertFeature.run(id, i, JSON.stringify(f)));
    })();
  }

  #read<F>(key: string): CachedSearch<F> | null {
    const row = this.#db
      .prepare(
        'SELECT id, total, envelope, fetched_at FROM cached_searches WHERE service = ? AND key = ?',
      )
      .get(this.#service, key) as
      { id: number; total: number; envelope: string; fetched_at: string } | undefined;
    if (!row) return null;
    const rows = this.#db
      .prepare('SELECT feature FROM cached_features WHERE search_id = ? ORDER BY position')
      .pluck()
      .all(row.id) as string[];
    this.#db
      .prepare('UPDATE cached_searches SET used_at = ? WHERE id = ?')
      .run(new Date().toISOString(), row.id);
    return {
      features: rows.map((text) => JSON.parse(text) as F),
      total: row.total,
      envelope: JSON.parse(row.envelope) as Record<string, unknown>,
      fetchedAt: row.fetched_at,
    };
  }
}
