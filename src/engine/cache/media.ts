/**
 * Media files (camera images, previews, archived frames) cached on disk under
 * <dataDir>/media, indexed in SQLite, and kept under a size cap by evicting the least
 * recently used. Files are streamed in: nothing holds a whole file in memory.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { Db } from '../db/database.ts';

export interface MediaEntry {
  key: string;
  /** Absolute path of the cached file. */
  path: string;
  contentType: string | null;
  size: number;
}

interface MediaRow {
  key: string;
  file: string;
  content_type: string | null;
  size: number;
}

export class MediaCache {
  #db: Db;
  #dir: string;
  #capBytes: () => number;
  #lastUse = 0;

  /** `capBytes` is read at each write, so a changed setting applies at once. */
  constructor(db: Db, dir: string, capBytes: () => number) {
    this.#db = db;
    this.#dir = dir;
    this.#capBytes = capBytes;
    mkdirSync(dir, { recursive: true });
  }

  /** The cached file for a key (and marks it used), or null. A file gone from disk is forgotten. */
  get(key: string): MediaEntry | null {
    const row = this.#db.prepare('SELECT * FROM media_cache WHERE key = ?').get(key) as
      MediaRow | undefined;
    if (!row) return null;
    const path = join(this.#dir, row.file);
    if (!existsSync(path)) {
      this.#db.prepare('DELETE FROM media_cache WHERE key = ?').run(key);
      return null;
    }
    this.#db.prepare('UPDATE media_cache SET used_at = ? WHERE key = ?').run(this.#tick(), key);
    return { key, path, contentType: row.content_type, size: row.size };
  }

  /** Streams a body into the cache under `key`, then evicts down to the cap. */
  async put(
    key: string,
    body: Readable | ReadableStream<Uint8Array>,
    contentType: string | null,
  ): Promise<MediaEntry> {
    const file = fileFor(key);
    const path = join(this.#dir, file);
    mkdirSync(join(this.#dir, file.slice(0, 2)), { recursive: true });
    const partial = `${path}.part-${process.pid}`;
    const source = body instanceof Readable ? body : Readable.fromWeb(body as NodeWebStream);
    try {
      await pipeline(source, createWriteStream(partial));
      renameSync(partial, path);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    const size = statSync(path).size;
    this.#db
      .prepare(
        `INSERT INTO media_cache (key, file, content_type, size, created_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET content_type = excluded.content_type,
           size = excluded.size, used_at = excluded.used_at`,
      )
      .run(key, file, contentType, size, new Date().toISOString(), this.#tick());
    this.evict();
    return { key, path, contentType, size };
  }

  totalBytes(): number {
    return (
      (this.#db
        .prepare('SELECT coalesce(sum(size), 0) FROM media_cache')
        .pluck()
        .get() as number) ?? 0
    );
  }

  /** Removes least recently used files until the total is within the cap; returns how many. */
  evict(): number {
    return this.evictTo(this.#capBytes());
  }

  /** Files in the cache; "clear cache" is `evictTo(0)`. */
  count(): number {
    return this.#db.prepare('SELECT count(*) FROM media_cache').pluck().get() as number;
  }

  /** Removes least recently used files until the total is at most `cap` bytes. */
  evictTo(cap: number): number {
    let total = this.totalBytes();
    if (total <= cap) return 0;
    const oldest = this.#db
      .prepare('SELECT key, file, size FROM media_cache ORDER BY used_at')
      .iterate() as IterableIterator<Pick<MediaRow, 'key' | 'file' | 'size'>>;
    const gone: Pick<MediaRow, 'key' | 'file'>[] = [];
    for (const row of oldest) {
      if (total <= cap) break;
      gone.push(row);
      total -= row.size;
    }
    const remove = this.#db.prepare('DELETE FROM media_cache WHERE key = ?');
    this.#db.transaction(() => gone.forEach((row) => remove.run(row.key)))();
    for (const row of gone) rmSync(join(this.#dir, row.file), { force: true });
    return gone.length;
  }

  /** Strictly increasing use stamps: two uses in the same millisecond keep their order. */
  #tick(): number {
    this.#lastUse = Math.max(Date.now(), this.#lastUse + 1);
    return this.#lastUse;
  }
}

/** A file name from the key's hash, spread over 256 folders. */
function fileFor(key: string): string {
  const hash = createHash('sha256').update(key).digest('hex');
  return join(hash.slice(0, 2), hash.slice(2, 40));
}

/** The cap in bytes from the cacheSizeMB setting. */
export function megabytes(mb: number): number {
  return mb * 1024 * 1024;
}
