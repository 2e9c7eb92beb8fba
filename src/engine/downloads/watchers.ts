/**
 * Followers of single batches inside the process: the collections sync listens to its batch's
 * bytes and completed files, and waits for the batch to settle. Kept apart from the manager,
 * which only reports to it.
 */
import type { DownloadBatchView } from '../../shared/ipc/downloads.ts';
import type { ItemRow } from './rows.ts';

/** Follows one batch from inside the process (the collections sync). */
export interface BatchListener {
  /** Bytes of a body as they arrive: what crossed the network. */
  onChunk?: (bytes: number) => void;
  onCompleted?: (item: ItemRow) => void;
}

export class BatchWatchers {
  readonly #listeners = new Map<number, Set<BatchListener>>();
  readonly #waiters = new Map<number, Set<() => void>>();
  /** The batch's view, or undefined once the queue is gone (database closed, batch removed). */
  readonly #view: (batchId: number) => DownloadBatchView | undefined;

  constructor(view: (batchId: number) => DownloadBatchView | undefined) {
    this.#view = view;
  }

  follow(batchId: number, listener: BatchListener): () => void {
    let set = this.#listeners.get(batchId);
    if (!set) this.#listeners.set(batchId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(batchId);
    };
  }

  /** Whether anyone follows the batch (the manager reads a completed row only then). */
  followed(batchId: number): boolean {
    return this.#listeners.has(batchId);
  }

  chunk(batchId: number, bytes: number): void {
    for (const l of this.#listeners.get(batchId) ?? []) l.onChunk?.(bytes);
  }

  completed(batchId: number, item: ItemRow): void {
    for (const l of this.#listeners.get(batchId) ?? []) l.onCompleted?.(item);
  }

  /** The manager saw the batch leave 'active': waiters look at it. */
  settledNow(batchId: number): void {
    for (const waiter of this.#waiters.get(batchId) ?? []) waiter();
  }

  /**
   * Resolves when the batch has nothing left running or queued (completed, failed, canceled,
   * or paused, say by a full disk); rejects with the signal's reason.
   */
  settled(batchId: number, signal?: AbortSignal): Promise<DownloadBatchView> {
    return new Promise((resolve, reject) => {
      let set = this.#waiters.get(batchId);
      if (!set) this.#waiters.set(batchId, (set = new Set()));
      const check = () => {
        const view = this.#view(batchId);
        if (!view || view.state === 'active') return;
        stop();
        resolve(view);
      };
      const abort = () => {
        stop();
        reject(signal!.reason as Error);
      };
      // Another process may run the queue (it holds the lock): its progress is only in SQLite.
      const poll = setInterval(check, 2_000);
      poll.unref();
      const stop = () => {
        clearInterval(poll);
        set.delete(check);
        if (set.size === 0) this.#waiters.delete(batchId);
        signal?.removeEventListener('abort', abort);
      };
      set.add(check);
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      check();
    });
  }
}
