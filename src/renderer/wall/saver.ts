/**
 * Writes a wall shortly after each change, one write at a time: a new wall gets one id however
 * fast the changes come, and a write asked for now (a rename) answers whether it was saved.
 */
/** Why a write failed, in words made when they are read (`failureWords`, lib/notice.ts). */
type Failure = () => string;

export class WallSaver {
  readonly #write: () => Promise<Failure | null>;
  readonly #onError: (failure: Failure) => void;
  readonly #delayMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #chain: Promise<unknown> = Promise.resolve();

  /** `write` saves and answers null, or the failure's words; `onError` tells a later failure. */
  constructor(
    write: () => Promise<Failure | null>,
    onError: (failure: Failure) => void,
    delayMs = 300,
  ) {
    this.#write = write;
    this.#onError = onError;
    this.#delayMs = delayMs;
  }

  /** A change: written after the delay, unless another change comes first. */
  schedule(): void {
    this.cancel();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.now().then((error) => error !== null && this.#onError(error));
    }, this.#delayMs);
  }

  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Writes now, after any write under way; null once written, else why not. */
  now(): Promise<Failure | null> {
    this.cancel();
    const run = this.#chain.then(() => this.#write());
    this.#chain = run;
    return run;
  }

  /** Writes a scheduled change now, and waits for every write under way. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) {
      const error = await this.now();
      if (error !== null) this.#onError(error);
    }
    await this.#chain;
  }
}
