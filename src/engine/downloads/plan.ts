/**
 * What the scheduler reads of the queue, kept from one of its runs to the next: the items due
 * to start, in order, and when it must look again by itself. Transfers end and free their
 * slots hundreds of times a batch; none of that changes which queued items come next, so the
 * scheduler takes them off this list instead of asking SQLite each time. Anything else that
 * changes the queue (a new batch, a user's action, a failure put off for a retry, a recording
 * that became ready, the scheduler's own timer) makes the plan stale, and it is read again.
 */
import type { BatchRow, ItemRow } from './rows.ts';
import type { DownloadQueueStore } from './store.ts';

/** Items read ahead per query: enough for several free slots and their URLs to be prepared. */
const READ_AHEAD = 32;

export interface Due {
  /** The earliest look due at a recording still being made. */
  waiting: number | null;
  /** The earliest retry put off to later. */
  retry: number | null;
}

export class QueuePlan {
  readonly #store: DownloadQueueStore;
  readonly #service: string;
  #due: Due | undefined;
  /** Queued items due to start, in the queue's order; undefined: to be read. */
  #ready: ItemRow[] | undefined;
  /** The last read found every queued item due: the list is all there is. */
  #whole = false;
  /** The batches of the items started (what a transfer reads of them does not change). */
  readonly #batches = new Map<number, BatchRow | undefined>();

  constructor(store: DownloadQueueStore, service: string) {
    this.#store = store;
    this.#service = service;
  }

  /** The queue changed in a way only SQLite knows: read it again on the next run. */
  stale(): void {
    this.#due = undefined;
    this.#ready = undefined;
    this.#batches.clear();
  }

  /** An item's batch, read once per plan. */
  batch(id: number): BatchRow | undefined {
    if (!this.#batches.has(id)) this.#batches.set(id, this.#store.batch(id));
    return this.#batches.get(id);
  }

  /** When to look again; `fresh` when it was read just now (after a change). */
  due(now: number): { due: Due; fresh: boolean } {
    if (this.#due) return { due: this.#due, fresh: false };
    this.#due = this.#store.nextDue(this.#service, now);
    return { due: this.#due, fresh: true };
  }

  /**
   * Takes up to `count` items to start now off the plan, and returns them with the `ahead`
   * items that follow (to prepare their URLs). `running`: items that must not be started.
   */
  take(
    count: number,
    ahead: number,
    now: number,
    running: readonly number[],
  ): { start: ItemRow[]; next: ItemRow[] } {
    if (count <= 0) return { start: [], next: [] };
    if (!this.#ready || (this.#ready.length < count + ahead && !this.#whole)) {
      const limit = Math.max(READ_AHEAD, count + ahead);
      this.#ready = this.#store.runnable(this.#service, now, limit, running);
      this.#whole = this.#ready.length < limit;
    }
    const start = this.#ready.splice(0, count);
    return { start, next: this.#ready.slice(0, ahead) };
  }
}

/**
 * When the scheduler runs next: after a delay, or right after the current I/O (not a timer
 * tick later). Sooner calls win, and many calls in one turn make one run.
 */
export class Wakeup {
  readonly #run: (timed: boolean) => void;
  #timer: NodeJS.Timeout | undefined;
  #immediate: NodeJS.Immediate | undefined;
  #closed = false;

  /** `run(timed)`: timed when a delay ran out (the scheduler's own rescan). */
  constructor(run: (timed: boolean) => void) {
    this.#run = run;
  }

  after(ms: number): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    if (ms > 0) {
      this.#timer = setTimeout(() => this.#run(true), ms);
      this.#timer.unref();
    } else if (!this.#immediate) {
      this.#immediate = setImmediate(() => {
        this.#immediate = undefined;
        this.#run(false);
      }).unref();
    }
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearImmediate(this.#immediate);
  }
}
