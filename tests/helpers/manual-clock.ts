/**
 * A clock a test moves by hand, for code that takes its clock as a dependency (the wall tour's
 * TourClock): timers fire in order as the test advances it, and the promises they start settle
 * before the next one fires. It is the only clock such code sees: never mixed with the real one.
 */
export class ManualClock {
  time = 1_000_000;
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #ids = 0;

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const id = ++this.#ids;
    this.#timers.push({ at: this.time + ms, fn, id });
    return () => (this.#timers = this.#timers.filter((t) => t.id !== id));
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Moves the clock, firing every timer due on the way, in order, and what they start. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
      await settle();
    }
    this.time = end;
  }
}

/** Lets promise chains run (no clock involved). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
