/**
 * Something checked now and then in the background (watched areas for new alerts, condition
 * watches for changes of the roads): one check at a time, a caller during a check waiting for it
 * rather than starting another; every `intervalMs` once started; and a close that lets a check
 * under way finish before the database closes.
 */
export abstract class PeriodicCheck {
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | null = null;

  /** One whole check; failures are the subclass's to report (a rejection here is a bug). */
  protected abstract checkAll(): Promise<void>;

  check(): Promise<void> {
    this.#checking ??= this.checkAll().finally(() => (this.#checking = null));
    return this.#checking;
  }

  start(intervalMs: number): void {
    this.stop();
    this.#timer = setInterval(() => void this.check(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Stops checking, and lets a check under way finish. */
  async close(): Promise<void> {
    this.stop();
    await this.#checking;
  }
}
