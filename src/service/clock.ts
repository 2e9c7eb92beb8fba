/**
 * The one clock of the service: token expiry, ten-minute marks, alert expiry and the 90-day
 * lifetime of recordings and collections all read it. It runs in real time from a start that
 * tests can fix, and can be set or advanced; listeners hear of every jump.
 */

export interface SettableClock {
  now(): Date;
  set(t: Date | string): void;
  advance(ms: number): void;
}

export class Clock implements SettableClock {
  #offsetMs: number;
  readonly #listeners = new Set<() => void>();

  constructor(start?: Date | string) {
    this.#offsetMs = start === undefined ? 0 : parseTime(start) - Date.now();
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Whole epoch seconds. */
  nowS(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  set(t: Date | string): void {
    this.#offsetMs = parseTime(t) - Date.now();
    this.#emit();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError('advance needs a finite number of milliseconds');
    this.#offsetMs += ms;
    this.#emit();
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    for (const l of this.#listeners) l();
  }
}

export function parseTime(t: Date | string): number {
  const ms = t instanceof Date ? t.getTime() : Date.parse(t);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid time: ${String(t)}`);
  return ms;
}
