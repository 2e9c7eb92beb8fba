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

  /** Resolves when `bytes` may pass; at once when there is no limit. */
  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    const rate = this.#bytesPerSecond();
    if (rate <= 0) return;
    const nowMs = performance.now();
    const burst = Math.max(rate / 4, 16 * 1024);
    this.#tokens = Math.min(burst, this.#tokens + ((nowMs - this.#last) * rate) / 1000);
    this.#last = nowMs;
    this.#tokens -= bytes;
    if (this.#tokens >= 0) return;
    const waitMs = (-this.#tokens * 1000) / rate;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, waitMs);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
