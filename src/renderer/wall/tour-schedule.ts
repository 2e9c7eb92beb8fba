/**
 * When a wall tour changes what it shows, as a pure class driven by an injected clock (tested in
 * Node with a clock the test moves). A step is one camera (one tile changes) or one page (the
 * whole wall changes). The next step's images are loaded before the switch, starting up to 10 s
 * ahead of it; a step whose images fail is skipped, never shown as an error for a whole dwell.
 * When every step fails the tour says so once and tries again slowly, instead of spinning.
 */

export interface TourClock {
  now(): number;
  /** Calls `fn` after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const realClock: TourClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * Why a step was skipped, as what happened (not words: this file speaks no language; the tour
 * says it in the user's, tour-words.ts). `refused` carries the failed request's own words,
 * made when drawn.
 */
export type SkipReason =
  | { kind: 'late'; seconds: number }
  | { kind: 'cutOff' }
  | { kind: 'undecodable'; detail: string }
  | { kind: 'emptyPage' }
  | { kind: 'refused'; words: () => string };

export type Prepared = { ok: true } | { ok: false; reason: SkipReason };

export interface ScheduleHooks {
  /** Loads a step's images; resolves once they can be shown (or with why they cannot). */
  prepare(step: number, signal: AbortSignal): Promise<Prepared>;
  show(step: number): void;
  skipped(step: number, reason: SkipReason): void;
  /** Every step failed in one round (tried again every `retrySeconds`): said once until a step shows again. */
  allFailed(retrySeconds: number): void;
}

/** A step's images get this long; a camera slower than that is skipped like a failed one. */
export const PREPARE_TIMEOUT_MS = 10_000;
/**
 * Loading starts this long before the switch (with a shorter dwell, as soon as a step shows), so
 * that a camera that fails by timing out is skipped within the dwell, not after it.
 */
export const PREPARE_LEAD_MS = PREPARE_TIMEOUT_MS;
/** When every step failed, the next round starts this long after (or a dwell, if longer). */
export const ALL_FAILED_RETRY_MS = 30_000;

export class TourSchedule {
  readonly #clock: TourClock;
  readonly #hooks: ScheduleHooks;
  readonly #steps: number;
  #dwellMs: number;

  /** The step on screen, or null before the first one shows. */
  position: number | null = null;
  shownAt = 0;
  /** When the next step is due (while paused: as it was when paused). */
  dueAt = 0;
  paused = false;
  #remainingMs = 0;
  /** Bumped by every change of plan: an older attempt that resolves late does nothing. */
  #generation = 0;
  #cancelTimer: () => void = () => {};
  #abort = new AbortController();
  #failureSaid = false;
  #stopped = false;

  constructor(clock: TourClock, steps: number, dwellMs: number, hooks: ScheduleHooks) {
    if (steps < 1) throw new RangeError('A tour needs at least one step.');
    this.#clock = clock;
    this.#steps = steps;
    this.#dwellMs = dwellMs;
    this.#hooks = hooks;
  }

  get dwellMs(): number {
    return this.#dwellMs;
  }

  /** Shows the first step whose images load. */
  start(): void {
    void this.#advance(1, this.#clock.now());
  }

  /** By hand: the next (or previous) step as soon as its images are loaded. */
  next(): void {
    if (this.#stopped) return;
    this.paused = false;
    void this.#advance(1, this.#clock.now());
  }

  previous(): void {
    if (this.#stopped) return;
    this.paused = false;
    void this.#advance(-1, this.#clock.now());
  }

  pause(): void {
    if (this.paused || this.#stopped) return;
    this.paused = true;
    this.#remainingMs = Math.max(0, this.dueAt - this.#clock.now());
    this.#cancel();
  }

  resume(): void {
    if (!this.paused || this.#stopped) return;
    this.paused = false;
    if (this.position === null) return this.start();
    this.dueAt = this.#clock.now() + this.#remainingMs;
    this.#arm();
  }

  /** A new dwell counts from when the current step showed. */
  setDwell(ms: number): void {
    this.#dwellMs = ms;
    if (this.position === null) return;
    if (this.paused) {
      this.#remainingMs = Math.max(0, this.shownAt + ms - this.#clock.now());
      return;
    }
    this.dueAt = this.shownAt + ms;
    this.#arm();
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel();
  }

  /** The share of the dwell gone, 0 to 1. */
  progress(): number {
    const left = this.paused ? this.#remainingMs : this.dueAt - this.#clock.now();
    return Math.min(1, Math.max(0, 1 - left / this.#dwellMs));
  }

  #cancel(): void {
    this.#generation += 1;
    this.#cancelTimer();
    this.#cancelTimer = () => {};
    this.#abort.abort();
  }

  /** Loading of the next step starts a lead ahead of its time. */
  #arm(): void {
    this.#cancel();
    const lead = Math.min(PREPARE_LEAD_MS, this.#dwellMs);
    const wait = Math.max(0, this.dueAt - lead - this.#clock.now());
    const due = this.dueAt;
    this.#cancelTimer = this.#clock.after(wait, () => void this.#advance(1, due));
  }

  /** Tries the steps after the current one, in `direction`, until one loads; shows it at `at`. */
  async #advance(direction: 1 | -1, at: number): Promise<void> {
    this.#cancel();
    const generation = this.#generation;
    const from = this.position ?? (direction > 0 ? -1 : 0);
    for (let tries = 1; tries <= this.#steps; tries++) {
      const step = (((from + direction * tries) % this.#steps) + this.#steps) % this.#steps;
      const prepared = await this.#prepare(step);
      if (generation !== this.#generation) return;
      if (prepared.ok) {
        await this.#until(at);
        if (generation === this.#generation) this.#show(step);
        return;
      }
      this.#hooks.skipped(step, prepared.reason);
    }
    const retry = Math.max(ALL_FAILED_RETRY_MS, this.#dwellMs);
    if (!this.#failureSaid) {
      this.#failureSaid = true;
      this.#hooks.allFailed(Math.round(retry / 1000));
    }
    this.#cancelTimer = this.#clock.after(retry, () => void this.#advance(direction, 0));
  }

  /** One step's loading, bounded in time by the same clock. */
  #prepare(step: number): Promise<Prepared> {
    this.#abort = new AbortController();
    const abort = this.#abort;
    return new Promise<Prepared>((resolve) => {
      const cancel = this.#clock.after(PREPARE_TIMEOUT_MS, () => {
        abort.abort();
        resolve({ ok: false, reason: { kind: 'late', seconds: PREPARE_TIMEOUT_MS / 1000 } });
      });
      this.#hooks.prepare(step, abort.signal).then(
        (prepared) => (cancel(), resolve(prepared)),
        (error: Error) => (
          cancel(),
          resolve({ ok: false, reason: { kind: 'refused', words: () => error.message } })
        ),
      );
    });
  }

  #until(at: number): Promise<void> {
    const wait = at - this.#clock.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#cancelTimer = this.#clock.after(wait, resolve);
    });
  }

  #show(step: number): void {
    this.position = step;
    this.shownAt = this.#clock.now();
    this.dueAt = this.shownAt + this.#dwellMs;
    this.#failureSaid = false;
    this.#hooks.show(step);
    this.#arm();
  }
}
