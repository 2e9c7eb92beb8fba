import type { ContextSlot } from '../lib/context.ts';

/** A value for one context slot, as App.svelte would provide it. */
export function provided<T>(slot: ContextSlot<T>, value: T): [symbol, T] {
  return [slot.key, value];
}

/**
 * The context a component takes from App.svelte in the app, for a test's
 * `render(Component, { props, context: contextOf(provided(slot, value), …) })`.
 */
export function contextOf(...values: [symbol, unknown][]): Map<unknown, unknown> {
  return new Map<unknown, unknown>(values);
}
