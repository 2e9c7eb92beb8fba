/**
 * Routes saved by name (table of migration 0600), kept apart per service as watched areas are:
 * a route drawn against the demo world is not one of a real service's. Only the main process
 * writes them.
 */
import type { LonLat } from '../../shared/geo.ts';
import type { SavedRoute } from '../../shared/ipc/routes.ts';
import { routeLengthMeters } from '../../shared/route.ts';
import type { Db } from '../db/database.ts';

interface RouteRow {
  id: number;
  name: string;
  line: string;
  buffer_km: number;
  updated_at: string;
}

export interface RouteInput {
  id?: number;
  name: string;
  line: LonLat[];
  bufferKm: number;
}

export class RouteStore {
  #db: Db;
  #service: string;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  list(): SavedRoute[] {
    const rows = this.#db
      .prepare(
        'SELECT id, name, line, buffer_km, updated_at FROM routes WHERE service = ? ORDER BY name COLLATE NOCASE, id',
      )
      .all(this.#service) as RouteRow[];
    return rows.map(toRoute);
  }

  get(key: { id: number } | { name: string }): SavedRoute | null {
    const row = (
      'id' in key
        ? this.#db
            .prepare('SELECT * FROM routes WHERE service = ? AND id = ?')
            .get(this.#service, key.id)
        : this.#db
            .prepare('SELECT * FROM routes WHERE service = ? AND name = ?')
            .get(this.#service, key.name)
    ) as RouteRow | undefined;
    return row ? toRoute(row) : null;
  }

  /** Saves by id, else by name (made or replaced); refuses a name another route holds. */
  save(input: RouteInput): SavedRoute {
    return this.#db.transaction(() => {
      const named = this.get({ name: input.name });
      const id = input.id ?? named?.id;
      if (input.id !== undefined && !this.get({ id: input.id })) {
        throw new Error(
          `No saved route has the id ${input.id}: it may have been removed. Save it again.`,
        );
      }
      if (named && id !== undefined && named.id !== id) {
        throw new Error(
          `A route named "${input.name}" already exists: choose another name, or remove that one first.`,
        );
      }
      const values = [JSON.stringify(input.line), input.bufferKm, new Date().toISOString()];
      if (id === undefined) {
        const made = this.#db
          .prepare(
            'INSERT INTO routes (service, name, line, buffer_km, updated_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(this.#service, input.name, ...values);
        return this.get({ id: Number(made.lastInsertRowid) })!;
      }
      this.#db
        .prepare(
          'UPDATE routes SET name = ?, line = ?, buffer_km = ?, updated_at = ? WHERE id = ? AND service = ?',
        )
        .run(input.name, ...values, id, this.#service);
      return this.get({ id })!;
    })();
  }

  remove(key: { id: number } | { name: string }): boolean {
    const route = this.get(key);
    if (!route) return false;
    return this.#db.prepare('DELETE FROM routes WHERE id = ?').run(route.id).changes > 0;
  }
}

function toRoute(row: RouteRow): SavedRoute {
  const line = JSON.parse(row.line) as LonLat[];
  return {
    id: row.id,
    name: row.name,
    line,
    bufferKm: row.buffer_km,
    lengthKm: routeLengthMeters(line) / 1000,
    updatedAt: row.updated_at,
  };
}
