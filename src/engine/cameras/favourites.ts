/**
 * Favourite cameras, kept in SQLite per service. The Map view adds and removes them; the Wall
 * view reads them through the same favourites.* channels.
 */
import type { Favourite } from '../../shared/ipc/cameras.ts';
import type { Db } from '../db/database.ts';

/** More than anyone would pin; keeps a runaway caller from growing the table without end. */
export const FAVOURITES_MAX = 1000;

export class FavouritesStore {
  #db: Db;
  #service: string;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  /** Oldest first: the order the user added them in. */
  list(): Favourite[] {
    return this.#db
      .prepare(
        `SELECT camera_id AS cameraId, name, added_at AS addedAt FROM favourite_cameras
         WHERE service = ? ORDER BY added_at, camera_id`,
      )
      .all(this.#service) as Favourite[];
  }

  has(cameraId: string): boolean {
    return (
      this.#db
        .prepare('SELECT 1 FROM favourite_cameras WHERE service = ? AND camera_id = ?')
        .get(this.#service, cameraId) !== undefined
    );
  }

  /** Adding a camera twice keeps its first date and takes the new name. */
  add(cameraId: string, name: string, now = new Date()): Favourite[] {
    this.#db.transaction(() => {
      const count = this.#db
        .prepare('SELECT count(*) FROM favourite_cameras WHERE service = ?')
        .pluck()
        .get(this.#service) as number;
      if (count >= FAVOURITES_MAX && !this.has(cameraId)) {
        throw new Error(
          `You already have ${FAVOURITES_MAX} favourite cameras. Remove some before adding more.`,
        );
      }
      this.#db
        .prepare(
          `INSERT INTO favourite_cameras (service, camera_id, name, added_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (service, camera_id) DO UPDATE SET name = excluded.name`,
        )
        .run(this.#service, cameraId, name, now.toISOString());
    })();
    return this.list();
  }

  remove(cameraId: string): Favourite[] {
    this.#db
      .prepare('DELETE FROM favourite_cameras WHERE service = ? AND camera_id = ?')
      .run(this.#service, cameraId);
    return this.list();
  }
}
