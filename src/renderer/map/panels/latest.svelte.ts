import { Operation, type Words } from '../../lib/operation.svelte.ts';

/**
 * What a panel shows for the thing it is open on (a camera, an observation, a replay mark): the
 * newest answer and the `Operation` that asks for it (busy, the error in words). Clicking another
 * thing while an answer is on its way must not show the first thing's answer (or its error) in
 * the second one's panel: each load forgets the ones before it.
 */
export class Latest<T> {
  readonly op = new Operation();
  value = $state.raw<T | null>(null);

  get error(): string | null {
    return this.op.error;
  }

  get busy(): boolean {
    return this.op.busy;
  }

  /**
   * Starts loading, after `failure` in an error when given; call it in an `$effect` and return
   * what it returns (the effect's cleanup then drops a late answer). `keep` leaves the last
   * answer shown until the next arrives (a slider's next mark), instead of showing nothing.
   */
  load(work: () => Promise<T>, options: { failure?: Words; keep?: boolean } = {}): () => void {
    this.op.cancel();
    if (!options.keep) {
      this.value = null;
      this.op.error = null;
    }
    void this.op.latest(work, options.failure).then((answer) => {
      if (answer !== undefined) this.value = answer;
    });
    return () => this.op.cancel();
  }
}

/**
 * What a panel shows for the thing `id` (a prop) names, loaded again whenever it changes. Call
 * it while the component initialises: it starts an `$effect` of the component's.
 */
export function latestOf<T>(id: () => string, load: (id: string) => Promise<T>): Latest<T> {
  const shown = new Latest<T>();
  $effect(() => {
    const wanted = id();
    return shown.load(() => load(wanted));
  });
  return shown;
}
