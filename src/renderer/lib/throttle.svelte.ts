import type { Api } from '../../shared/ipc.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import { contextSlot } from './context.ts';

/**
 * Whether the service is limiting requests (429s the main process waits out and retries), for
 * the status bar: "retrying in N s", counted down here from when the notice arrived, so that
 * no clock of the main process or the service is compared with this one.
 */
export class ThrottleState {
  /**
   * The operation that was last told to wait, as the core means it (said in the user's
   * language when drawn), or null while requests pass.
   */
  operation = $state.raw<Said | null>(null);
  /** Whole seconds until the announced retry; 0 once it is due. */
  seconds = $state(0);
  #retryAt = 0;
  #timer: ReturnType<typeof setInterval> | undefined;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    const stop = api.on('service.throttled', (t) => {
      if (!t.limited || t.operation === null) return this.#clear();
      this.operation = t.operation;
      this.#retryAt = performance.now() + t.waitMs;
      this.#tick();
      this.#timer ??= setInterval(() => this.#tick(), 250);
    });
    this.#stops.push(stop, () => this.#clear());
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  #tick(): void {
    this.seconds = Math.max(0, Math.ceil((this.#retryAt - performance.now()) / 1000));
  }

  #clear(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.operation = null;
    this.seconds = 0;
  }
}

export const throttleContext = contextSlot<ThrottleState>('throttle');
