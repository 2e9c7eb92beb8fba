/**
 * The transfers running now, and the concurrency slots they hold. A transfer whose body has
 * arrived gives its slot up while its file is flushed and renamed, so the network does not
 * wait for the disk; at most `limit` of them do, so that a disk slower than the network never
 * gathers files in memory.
 */
import type { ItemRow } from './rows.ts';
import type { TransferResult } from './transfer.ts';

export interface RunHooks {
  /** The file is complete and in place. */
  completed(item: ItemRow, result: TransferResult): void;
  /** The try failed (not called when it was stopped: pause, cancel, close). */
  failed(item: ItemRow, error: unknown): void;
  /** The body arrived: a slot is free. */
  received(item: ItemRow): void;
  /** The transfer is over, whatever the outcome. */
  ended(item: ItemRow, how: { completed: boolean }): void;
  /** A hook above threw: logged, the transfer still ends. */
  broken(item: ItemRow, error: unknown): void;
}

/** Starts one transfer: it stops on `signal` and calls `onReceived` once its body arrived. */
export type Launch = (signal: AbortSignal, onReceived: () => void) => Promise<TransferResult>;

interface Run {
  batchId: number;
  abort: AbortController;
  done: Promise<void>;
}

export class RunningTransfers {
  readonly #hooks: RunHooks;
  readonly #runs = new Map<number, Run>();
  readonly #received = new Set<number>();

  constructor(hooks: RunHooks) {
    this.#hooks = hooks;
  }

  get ids(): number[] {
    return [...this.#runs.keys()];
  }

  /** Slots left for new transfers out of `limit`. */
  free(limit: number): number {
    const finishing = Math.min(this.#received.size, limit);
    return Math.max(0, limit - (this.#runs.size - finishing));
  }

  runsBatch(batchId: number): boolean {
    for (const r of this.#runs.values()) if (r.batchId === batchId) return true;
    return false;
  }

  /** Stops one transfer where it is (its `.part` stays). */
  abort(itemId: number, reason: Error): void {
    this.#runs.get(itemId)?.abort.abort(reason);
  }

  /** Stops every transfer and resolves when all have ended. */
  async abortAll(reason: Error): Promise<void> {
    for (const r of this.#runs.values()) r.abort.abort(reason);
    await Promise.all([...this.#runs.values()].map((r) => r.done));
  }

  run(item: ItemRow, launch: Launch): void {
    const abort = new AbortController();
    let completed = false;
    const done = launch(abort.signal, () => {
      this.#received.add(item.id);
      this.#hooks.received(item);
    })
      .then(
        (result) => {
          completed = true;
          this.#hooks.completed(item, result);
        },
        (error: unknown) => {
          if (!abort.signal.aborted) this.#hooks.failed(item, error);
        },
      )
      .catch((error: unknown) => this.#hooks.broken(item, error))
      .finally(() => {
        this.#runs.delete(item.id);
        this.#received.delete(item.id);
        this.#hooks.ended(item, { completed });
      });
    this.#runs.set(item.id, { batchId: item.batch_id, abort, done });
  }
}
