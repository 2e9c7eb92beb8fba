/**
 * A long collections operation (export, empty, destroy): its id, which its progress events
 * carry, whether it runs, how far it got, and what went wrong.
 */
import type { Api } from '../../shared/ipc.ts';

export class CollectionOperation {
  readonly id: string;
  running = $state(false);
  done = $state(0);
  total = $state<number | null>(null);
  error = $state<string | null>(null);

  readonly #api: Api;

  constructor(api: Api, kind: string) {
    this.#api = api;
    this.id = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  }

  /** Follows the operation's progress; returns the function that stops (for an $effect). */
  follow(): () => void {
    return this.#api.on('collections.progress', (p) => {
      if (p.operationId !== this.id) return;
      this.done = p.done;
      this.total = p.total;
    });
  }

  /** Runs the operation; resolves with its answer, or undefined when it failed (see `error`). */
  async run<T>(work: (operationId: string) => Promise<T>): Promise<T | undefined> {
    this.running = true;
    this.error = null;
    try {
      return await work(this.id);
    } catch (e) {
      this.error = (e as Error).message;
      return undefined;
    } finally {
      this.running = false;
    }
  }
}
