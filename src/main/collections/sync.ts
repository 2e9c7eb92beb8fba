/**
 * CollectionSync: keeps the collections the user keeps offline in step with the service, which
 * is the source of truth. A sync reads every image name (marker paging), records the fields
 * and names in SQLite, deletes the files of images no longer there, and fetches the missing
 * ones (resumably, a few at a time). One sync per collection runs at a time; asking again
 * while one runs schedules one more afterwards, so a change made meanwhile is not missed.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { OfflineStatus } from '../../shared/ipc/collections.ts';
import type { ApiClient } from '../api/client.ts';
import { NetworkError, ServiceError } from '../api/errors.ts';
import type { OfflineCollections } from '../cache/collections.ts';
import type { Log } from '../log.ts';
import { collectionFolder, partOf, safeFileName } from './files.ts';
import { allImageNames } from './names.ts';
import type { KeptStore } from './store.ts';
import { fetchImage } from './transfer.ts';

export interface SyncOptions {
  client: ApiClient;
  kept: KeptStore;
  offline: OfflineCollections;
  service: string;
  dataDir: string;
  onStatus?: (status: OfflineStatus) => void;
  log?: Log;
  /** Images fetched at once; default 4. */
  concurrency?: number;
  /** A body silent this long is abandoned and resumed later; default 30 s. */
  stallMs?: number;
}

export interface SyncRun {
  signal?: AbortSignal;
  /** Network bytes of image bodies, for tests of resuming. */
  onBytes?: (bytes: number) => void;
}

export class CollectionSync {
  readonly #o: SyncOptions;
  readonly #running = new Map<
    string,
    { promise: Promise<OfflineStatus>; abort: AbortController }
  >();
  readonly #queued = new Map<string, Promise<OfflineStatus>>();
  readonly #closing = new AbortController();

  constructor(options: SyncOptions) {
    this.#o = options;
  }

  folder(id: string): string {
    return collectionFolder(this.#o.dataDir, this.#o.service, id);
  }

  /** The file of a kept image that is completely on disk, else null. */
  localFile(id: string, name: string): string | null {
    const image = this.#o.kept.image(id, name);
    if (!image?.done) return null;
    const path = join(this.folder(id), image.file);
    return existsSync(path) ? path : null;
  }

  status(id: string): OfflineStatus | null {
    return this.#o.kept.status(id);
  }

  /** Starts keeping a collection; resolves when its first sync ends. */
  keep(id: string, run: SyncRun = {}): Promise<OfflineStatus> {
    this.#o.kept.keep(id);
    this.#announce(id);
    return this.sync(id, run);
  }

  /** Stops keeping a collection: a running sync is stopped and its files are deleted. */
  async release(id: string): Promise<void> {
    const running = this.#running.get(id);
    if (running) {
      running.abort.abort(new Error('The collection is no longer kept offline.'));
      await running.promise.catch(() => undefined);
    }
    this.#o.kept.release(id);
    await rm(this.folder(id), { recursive: true, force: true });
  }

  sync(id: string, run: SyncRun = {}): Promise<OfflineStatus> {
    const running = this.#running.get(id);
    if (running) {
      // One more sync after the running one, shared by everyone who asks meanwhile.
      let queued = this.#queued.get(id);
      if (!queued) {
        queued = running.promise
          .catch(() => undefined)
          .then(() => {
            this.#queued.delete(id);
            if (!this.#o.kept.isKept(id))
              throw new Error(`Collection ${id} is no longer kept offline.`);
            return this.sync(id, run);
          });
        this.#queued.set(id, queued);
      }
      return queued;
    }
    const abort = new AbortController();
    const signal = AbortSignal.any([
      abort.signal,
      this.#closing.signal,
      ...(run.signal ? [run.signal] : []),
    ]);
    const promise = this.#run(id, signal, run.onBytes).finally(() => this.#running.delete(id));
    this.#running.set(id, { promise, abort });
    return promise;
  }

  /** Syncs every kept collection, one after another; failures are recorded, not thrown. */
  async syncAll(): Promise<void> {
    for (const id of this.#o.kept.keptIds()) {
      if (this.#closing.signal.aborted) return;
      await this.sync(id).catch(() => undefined);
    }
  }

  /** Stops every running sync (their `.part` files stay for the next start). */
  async close(): Promise<void> {
    this.#closing.abort(new Error('Roadcam is closing.'));
    await Promise.all([...this.#running.values()].map((r) => r.promise.catch(() => undefined)));
  }

  async #run(id: string, signal: AbortSignal, onBytes?: (n: number) => void) {
    const { kept, offline } = this.#o;
    kept.setState(id, 'syncing');
    this.#announce(id);
    try {
      const { collection, names } = await allImageNames(this.#o.client, id, signal);
      offline.save([collection]);
      offline.saveImages(id, names);
      const folder = this.folder(id);
      const { removed } = kept.reconcile(id, names, safeFileName);
      for (const image of removed) {
        await rm(join(folder, image.file), { force: true });
        await rm(partOf(join(folder, image.file)), { force: true });
      }
      const missing = kept
        .images(id)
        .filter((image) => !image.done || !existsSync(join(folder, image.file)));
      const failures = await this.#fetchAll(id, folder, missing, signal, onBytes);
      if (failures.length > 0) {
        const first = failures[0]!;
        kept.setState(
          id,
          'failed',
          `${failures.length} of ${names.length} images could not be fetched (${first}); the next sync retries them.`,
        );
      } else {
        kept.setState(id, 'synced', null, new Date());
      }
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) {
        // Destroyed or expired on the service (the source of truth): the copy goes too.
        this.#o.log?.(`collection ${id} is gone from the service; its offline copy is removed`);
        this.#o.kept.release(id);
        await rm(this.folder(id), { recursive: true, force: true });
        throw error;
      }
      if (error instanceof NetworkError) {
        // Unreachable: the copy stays what the last sync made it; say so without alarm.
        const before = kept.status(id)!;
        const complete = before.total > 0 && before.done === before.total;
        const since = before.syncedAt ? ` since ${before.syncedAt}` : '';
        kept.setState(id, complete ? 'synced' : 'failed', `Not synced${since}: ${error.message}`);
      } else {
        kept.setState(id, 'failed', messageOf(error, signal));
      }
      this.#announce(id);
      throw error;
    }
    this.#announce(id);
    return kept.status(id)!;
  }

  async #fetchAll(
    id: string,
    folder: string,
    images: ReturnType<KeptStore['images']>,
    signal: AbortSignal,
    onBytes?: (n: number) => void,
  ): Promise<string[]> {
    const failures: string[] = [];
    let next = 0;
    let lastAnnounce = 0;
    const worker = async () => {
      while (next < images.length && !signal.aborted) {
        const image = images[next++]!;
        try {
          const store = this.#o.kept;
          await fetchImage({
            client: this.#o.client,
            store,
            collectionId: id,
            folder,
            image,
            signal,
            onBytes,
            stallMs: this.#o.stallMs,
          });
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          failures.push(`${image.name}: ${messageOf(error, signal)}`);
        }
        if (Date.now() - lastAnnounce > 250) {
          lastAnnounce = Date.now();
          this.#announce(id);
        }
      }
    };
    const workers = Array.from(
      { length: Math.min(this.#o.concurrency ?? 4, images.length) },
      worker,
    );
    await Promise.all(workers);
    if (signal.aborted) throw signal.reason;
    return failures;
  }

  #announce(id: string): void {
    const status = this.#o.kept.status(id);
    if (status) this.#o.onStatus?.(status);
  }
}

function messageOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason.message : 'Sync stopped.';
  }
  return error instanceof Error ? error.message : String(error);
}
