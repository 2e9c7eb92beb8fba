import type { EventName, EventPayload } from '../shared/ipc.ts';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;
type AnyListener = (event: EventName, payload: unknown) => void;

/**
 * The main process's typed event bus. Transports subscribe with `onAny` and forward every event
 * to their renderers; core modules `emit`. Subscriptions return their cleanup.
 */
export class EventHub {
  #listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  #anyListeners = new Set<AnyListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners.get(event) ?? []) listener(payload);
    for (const listener of this.#anyListeners) listener(event, payload);
  }

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    const entry = listener as (payload: unknown) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** How many subscriptions are live: a closed core leaves none of its own (tested). */
  listenerCount(): number {
    let count = this.#anyListeners.size;
    for (const set of this.#listeners.values()) count += set.size;
    return count;
  }

  onAny(listener: AnyListener): () => void {
    this.#anyListeners.add(listener);
    return () => this.#anyListeners.delete(listener);
  }
}
