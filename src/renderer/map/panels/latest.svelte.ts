/**
 * What a panel shows for the thing it is open on (a camera, an observation): the answer for the
 * current one, or why it failed. Clicking another thing while an answer is on its way must not
 * show the first thing's answer (or its error) in the second one's panel.
 */
export class Latest<T> {
  value = $state.raw<T | null>(null);
  error = $state<string | null>(null);

  /** Starts loading; call it in an `$effect` and return what it returns (drops a late answer). */
  load(work: () => Promise<T>): () => void {
    let stopped = false;
    this.value = null;
    this.error = null;
    work().then(
      (value) => {
        if (!stopped) this.value = value;
      },
      (e: unknown) => {
        if (!stopped) this.error = (e as Error).message;
      },
    );
    return () => {
      stopped = true;
    };
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
