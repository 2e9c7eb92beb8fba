/**
 * The prefix of a service's collection image operations (api/collections.ts), remembered
 * across restarts so that it is found out once per service: a row of the settings table keyed
 * by the service ("demo" or the base URL), as the other per-service memories are. The
 * settings store reads only the keys of its schema, so this row never becomes a setting.
 */
import type { ImagesPrefix, PrefixMemory } from '../api/collections.ts';
import type { Db } from '../db/database.ts';

const KEY = 'learned.collectionImagesPrefix';

export class StoredPrefix implements PrefixMemory {
  readonly #db: Db;
  readonly #key: string;
  #value: ImagesPrefix | undefined;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#key = `${KEY} ${service}`;
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(this.#key);
    this.#value = parse(row);
  }

  get(): ImagesPrefix | undefined {
    return this.#value;
  }

  set(prefix: ImagesPrefix): void {
    this.#value = prefix;
    // A call finishing while the core closes still counts for this run.
    if (!this.#db.open) return;
    this.#db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(this.#key, JSON.stringify(prefix));
  }
}

/** A stored value this version does not know reads as nothing learned. */
function parse(row: unknown): ImagesPrefix | undefined {
  if (typeof row !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(row);
    return value === '/v1' || value === '' ? value : undefined;
  } catch {
    return undefined;
  }
}
