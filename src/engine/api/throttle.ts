/**
 * Watches the requests that wait out the service's rate limit (429, see http.ts) and tells a
 * listener what the status bar and the CLI show: when the limiting starts, when a wait ends
 * later than announced, and when requests pass again. A burst of throttled requests gives a
 * few notices, not one per request.
 */
import type { ServiceThrottle } from '../../shared/ipc/app.ts';
import type { ThrottleListener } from './http.ts';
import type { Said } from '../../shared/i18n/translator.ts';

/** A later wait than the announced one is announced when it is at least this much later. */
const ANNOUNCE_STEP_MS = 1000;

export class ThrottleWatch implements ThrottleListener {
  readonly #notify: (state: ServiceThrottle) => void;
  readonly #now: () => number;
  #waiting = 0;
  #limited = false;
  /** When the latest announced wait ends (local monotonic ms). */
  #announcedEnd = 0;

  constructor(
    notify: (state: ServiceThrottle) => void,
    now: () => number = () => performance.now(),
  ) {
    this.#notify = notify;
    this.#now = now;
  }

  get limited(): boolean {
    return this.#limited;
  }

  waiting(operation: Said, waitMs: number): (outcome: 'retry' | 'aborted') => void {
    this.#waiting++;
    const end = this.#now() + waitMs;
    if (!this.#limited || end >= this.#announcedEnd + ANNOUNCE_STEP_MS) {
      this.#limited = true;
      this.#announcedEnd = end;
      this.#notify({ limited: true, operation, waitMs });
    }
    let done = false;
    return (outcome) => {
      if (done) return;
      done = true;
      this.#waiting--;
      // A retried request tells whether it passed; a cancelled one never will.
      if (outcome === 'aborted' && this.#waiting === 0) this.#clear(operation);
    };
  }

  passed(): void {
    if (this.#limited && this.#waiting === 0) this.#clear(null);
  }

  #clear(operation: Said | null): void {
    if (!this.#limited) return;
    this.#limited = false;
    this.#announcedEnd = 0;
    this.#notify({ limited: false, operation, waitMs: 0 });
  }
}
