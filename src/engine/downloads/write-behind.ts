/**
 * The queue's writes that may wait a little: a transfer's milestones whose loss in a crash only
 * means work that is redone (an item marked downloading, the length a body reached, a file
 * marked completed after its rename). They run together, in one transaction, with the next
 * statement of the store (a read sees them), before a rename (`run()` called by the
 * transfer), or `delayMs` after the first of them: one commit for the milestones of several
 * files, where each was a commit of its own (docs/benchmarks.md, downloads).
 *
 * Only the moment of a write moves, never its order: the writes run in the order they were
 * asked for, before whatever statement comes next, and nothing is asked for before the event it
 * records (a row says completed only once its file was renamed).
 */
import type { Db } from '../db/database.ts';

export interface WriteBehindOptions {
  /** How long a write may wait for a statement to join; 100 ms by default. */
  delayMs?: number;
  /** A failure of the writes run by the timer (no caller to throw to). */
  onError?: (error: unknown) => void;
}

type Write = () => void;

export class WriteBehind {
  readonly #db: Db;
  readonly #delayMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #commit: (writes: readonly Write[], also: (() => unknown) | undefined) => unknown;
  #waiting: Write[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Db, options: WriteBehindOptions = {}) {
    this.#db = db;
    this.#delayMs = options.delayMs ?? 100;
    this.#onError =
      options.onError ??
      ((error) => {
        throw error;
      });
    this.#commit = db.transaction((writes: readonly Write[], also: (() => unknown) | undefined) => {
      for (const write of writes) write();
      return also?.();
    });
  }

  /** Writes asked for and not yet run. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Asks for a write that may wait for the next statement (or `delayMs`). */
  later(write: Write): void {
    this.#waiting.push(write);
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      try {
        this.run();
      } catch (error) {
        this.#onError(error);
      }
    }, this.#delayMs);
    this.#timer.unref();
  }

  /**
   * Runs the writes that wait, then `also`, in one transaction, and returns what `also`
   * returns. A failure is thrown to the caller and the writes are dropped, as a crash would
   * drop them (each is one whose loss is made good by the next run).
   */
  run<T>(also?: () => T): T {
    if (this.#waiting.length === 0) return also?.() as T;
    const writes = this.#waiting;
    this.#waiting = [];
    clearTimeout(this.#timer);
    this.#timer = undefined;
    // The core closed the database under the queue: nothing can be written any more.
    if (!this.#db.open) return also?.() as T;
    return this.#commit(writes, also) as T;
  }
}
