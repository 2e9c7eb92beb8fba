/**
 * CollectionSync: keeps the collections the user keeps offline in step with the service, which
 * is the source of truth. A sync reads every image name (marker paging), records the fields
 * and names in SQLite, deletes the files of images no longer there, and has the download
 * engine (src/engine/downloads/) fetch the missing ones: they go into the collection's 'offline'
 * batch, reused from sync to sync, so the engine's resumable transfer (Range from `.part`,
 * length and ETag checks, signed-URL refresh, retries, speed limit) applies, at most
 * OFFLINE_CONCURRENCY images at a time (fetch-window.ts).
 * One sync per collection runs at a time; asking again while one runs schedules one more
 * afterwards, so a change made meanwhile is not missed.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { OfflineStatus } from '../../shared/ipc/collections.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import type { ApiClient } from '../api/client.ts';
import { NetworkError, ServiceError } from '../api/errors.ts';
import type { OfflineCollections } from '../cache/collections.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import type { ItemRow } from '../downloads/rows.ts';
import type { Log } from '../log.ts';
import { FetchWindow } from './fetch-window.ts';
import { collectionFolder, imageFileName } from './files.ts';
import { moveOldFiles, removeStrayFiles } from './kept-files.ts';
import { allImageNames } from './names.ts';
import { imageFailure, messageOf } from './sync-words.ts';
import type { KeptImage, KeptStore } from './store.ts';

/**
 * Images a sync fetches at once, whatever the download setting: keeping thousands stays a
 * light load on the service and leaves the user's own downloads slots of their own.
 */
export const OFFLINE_CONCURRENCY = 4;

export interface SyncOptions {
  client: ApiClient;
  kept: KeptStore;
  offline: OfflineCollections;
  service: string;
  dataDir: string;
  /** The download engine of the same core; asked for on each sync (it starts first). */
  downloads: () => DownloadManager | undefined;
  onStatus?: (status: OfflineStatus) => void;
  log?: Log;
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
    // Before the first sync after an update, a finished file may still have its old name.
    const path = join(this.folder(id), image.movedFrom ?? image.file);
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
      running.abort.abort(new SaidError(said('collections.offline.released')));
      await running.promise.catch(() => undefined);
    }
    this.#o.kept.release(id);
    this.#dropBatch(id);
    await rm(this.folder(id), { recursive: true, force: true });
  }

  /** The engine's batch of a collection: one per collection, found again by this key. */
  static batchKey(id: string): string {
    return `collection:${id}`;
  }

  #engine(): DownloadManager {
    const engine = this.#o.downloads();
    if (!engine) throw new SaidError(said('collections.offline.noEngine'));
    return engine;
  }

  /** Cancels and forgets the collection's batch (its items are ours alone). */
  #dropBatch(id: string): void {
    const engine = this.#o.downloads();
    if (!engine?.store.open) return;
    const batch = engine.offlineBatch(CollectionSync.batchKey(id));
    if (!batch) return;
    engine.cancel({ batchId: batch.id });
    engine.clear(batch.id);
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
              throw new SaidError(said('collections.offline.noLongerKept', { id }));
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
    if (this.#closing.signal.aborted) return;
    for (const id of this.#o.kept.keptIds()) {
      if (this.#closing.signal.aborted) return;
      await this.sync(id).catch(() => undefined);
    }
  }

  /** Stops every running sync (their `.part` files stay for the next start). */
  async close(): Promise<void> {
    this.#closing.abort(new SaidError(said('collections.kept.closing')));
    await Promise.all([...this.#running.values()].map((r) => r.promise.catch(() => undefined)));
  }

  async #run(id: string, signal: AbortSignal, onBytes?: (n: number) => void) {
    const { kept, offline } = this.#o;
    kept.setState(id, 'syncing');
    this.#announce(id);
    try {
      const folder = this.folder(id);
      await moveOldFiles(kept, id, folder);
      const { collection, names } = await allImageNames(this.#o.client, id, signal);
      offline.save([collection]);
      offline.saveImages(id, names);
      kept.reconcile(id, names, imageFileName);
      await removeStrayFiles(folder, kept.images(id));
      const engine = this.#engine();
      // Files the engine finished while no sync was waiting (say, before a restart) count.
      const previous = engine.offlineBatch(CollectionSync.batchKey(id));
      for (const item of previous ? engine.store.itemsOfBatch(previous.id) : []) {
        if (item.state === 'completed') this.#record(id, folder, item);
      }
      const missing = kept
        .images(id)
        .filter((image) => !image.done || !existsSync(join(folder, image.file)));
      // Nothing missing: what a stopped sync left paused in the batch is not needed any more.
      if (missing.length === 0 && previous) engine.cancel({ batchId: previous.id });
      const failures =
        missing.length > 0
          ? await this.#fetchAll(engine, collection.name, id, folder, missing, signal, onBytes)
          : [];
      if (failures.length > 0) {
        const first = saidWithin(failures[0]!);
        const total = names.length;
        const failed = failures.length;
        kept.setState(id, 'failed', said('collections.kept.someFailed', { failed, total, first }));
      } else {
        kept.setState(id, 'synced', null, new Date());
      }
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) {
        // Destroyed or expired on the service (the source of truth): the copy goes too.
        this.#o.log?.(`collection ${id} is gone from the service; its offline copy is removed`);
        this.#o.kept.release(id);
        this.#dropBatch(id);
        await rm(this.folder(id), { recursive: true, force: true });
        throw error;
      }
      if (error instanceof NetworkError) {
        // Unreachable: the copy stays what the last sync made it; say so without alarm.
        const before = kept.status(id)!;
        const complete = before.total > 0 && before.done === before.total;
        // The last sync's time, said as a date and time in the reader's language and zone.
        const at = before.syncedAt ? Date.parse(before.syncedAt) : 0;
        const synced = Number.isFinite(at) && at > 0 ? 'yes' : 'no';
        const reason = error.said ? saidWithin(error.said) : error.message;
        const words = said('collections.kept.notSynced', { synced, at, reason });
        kept.setState(id, complete ? 'synced' : 'failed', words);
      } else {
        kept.setState(id, 'failed', messageOf(error, signal));
      }
      this.#announce(id);
      throw error;
    }
    this.#announce(id);
    return kept.status(id)!;
  }

  /**
   * Queues the missing images in the collection's batch and lets the engine fetch them a few
   * at a time until none is left; returns why each image that could not be fetched was not.
   * Stopping the sync pauses the batch: the next sync queues it again and the engine resumes
   * from the `.part` files.
   */
  async #fetchAll(
    engine: DownloadManager,
    title: string,
    id: string,
    folder: string,
    images: readonly KeptImage[],
    signal: AbortSignal,
    onBytes?: (n: number) => void,
  ): Promise<Said[]> {
    signal.throwIfAborted();
    const batchId = engine.enqueueOfflineImages({
      key: CollectionSync.batchKey(id),
      label: said('downloads.label.offlineCopy', { title }),
      folder,
      collectionId: id,
      images: images.map((image) => ({ image: image.name, name: image.file })),
    });
    const window = new FetchWindow(engine, batchId, OFFLINE_CONCURRENCY);
    let lastAnnounce = 0;
    const stop = engine.follow(batchId, {
      onChunk: (n) => onBytes?.(n),
      onCompleted: (item) => {
        this.#record(id, folder, item);
        window.fill();
        if (Date.now() - lastAnnounce > 250) {
          lastAnnounce = Date.now();
          this.#announce(id);
        }
      },
    });
    try {
      // Settled: all that was let go has ended (a failure frees its place here at the latest).
      for (window.fill(); !window.idle; window.fill()) await engine.settled(batchId, signal);
    } catch (error) {
      if (engine.store.open) engine.pause({ batchId });
      throw error;
    } finally {
      stop();
    }
    return engine.store
      .itemsOfBatch(batchId)
      .filter((item) => item.state !== 'completed')
      .map(imageFailure);
  }

  /** A file the engine completed becomes a done image of the kept store. */
  #record(id: string, folder: string, item: ItemRow): void {
    const image = item.image === null ? undefined : this.#o.kept.image(id, item.image);
    // Only an image still wanted, under the name the store chose, whose file is there.
    if (!image || image.file !== item.name || !existsSync(join(folder, item.name))) return;
    if (image.done) return;
    this.#o.kept.setHeaders(id, image.name, item.bytes_total ?? 0, item.etag, typeOf(image.file));
    this.#o.kept.markDone(id, image.name);
  }

  #announce(id: string): void {
    const status = this.#o.kept.status(id);
    if (status) this.#o.onStatus?.(status);
  }
}

/** The engine does not keep a body's type; the kept files are JPEG or PNG frames. */
function typeOf(file: string): string {
  return /\.png$/i.test(file) ? 'image/png' : 'image/jpeg';
}
