/**
 * One speed limit shared by every transfer (settings.speedLimitKBps, read on each use so that
 * a change applies at once): a token bucket that lets a quarter second of traffic through in a
 * burst and makes the rest wait.
 */
export class SpeedLimiter {
  readonly #bytesPerSecond: () => number;
  #tokens = 0;
  #last = performance.now();

  /** `bytesPerSecond` returns 0 for no limit. */
  constructor(bytesPerSecond: () => number) {
    this.#bytesPerSecond = bytesPerSecond;
  }

  /** Whether a limit is set now (without one, transfers need not ask). */
  get limited(): boolean {
    return this.#bytesPerSecond() > 0;
  }

  /**
   * Resolves when `bytes` may pass; at once when there is no limit. A wait is taken in short
   * slices, each at the limit in force: a limit lifted or raised while transfers wait applies
   * to them at once (a wait worked out at 1 KB/s could otherwise last minutes).
   */
  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    let rate = this.#bytesPerSecond();
    if (rate <= 0) return;
    this.#refill(rate);
    this.#tokens -= bytes;
    // What the bucket owes before this chunk may pass: earlier waiters are owed first.
    let owed = -this.#tokens;
    let last = performance.now();
    while (owed > 0) {
      await pause(Math.min(WAIT_SLICE_MS, (owed * 1000) / rate), signal);
      const now = performance.now();
      owed -= ((now - last) * rate) / 1000;
      last = now;
      rate = this.#bytesPerSecond();
      if (rate <= 0) {
        // No limit any more: nothing is owed, and a limit set again starts afresh.
        this.#tokens = 0;
        this.#last = now;
        return;
      }
    }
  }

  #refill(rate: number): void {
    const nowMs = performance.now();
    const burst = Math.max(rate / 4, 16 * 1024);
    this.#tokens = Math.min(burst, this.#tokens + ((nowMs - this.#last) * rate) / 1000);
    this.#last = nowMs;
  }
}

/** The longest a transfer sleeps before it looks at the limit again. */
const WAIT_SLICE_MS = 250;

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
