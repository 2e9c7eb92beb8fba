/**
 * What a view shows while it asks the main process for something: whether it is busy, what went
 * wrong (in the main process's words), and how far a long operation got. One instance per form
 * or button group; `run` is the only way in, so busy is never left set after a failure.
 */
export class Operation {
  busy = $state(false);
  error = $state<string | null>(null);
  /** Items done of total, for operations that report progress (null total: not known yet). */
  done = $state(0);
  total = $state<number | null>(null);

  /**
   * Runs `work`; resolves with its answer, or undefined when it failed: then `error` says why,
   * after `failure` when given ("Could not list the collections: …").
   */
  async run<T>(work: () => Promise<T>, failure?: string): Promise<T | undefined> {
    this.busy = true;
    this.error = null;
    try {
      return await work();
    } catch (e) {
      this.fail((e as Error).message, failure);
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  /** A failure found by the view itself (a field left empty), shown as a refused call would be. */
  fail(message: string, failure?: string): void {
    this.error = failure ? `${failure}: ${message}` : message;
  }

  progress(done: number, total: number | null): void {
    this.done = done;
    this.total = total;
  }
}
