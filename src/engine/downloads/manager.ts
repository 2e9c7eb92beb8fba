/**
 * The DownloadManager: the persistent queue (store.ts) as the app (through its IPC handlers)
 * and `roadcam download` see it: batches created, paused, resumed, canceled, retried and
 * cleared, their views and their followers. Running the queue (concurrency, retries, waiting
 * recordings, a full disk) is the scheduler's (scheduler.ts). Plain Node.
 */
import type {
  DownloadBatchView,
  DownloadScope,
  DownloadsSnapshot,
  DownloadState,
} from '../../shared/ipc/downloads.ts';
import { ProgressTracker } from './progress.ts';
import {
  ItemPlanner,
  planItems,
  type Chosen,
  type NewBatchRequest,
  type OfflineImagesRequest,
} from './selection.ts';
import { sanitisePath } from './naming.ts';
import { SignedUrls } from './signed-urls.ts';
import type { DownloadWords } from './reasons.ts';
import type { BatchRow } from './rows.ts';
import { QueueScheduler, type ManagerOptions } from './scheduler.ts';
import { DownloadQueueStore } from './store.ts';
import { BatchWatchers, type BatchListener } from './watchers.ts';

export type { ManagerOptions } from './scheduler.ts';

/** A dataset's images: one batch, found again by `key` when the export is run again. */
export interface PreviewsRequest {
  key: string;
  label: DownloadWords;
  folder: string;
  previews: readonly { observationId: string; name: string }[];
}

/** A batch being filled as its recordings' lookups return (DownloadManager.openBatch). */
export interface BatchFill {
  readonly batchId: number;
  /** Plans and queues these recordings' files; a name taken earlier gets " (2)". */
  add(chosen: readonly Chosen[]): void;
  /** Every recording is in: the batch may now end. */
  done(): void;
}

export class DownloadManager {
  readonly store: DownloadQueueStore;
  readonly urls: SignedUrls;
  readonly #o: ManagerOptions;
  readonly #progress: ProgressTracker;
  readonly #scheduler: QueueScheduler;
  readonly #watchers = new BatchWatchers((id) =>
    this.store.open ? this.batchView(id) : undefined,
  );

  constructor(options: ManagerOptions) {
    this.#o = options;
    const log = options.log;
    // A failed write of the milestones that waited (write-behind.ts): logged where there is a log.
    this.store = new DownloadQueueStore(options.db, {
      onError: log && ((error) => log(`downloads: saving the queue: ${String(error)}`)),
    });
    this.urls = new SignedUrls(options.client);
    this.#progress = new ProgressTracker(
      this.store,
      (u) => options.onUpdate?.(u),
      options.progressIntervalMs ?? 500,
    );
    this.#scheduler = new QueueScheduler(options, {
      store: this.store,
      urls: this.urls,
      progress: this.#progress,
      watchers: this.#watchers,
    });
  }

  /** Takes the queue's lock, resumes what a crash or a restart interrupted, and starts. */
  start(): this {
    this.#scheduler.start();
    return this;
  }

  /** False while another process runs this queue (the items are still listed and queued). */
  get running(): boolean {
    return this.#scheduler.running;
  }

  /** Runs the scheduler now (a setting changed). */
  nudge(): void {
    this.#scheduler.wake(0);
  }

  /** `roadcam download --concurrency N`: for this process only, not saved. */
  setConcurrency(n: number | undefined): void {
    this.#scheduler.setConcurrency(n);
  }

  /** Stops every transfer where it is (their `.part` files stay for the next start). */
  close(): Promise<void> {
    return this.#scheduler.close();
  }

  createBatch(request: NewBatchRequest): DownloadBatchView {
    const batchId = this.store.batchFor(
      {
        service: this.#o.service,
        key: request.key ?? null,
        label: request.label,
        folder: request.folder,
        template: request.template,
        existing: request.existing,
      },
      planItems(request.chosen, request),
    );
    this.#progress.changed(null, batchId);
    for (const item of this.store.itemsOfBatch(batchId)) this.#progress.changed(item.id, batchId);
    this.#scheduler.checkBatch(batchId);
    this.#scheduler.wake(0);
    return this.#progress.batchView(this.store.batch(batchId)!);
  }

  /**
   * Creates the batch (or finds it by its key) before its recordings are known, and returns
   * how to fill it: each recording's files start as soon as it is added, while the others are
   * still looked up. The batch is not announced as finished before `done()`. Only the key
   * finds a batch again after the process died half-way (`roadcam download` run again adds
   * what it lacks); a batch without one is filled in one go (a query's pages, queue-query.ts).
   */
  openBatch(request: Omit<NewBatchRequest, 'chosen'>): BatchFill {
    const planner = new ItemPlanner(request);
    const batchId = this.store.batchFor(
      {
        service: this.#o.service,
        key: request.key ?? null,
        label: request.label,
        folder: request.folder,
        template: request.template,
        existing: request.existing,
      },
      [],
    );
    this.#scheduler.filling.add(batchId);
    this.#progress.changed(null, batchId);
    for (const item of this.store.itemsOfBatch(batchId)) this.#progress.changed(item.id, batchId);
    this.#scheduler.wake(0);
    return {
      batchId,
      add: (chosen) => {
        for (const id of this.store.addItems(batchId, planner.plan(chosen))) {
          this.#progress.changed(id, batchId);
        }
        this.#scheduler.checkBatch(batchId);
        this.#scheduler.wake(0);
      },
      done: () => {
        this.#scheduler.filling.delete(batchId);
        this.#scheduler.checkBatch(batchId);
      },
    };
  }

  /**
   * Queues a kept collection's missing images as its 'offline' batch, reused from sync to
   * sync: the batch then holds exactly these images (see DownloadQueueStore.replaceImages).
   * Such batches are left out of the Downloads view and announce no notification.
   */
  enqueueOfflineImages(request: OfflineImagesRequest): number {
    const names = request.images.map((i) => ({ ...i, name: sanitisePath(i.name) }));
    const existing = this.store.batchByKey(this.#o.service, request.key);
    const batchId =
      existing?.id ??
      this.store.createBatch(
        {
          service: this.#o.service,
          key: request.key,
          label: request.label,
          folder: request.folder,
          // The collections store chose each file's name: the engine uses it as it is.
          template: '{kept file name}',
          existing: 'overwrite',
          purpose: 'offline',
        },
        [],
      );
    this.store.replaceImages(batchId, request.collectionId, names);
    this.store.reopen(batchId);
    this.#progress.changed(null, batchId);
    this.#scheduler.checkBatch(batchId);
    this.#scheduler.wake(0);
    return batchId;
  }

  /**
   * Queues observations' preview images (a dataset's files) as one batch found again by its
   * key: run again, it adds what it lacks and queues again what failed, while completed files
   * are not fetched twice. Each file is named by the caller (a path under the folder).
   */
  enqueuePreviews(request: PreviewsRequest): number {
    const batchId = this.store.batchFor(
      {
        service: this.#o.service,
        key: request.key,
        label: request.label,
        folder: request.folder,
        // The dataset chose each file's name: the engine uses it as it is.
        template: '{dataset file name}',
        existing: 'overwrite',
      },
      request.previews.map((p) => ({
        observationId: p.observationId,
        name: sanitisePath(p.name),
        state: 'queued' as const,
      })),
    );
    this.#progress.changed(null, batchId);
    for (const item of this.store.itemsOfBatch(batchId)) this.#progress.changed(item.id, batchId);
    this.#scheduler.checkBatch(batchId);
    this.#scheduler.wake(0);
    return batchId;
  }

  /** A kept collection's batch, by the key its sync gave it. */
  offlineBatch(key: string): BatchRow | undefined {
    const batch = this.store.batchByKey(this.#o.service, key);
    return batch?.purpose === 'offline' ? batch : undefined;
  }

  /** Listens to one batch's transfers; returns the function that stops listening. */
  follow(batchId: number, listener: BatchListener): () => void {
    return this.#watchers.follow(batchId, listener);
  }

  /** Resolves when the batch has nothing left running or queued (see BatchWatchers). */
  settled(batchId: number, signal?: AbortSignal): Promise<DownloadBatchView> {
    return this.#watchers.settled(batchId, signal);
  }

  snapshot(state?: DownloadState): DownloadsSnapshot {
    this.#progress.flush();
    return {
      batches: this.store.batches(this.#o.service).map((b) => this.#progress.batchView(b)),
      items: this.store.items(this.#o.service, state).map((i) => this.#progress.itemView(i)),
    };
  }

  /** One batch and its items (none when there is no such batch), as `snapshot` has them. */
  batchSnapshot(batchId: number): DownloadsSnapshot {
    this.#progress.flush();
    const row = this.store.batch(batchId);
    if (!row) return { batches: [], items: [] };
    return {
      batches: [this.#progress.batchView(row)],
      items: this.store.itemsOfBatch(batchId).map((i) => this.#progress.itemView(i)),
    };
  }

  batchView(batchId: number): DownloadBatchView | undefined {
    const row = this.store.batch(batchId);
    return row && this.#progress.batchView(row);
  }

  pause(scope: DownloadScope): number {
    return this.#scheduler.act(scope, ['queued', 'waiting', 'downloading'], 'paused');
  }

  resume(scope: DownloadScope): number {
    return this.#scheduler.act(scope, ['paused'], 'queued');
  }

  /** Completed items whose file went missing or changed are fetched again (over the file). */
  refetch(itemIds: readonly number[]): number {
    let changed = 0;
    for (const itemId of itemIds)
      changed += this.#scheduler.act({ itemId }, ['completed'], 'queued');
    return changed;
  }

  cancel(scope: DownloadScope): number {
    return this.#scheduler.act(
      scope,
      ['queued', 'waiting', 'downloading', 'paused', 'failed'],
      'canceled',
    );
  }

  retry(scope: DownloadScope): number {
    return this.#scheduler.act(scope, ['failed', 'canceled'], 'queued');
  }

  clear(batchId: number): boolean {
    const removed = this.store.removeBatch(this.#o.service, batchId);
    if (removed) this.#progress.removed(batchId);
    return removed;
  }

  /** The absolute path of a completed item's file. */
  filePath(itemId: number): string {
    return this.store.completedFile(this.#o.service, itemId);
  }
}
