import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from './context.ts';

/**
 * Whether the service is limiting requests (429s the main process waits out and retries), for
 * the status bar: "retrying in N s", counted down here from when the notice arrived, so that
 * no clock of the main process or the service is compared with this one.
 */
export class ThrottleState {
  /** The operation that was last told to wait, or null while requests pass. */
  operation = $state<string | null>(null);
  /** Whole seconds until the announced retry; 0 once it is due. */
  seconds = $state(0);
  #retryAt = 0;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(api: Api) {
    api.on('service.throttled', (t) => {
      if (!t.limited) return this.#clear();
      this.operation = t.operation;
      this.#retryAt = performance.now() + t.waitMs;
      this.#tick();
      this.#timer ??= setInterval(() => this.#tick(), 250);
    });
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
