/**
 * The scheduler of the download queue: holds the queue's lock, starts queued files as slots
 * free up (plan.ts, running.ts), polls recordings still being built (waiting.ts), retries with
 * backoff and pauses a batch when the disk is full (failures.ts), and announces a batch that
 * has nothing left to do. The DownloadManager (manager.ts) is what the app and the CLI call;
 * this is what it runs.
 */
import type {
  BatchFinished,
  DownloadScope,
  DownloadsUpdate,
  DownloadState,
} from '../../shared/ipc/downloads.ts';
import type { ApiClient } from '../api/client.ts';
import type { Db } from '../db/database.ts';
import { realDisk, type DiskOps } from './disk.ts';
import { FreeSpace } from './free-space.ts';
import { afterFailure, type DownloadFailure } from './failures.ts';
import { SpeedLimiter } from './limiter.ts';
import { lockQueue, type QueueLock } from './lock.ts';
import { QueuePlan, Wakeup } from './plan.ts';
import { batchState, finishedEvent, type ProgressTracker } from './progress.ts';
import { describeTarget, type SignedUrls } from './signed-urls.ts';
import type { ItemRow } from './rows.ts';
import type { DownloadQueueStore } from './store.ts';
import { RunningTransfers, type RunHooks } from './running.ts';
import { SpaceWaits } from './space-waits.ts';
import { transfer } from './transfer.ts';
import { WaitingRecordings } from './waiting.ts';
import type { BatchWatchers } from './watchers.ts';
import { holdYoungGeneration } from './young-generation.ts';

export interface ManagerOptions {
  db: Db;
  client: ApiClient;
  /** Which service the queue belongs to: 'demo' or the base URL. */
  service: string;
  dataDir: string;
  /**
   * Read on every use, so that a settings change applies at once. `downloadReserveMB`: space
   * kept free on the disk besides the files (null or absent: 5% of the disk, at most 1 GB).
   */
  settings: () => {
    downloadConcurrency: number;
    speedLimitKBps: number;
    downloadReserveMB?: number | null;
    /** The stall time of a file body (transfer.ts); the manager's `stallMs` wins (tests). */
    downloadStallSeconds?: number;
  };
  onUpdate?: (update: DownloadsUpdate) => void;
  onBatchFinished?: (event: BatchFinished) => void;
  log?: (line: string) => void;
  disk?: DiskOps;
  /**
   * Abandon (and resume) a body silent, or a trickle, this long (transfer.ts); default the
   * setting `downloadStallSeconds`, else 30 s.
   */
  stallMs?: number;
  /** How often a batch paused for room looks for it again; default 2 s. */
  spaceCheckMs?: number;
  /** Consecutive failures without progress before an item fails; default 8. */
  maxAttempts?: number;
  retryDelayMs?: { base: number; max: number };
  /** Polling of recordings still being built; default 5 s doubling to 60 s. */
  waitDelayMs?: { base: number; max: number };
  /** How long past its stop (or creation) a recording may stay unfinished; 2 hours. */
  waitLimitMs?: number;
  /** Progress updates at most this often; default 500 ms. */
  progressIntervalMs?: number;
}

/** What the scheduler shares with the manager: the queue and whom it reports to. */
export interface SchedulerParts {
  store: DownloadQueueStore;
  urls: SignedUrls;
  progress: ProgressTracker;
  watchers: BatchWatchers;
}

export class QueueScheduler {
  readonly #o: ManagerOptions;
  readonly #store: DownloadQueueStore;
  readonly #urls: SignedUrls;
  readonly #progress: ProgressTracker;
  readonly #watchers: BatchWatchers;
  readonly #limiter: SpeedLimiter;
  readonly #space: FreeSpace;
  readonly #waiting: WaitingRecordings;
  readonly #spaceWaits: SpaceWaits;
  readonly #running: RunningTransfers;
  readonly #plan: QueuePlan;
  #lock: QueueLock | undefined;
  readonly #wakeup = new Wakeup((timed) => {
    if (timed) this.#plan.stale(); // the rescan reads the queue again
    this.#pump();
  });
  #closed = false;
  /** Batches whose recordings are still being looked up: they end only once whole. */
  readonly filling = new Set<number>();
  #concurrency: number | undefined;
  #pumping = false;

  constructor(options: ManagerOptions, parts: SchedulerParts) {
    this.#o = options;
    this.#store = parts.store;
    this.#urls = parts.urls;
    this.#progress = parts.progress;
    this.#watchers = parts.watchers;
    this.#running = new RunningTransfers(this.#hooks());
    this.#plan = new QueuePlan(this.#store, options.service);
    this.#limiter = new SpeedLimiter(() => options.settings().speedLimitKBps * 1024);
    this.#space = new FreeSpace(options.disk ?? realDisk);
    this.#spaceWaits = new SpaceWaits({
      store: this.#store,
      service: options.service,
      space: this.#space,
      reserveMB: () => this.#reserveMB(),
      resume: (batchId) => this.act({ batchId }, ['paused'], 'queued'),
      log: options.log,
      everyMs: options.spaceCheckMs,
    });
    this.#waiting = new WaitingRecordings(options.client, this.#store, {
      delay: options.waitDelayMs ?? { base: 5_000, max: 60_000 },
      limitMs: options.waitLimitMs ?? 2 * 3600_000,
      changed: (itemId, batchId) => {
        this.#progress.changed(itemId, batchId);
        this.checkBatch(batchId);
        this.wake(0);
      },
      log: options.log,
    });
  }

  /** Takes the queue's lock, resumes what a crash or a restart interrupted, and starts. */
  start(): void {
    this.#tryLock();
    this.wake(0);
  }

  #reserveMB(): number | null {
    return this.#o.settings().downloadReserveMB ?? null;
  }

  /** False while another process runs this queue (the items are still listed and queued). */
  get running(): boolean {
    return this.#lock !== undefined;
  }

  /** `roadcam download --concurrency N`: for this process only, not saved. */
  setConcurrency(n: number | undefined): void {
    this.#concurrency = n;
    this.wake(0);
  }

  /** Stops every transfer where it is (their `.part` files stay for the next start). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#wakeup.close();
    this.#spaceWaits.close();
    await this.#running.abortAll(new Error('closing'));
    if (this.#store.open) {
      this.#progress.flush();
      // The milestones still waiting (a file completed just now) go in before the core closes.
      this.#store.settle();
    }
    this.#progress.close();
    this.#lock?.release();
    this.#lock = undefined;
  }

  /** Moves the items of `scope` in a state of `from` to `to`; stops those running. */
  act(scope: DownloadScope, from: DownloadState[], to: DownloadState): number {
    const { ids, batches } = this.#store.transition(this.#o.service, scope, from, to);
    for (const id of ids) {
      this.#running.abort(id, new Error(to));
      this.#progress.changed(id, this.#store.item(id)?.batch_id ?? 0);
    }
    for (const b of batches) this.checkBatch(b);
    this.wake(0);
    return ids.length;
  }

  #tryLock(): void {
    if (this.#lock || this.#closed) return;
    this.#lock = lockQueue(this.#o.dataDir, this.#o.service, this.#o.log);
    if (!this.#lock) return;
    this.#plan.stale();
    const recovered = this.#store.recover(this.#o.service);
    if (recovered > 0) this.#o.log?.(`downloads: resuming ${recovered} interrupted downloads`);
    this.#spaceWaits.check();
  }

  /** Runs the scheduler after `ms`; `queueChanged` is false for transfers' ends (plan.ts). */
  wake(ms: number, queueChanged = true): void {
    if (this.#closed) return;
    if (queueChanged) this.#plan.stale();
    this.#wakeup.after(ms);
  }

  #pump(): void {
    if (this.#closed || this.#pumping) return;
    if (!this.#store.open) {
      // The core closed the database without closing the manager first.
      void this.close();
      return;
    }
    this.#pumping = true;
    try {
      this.#tryLock();
      if (!this.#lock) return this.wake(5_000);
      const now = Date.now();
      const { due: next, fresh } = this.#plan.due(now);
      if (fresh && next.waiting !== null && next.waiting <= now) {
        this.#waiting.poll(this.#o.service, now);
      }
      const limit = this.#concurrency ?? this.#o.settings().downloadConcurrency;
      const free = this.#running.free(limit);
      // With a slot free, also the next files' signed URLs: the next start will not wait for
      // one. Without, nothing: those URLs were asked for when the last file started.
      const { start, next: after } = this.#plan.take(free, limit, now, this.#running.ids);
      for (const item of start) this.#start(item);
      for (const item of after) this.#urls.warm(item);
      const soonest = Math.min(next.waiting ?? Infinity, next.retry ?? Infinity);
      // Also looks again every 10 s for batches another process added to the database.
      this.wake(Math.max(20, Math.min(10_000, soonest - now)), false);
    } catch (error) {
      this.#o.log?.(`downloads: scheduler error: ${(error as Error).message}`);
      this.wake(5_000);
    } finally {
      this.#pumping = false;
    }
  }

  #start(item: ItemRow): void {
    const batch = this.#plan.batch(item.batch_id);
    // Only a file still queued (a plan behind the queue starts nothing the user stopped).
    if (!batch || !this.#store.begin(item.id, item.attempts)) return;
    this.#progress.begin(item.id, item.bytes_done, item.bytes_total);
    this.#progress.changed(item.id, item.batch_id);
    this.#running.run(item, (signal, onReceived) =>
      transfer({
        item,
        batch,
        client: this.#o.client,
        urls: this.#urls,
        store: this.#store,
        limiter: this.#limiter,
        disk: this.#o.disk ?? realDisk,
        space: this.#space,
        signal,
        stallMs: this.#o.stallMs ?? (this.#o.settings().downloadStallSeconds ?? 30) * 1000,
        reserveMB: this.#reserveMB(),
        onBytes: (done, total) => this.#progress.bytes(item.id, item.batch_id, done, total),
        onChunk: (n) => this.#watchers.chunk(item.batch_id, n),
        onReceived,
        meter: this.#progress.meter,
      }),
    );
  }

  /** What the manager does when a transfer reaches a milestone (see RunningTransfers). */
  #hooks(): RunHooks {
    return {
      completed: (item, result) => {
        this.#store.complete(item.id, result.bytesTotal, result.sha256, result.skipped);
        this.#urls.forget(item);
        const row = this.#watchers.followed(item.batch_id) && this.#store.item(item.id);
        if (row) this.#watchers.completed(item.batch_id, row);
      },
      failed: (item, error) => this.#failed(item, error),
      received: () => this.wake(0, false),
      ended: (item, { completed }) => {
        holdYoungGeneration();
        // Where a transfer that did not complete stopped (a completed one was saved whole).
        const reached = this.#progress.running().get(item.id);
        if (!completed && reached !== undefined && this.#store.open) {
          this.#store.saveProgress(new Map([[item.id, reached]]));
        }
        this.#progress.end(item.id);
        if (this.#closed || !this.#store.open) return;
        this.#progress.changed(item.id, item.batch_id);
        this.checkBatch(item.batch_id);
        // Even one that gave its slot up when its body arrived: while `limit` files waited for
        // their flush, that gave no slot (running.ts), and this end is what frees one.
        this.wake(0, false);
      },
      broken: (item, error) =>
        this.#o.log?.(`downloads: ${describeTarget(item)}: ${String(error)}`),
    };
  }

  #failed(item: ItemRow, error: unknown): void {
    this.#plan.stale(); // a retry put off, or a batch paused
    const reached = this.#progress.running().get(item.id) ?? item.bytes_done;
    const next = afterFailure(item, error, reached, {
      maxAttempts: this.#o.maxAttempts ?? 8,
      delay: this.#o.retryDelayMs ?? { base: 1_000, max: 60_000 },
    });
    this.#o.log?.(
      `downloads: ${describeTarget(item)}: ${next.failure.kind}: ${next.failure.message}`,
    );
    this.#store.setState(item.id, next.state, next.fields);
    if (next.state === 'paused') this.#pauseForDisk(item.batch_id, next.failure);
  }

  /**
   * Pauses a batch whose disk is full or failing. For want of room, the files already running
   * go on (each claimed its room: free-space.ts) and the batch goes on by itself once there is
   * room for what it needs (space-waits.ts); a failing disk stops everything until the user
   * resumes.
   */
  #pauseForDisk(batchId: number, failure: DownloadFailure): void {
    const full = failure.kind === 'disk-full';
    this.act(
      { batchId },
      full ? ['queued', 'waiting'] : ['queued', 'waiting', 'downloading'],
      'paused',
    );
    this.#store.setBatchMessage(
      batchId,
      failure.said,
      full ? (failure.shortfall?.needed ?? 0) : null,
    );
    this.#spaceWaits.check();
  }

  /** Announces a batch that has nothing left to do, once. */
  checkBatch(batchId: number): void {
    this.#progress.changed(null, batchId);
    // A transfer of the batch still runs: it is active (counting after every file: O(n²)).
    if (this.#running.runsBatch(batchId) || this.filling.has(batchId)) return;
    const batch = this.#store.batch(batchId);
    if (!batch) return;
    const totals = this.#store.totals(batchId);
    const state = batchState(totals);
    if (state !== 'active') this.#watchers.settledNow(batchId);
    if (state === 'active' || state === 'paused' || batch.announced) return;
    this.#store.markFinished(batchId);
    // A kept collection's sync reports through the collection's own status, not a notification.
    if (batch.purpose === 'offline') return;
    // The last progress goes out first, so that listeners see every item's end state.
    this.#progress.flush();
    this.#o.onBatchFinished?.(finishedEvent(batch, totals, state));
  }
}
