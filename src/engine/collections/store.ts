/**
 * Which collections are kept offline, and the state of each image's file on disk (tables of
 * migration 0400). The collection fields and the image names in service order live in 0060's
 * OfflineCollections; this module knows the files.
 */
import type { ImageSource, OfflineState, OfflineStatus } from '../../shared/ipc/collections.ts';
import type { Db } from '../db/database.ts';
import { englishOf, saidFrom, saidText, type DownloadWords } from '../downloads/reasons.ts';

export interface KeptImage {
  name: string;
  /** File name inside the collection's folder. */
  file: string;
  /** Expected size once the service told it, else null. */
  size: number | null;
  etag: string | null;
  contentType: string | null;
  done: boolean;
  /** The file's name before image files were hashed, until a sync moves it (migration 0590). */
  movedFrom: string | null;
}

interface KeptRow {
  id: string;
  state: OfflineState;
  synced_at: string | null;
  message: string | null;
  /** What `message` means, as JSON of a Said (migration 0660); null in rows from before. */
  message_said: string | null;
}

interface ImageRow {
  name: string;
  file: string;
  size: number | null;
  etag: string | null;
  content_type: string | null;
  done: number;
  moved_from: string | null;
}

export class KeptStore {
  readonly #db: Db;
  readonly #service: string;

  constructor(db: Db, service: string) {
    this.#db = db;
    this.#service = service;
  }

  keep(id: string, at = new Date()): void {
    this.#db
      .prepare(
        `INSERT INTO kept_collections (service, id, kept_at, state) VALUES (?, ?, ?, 'pending')
         ON CONFLICT (service, id) DO NOTHING`,
      )
      .run(this.#service, id, at.toISOString());
  }

  /** Forgets a kept collection and its image rows; returns the files that were on disk. */
  release(id: string): KeptImage[] {
    return this.#db.transaction(() => {
      const images = this.images(id);
      this.#db
        .prepare('DELETE FROM kept_collections WHERE service = ? AND id = ?')
        .run(this.#service, id);
      return images;
    })();
  }

  isKept(id: string): boolean {
    return (
      this.#db
        .prepare('SELECT 1 FROM kept_collections WHERE service = ? AND id = ?')
        .get(this.#service, id) !== undefined
    );
  }

  keptIds(): string[] {
    return this.#db
      .prepare('SELECT id FROM kept_collections WHERE service = ? ORDER BY kept_at, id')
      .pluck()
      .all(this.#service) as string[];
  }

  /** `message`: what it means (kept beside its English), or English text alone. */
  setState(id: string, state: OfflineState, message: DownloadWords | null = null, at?: Date): void {
    const english = message === null ? null : englishOf(message);
    const meaning = message === null || typeof message === 'string' ? null : saidText(message);
    this.#db
      .prepare(
        `UPDATE kept_collections SET state = ?, message = ?, message_said = ?,
           synced_at = coalesce(?, synced_at)
         WHERE service = ? AND id = ?`,
      )
      .run(state, english, meaning, at ? at.toISOString() : null, this.#service, id);
  }

  images(id: string): KeptImage[] {
    const rows = this.#db
      .prepare('SELECT * FROM kept_images WHERE service = ? AND collection_id = ? ORDER BY name')
      .all(this.#service, id) as ImageRow[];
    return rows.map(toImage);
  }

  image(id: string, name: string): KeptImage | undefined {
    const row = this.#db
      .prepare('SELECT * FROM kept_images WHERE service = ? AND collection_id = ? AND name = ?')
      .get(this.#service, id, name) as ImageRow | undefined;
    return row ? toImage(row) : undefined;
  }

  /**
   * Brings the rows in line with the service's names: rows of names gone are deleted (their
   * files are returned for removal), new names get a pending row. One transaction.
   */
  reconcile(
    id: string,
    names: readonly string[],
    fileFor: (name: string) => string,
  ): { removed: KeptImage[]; added: number } {
    return this.#db.transaction(() => {
      const wanted = new Set(names);
      const current = this.images(id);
      const removed = current.filter((image) => !wanted.has(image.name));
      const remove = this.#db.prepare(
        'DELETE FROM kept_images WHERE service = ? AND collection_id = ? AND name = ?',
      );
      for (const image of removed) remove.run(this.#service, id, image.name);
      const have = new Set(current.map((image) => image.name));
      const insert = this.#db.prepare(
        'INSERT INTO kept_images (service, collection_id, name, file) VALUES (?, ?, ?, ?)',
      );
      let added = 0;
      for (const name of names) {
        if (have.has(name)) continue;
        insert.run(this.#service, id, name, fileFor(name));
        have.add(name);
        added++;
      }
      return { removed, added };
    })();
  }

  /** What the service said about a file, kept before the body so that a resume can check it. */
  setHeaders(id: string, name: string, size: number, etag: string | null, type: string | null) {
    this.#db
      .prepare(
        `UPDATE kept_images SET size = ?, etag = ?, content_type = ?, done = 0
         WHERE service = ? AND collection_id = ? AND name = ?`,
      )
      .run(size, etag, type, this.#service, id, name);
  }

  markDone(id: string, name: string): void {
    this.#db
      .prepare(
        'UPDATE kept_images SET done = 1 WHERE service = ? AND collection_id = ? AND name = ?',
      )
      .run(this.#service, id, name);
  }

  /**
   * A file moved from its old name (or gone from it): forgets the old name; a file that was not
   * there is fetched again.
   */
  moved(id: string, name: string, found: boolean): void {
    this.#db
      .prepare(
        `UPDATE kept_images SET moved_from = NULL, done = CASE WHEN ? THEN done ELSE 0 END
         WHERE service = ? AND collection_id = ? AND name = ?`,
      )
      .run(found ? 1 : 0, this.#service, id, name);
  }

  status(id: string): OfflineStatus | null {
    const row = this.#db
      .prepare(
        `SELECT id, state, synced_at, message, message_said FROM kept_collections
         WHERE service = ? AND id = ?`,
      )
      .get(this.#service, id) as KeptRow | undefined;
    if (!row) return null;
    const counts = this.#db
      .prepare(
        `SELECT count(*) AS total, coalesce(sum(done), 0) AS done,
           coalesce(sum(CASE WHEN done = 1 THEN size END), 0) AS bytes
         FROM kept_images WHERE service = ? AND collection_id = ?`,
      )
      .get(this.#service, id) as { total: number; done: number; bytes: number };
    return {
      collectionId: id,
      state: row.state,
      done: counts.done,
      total: counts.total,
      bytes: counts.bytes,
      syncedAt: row.synced_at,
      message: row.message,
      messageSaid: saidFrom(row.message_said),
    };
  }

  recordSource(id: string, name: string, source: ImageSource, at = new Date()): void {
    this.#db
      .prepare(
        `INSERT INTO collection_image_sources (service, collection_id, name, source, added_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (service, collection_id, name) DO UPDATE SET source = excluded.source,
           added_at = excluded.added_at`,
      )
      .run(this.#service, id, name, JSON.stringify(source), at.toISOString());
  }

  sources(id: string, names: readonly string[]): Map<string, ImageSource> {
    const get = this.#db
      .prepare(
        'SELECT source FROM collection_image_sources WHERE service = ? AND collection_id = ? AND name = ?',
      )
      .pluck();
    const out = new Map<string, ImageSource>();
    for (const name of names) {
      const json = get.get(this.#service, id, name) as string | undefined;
      if (json) out.set(name, JSON.parse(json) as ImageSource);
    }
    return out;
  }

  forgetSources(id: string, name?: string): void {
    if (name === undefined) {
      this.#db
        .prepare('DELETE FROM collection_image_sources WHERE service = ? AND collection_id = ?')
        .run(this.#service, id);
    } else {
      this.#db
        .prepare(
          'DELETE FROM collection_image_sources WHERE service = ? AND collection_id = ? AND name = ?',
        )
        .run(this.#service, id, name);
    }
  }
}

function toImage(row: ImageRow): KeptImage {
  return {
    name: row.name,
    file: row.file,
    size: row.size,
    etag: row.etag,
    contentType: row.content_type,
    done: row.done === 1,
    movedFrom: row.moved_from,
  };
}
