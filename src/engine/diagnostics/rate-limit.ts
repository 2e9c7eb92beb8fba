/** Renderer errors logged per window of time; past it they are counted, not written. */
export const RENDERER_ERRORS_PER_WINDOW = 20;
export const RENDERER_ERROR_WINDOW_MS = 60_000;

export interface Admission {
  /** Write this one. */
  admitted: boolean;
  /** Lines refused since the last admitted one: said in the log before it. */
  refusedBefore: number;
}

/**
 * A fixed budget of lines per window of time: a page that throws in a loop (every animation
 * frame, say) writes 20 lines a minute, not thousands a second, and the log says how many it
 * left out.
 */
export class LineBudget {
  readonly #perWindow: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #windowStart = -Infinity;
  #used = 0;
  #refused = 0;

  constructor(
    perWindow = RENDERER_ERRORS_PER_WINDOW,
    windowMs = RENDERER_ERROR_WINDOW_MS,
    now: () => number = () => performance.now(),
  ) {
    this.#perWindow = perWindow;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  take(): Admission {
    const now = this.#now();
    if (now - this.#windowStart >= this.#windowMs) {
      this.#windowStart = now;
      this.#used = 0;
    }
    if (this.#used >= this.#perWindow) {
      this.#refused++;
      return { admitted: false, refusedBefore: 0 };
    }
    this.#used++;
    const refusedBefore = this.#refused;
    this.#refused = 0;
    return { admitted: true, refusedBefore };
  }
}
