import { flushSync } from 'svelte';

/**
 * What an effect sees of `read()`: each value, in order, as a template or `$effect` would see
 * it, for a test of a rune state without a component. The first value is there on return; after
 * a change, `flushSync()` lets the effect run. `stop()` ends it.
 */
export function watch<T>(read: () => T): { values: T[]; stop: () => void } {
  const values: T[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      values.push(read());
    });
  });
  flushSync();
  return { values, stop };
}
