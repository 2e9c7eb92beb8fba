/**
 * A long collections operation (export, empty, destroy): an Operation (busy, error, progress)
 * with the id its progress events carry.
 */
import type { Api } from '../../shared/ipc.ts';
import { Operation } from '../lib/operation.svelte.ts';

export class CollectionOperation extends Operation {
  readonly id: string;
  readonly #api: Api;

  constructor(api: Api, kind: string) {
    super();
    this.#api = api;
    this.id = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  }

  /** Follows the operation's progress; returns the function that stops (for an $effect). */
  follow(): () => void {
    return this.#api.on('collections.progress', (p) => {
      if (p.operationId === this.id) this.progress(p.done, p.total);
    });
  }
}
