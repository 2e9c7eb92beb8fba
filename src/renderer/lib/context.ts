import { getContext, hasContext, setContext } from 'svelte';
import type { Api } from '../../shared/ipc.ts';

/**
 * A typed slot in Svelte's component context. The key is exported (rather than hidden as
 * svelte's createContext hides it) so that a component test can hand a component its state
 * with `render(Component, { context: new Map([[slot.key, state]]) })`.
 */
export interface ContextSlot<T> {
  readonly key: symbol;
  /** The value an ancestor provided; throws, naming the slot, when none did. */
  use(): T;
  provide(value: T): T;
}

export function contextSlot<T>(name: string): ContextSlot<T> {
  const key = Symbol(name);
  return {
    key,
    use() {
      if (!hasContext(key)) {
        throw new Error(
          `No ${name} in context: App.svelte provides it; a test renders the component with it in its context`,
        );
      }
      return getContext<T>(key);
    },
    provide: (value) => setContext(key, value),
  };
}

/** The renderer's door to the main process, connected once by App.svelte (lib/api.ts). */
export const apiContext = contextSlot<Api>('api');
export const useApi = (): Api => apiContext.use();
export const provideApi = (api: Api): Api => apiContext.provide(api);
