/**
 * What a feature runs in the background, registered where it is made: a hub subscription, a
 * timer, a pool, a queue to close. `dispose()` (the feature's close) ends them all, last made
 * first, so a feature cannot start something and forget to end it in a `close` written far
 * away (VS Code's DisposableStore is the model).
 */
export type Dispose = () => void | Promise<void>;

export class Disposables {
  #items: Dispose[] = [];
  #disposed = false;

  /** Registers `dispose`; after `dispose()` it runs at once (nothing outlives the feature). */
  add(dispose: Dispose): void {
    if (this.#disposed) void Promise.resolve().then(dispose);
    else this.#items.push(dispose);
  }

  /** `work` every `ms` while the feature runs; the timer does not hold the process open. */
  every(ms: number, work: () => void): void {
    const timer = setInterval(work, ms);
    timer.unref();
    this.add(() => clearInterval(timer));
  }

  /**
   * Ends everything registered, last first, each awaited; one that throws does not keep the
   * others from ending, and the first error is thrown once all have run.
   */
  async dispose(): Promise<void> {
    this.#disposed = true;
    let failure: { error: unknown } | undefined;
    for (const dispose of this.#items.splice(0).reverse()) {
      try {
        await dispose();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}
