/**
 * The rate limit of a variant (ServiceChoices.throttle; the interface shows none): at most
 * `requests` authenticated operations per client in each window of `windowMs`. Beyond that an
 * operation answers 429 with Retry-After and is not carried out, so repeating it is safe.
 * Windows are measured on the monotonic clock: the service's own clock may be set by tests.
 */
import { RequestError } from './errors.ts';

export interface ThrottleLimit {
  requests: number;
  windowMs: number;
}

export class Throttle {
  readonly #limit: ThrottleLimit;
  readonly #now: () => number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(limit: ThrottleLimit, now: () => number = () => performance.now()) {
    this.#limit = limit;
    this.#now = now;
  }

  /** Counts one operation of the client; throws the 429 when it is over the limit. */
  admit(clientId: string): void {
    const now = this.#now();
    let window = this.#windows.get(clientId);
    if (!window || now - window.start >= this.#limit.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(clientId, window);
    }
    if (window.count < this.#limit.requests) {
      window.count++;
      return;
    }
    const waitS = Math.max(1, Math.ceil((window.start + this.#limit.windowMs - now) / 1000));
    throw new RequestError(
      429,
      'too_many_requests',
      `Client ${clientId} made more than ${this.#limit.requests} requests in ${this.#limit.windowMs} ms; this one was not carried out. Repeat it after ${waitS} s.`,
      undefined,
      { 'Retry-After': String(waitS) },
    );
  }
}
