/**
 * The stall watchdog and reconnect backoff of a video tile, as plain logic (tested in Node).
 * hls.js retries loads itself, but a stream that stopped and came back can leave a player
 * stalled for good; the watchdog watches what the user sees, the playback position.
 */

export type WatchdogAction =
  /** The position advanced: all is well. */
  | 'ok'
  /** No progress yet, but within the grace period (buffering, a slow segment). */
  | 'waiting'
  /** Stalled: reload the playlist (first remedy, cheap). */
  | 'reload'
  /** Still stalled after the reload: destroy the player and create a new one. */
  | 'recreate';

export interface WatchdogOptions {
  /** No progress for this long is a stall. */
  stallMs: number;
  /** After a reload, how long to wait for progress before recreating the player. */
  reloadGraceMs: number;
}

export const defaultWatchdog: WatchdogOptions = { stallMs: 6000, reloadGraceMs: 6000 };

export class StallWatchdog {
  readonly #options: WatchdogOptions;
  #position = Number.NaN;
  #progressAt = 0;
  #reloadedAt: number | null = null;

  constructor(options: WatchdogOptions = defaultWatchdog) {
    this.#options = options;
  }

  /** Starts watching afresh (a new player, or a tile shown again). */
  reset(now: number): void {
    this.#position = Number.NaN;
    this.#progressAt = now;
    this.#reloadedAt = null;
  }

  /** Milliseconds since the position last advanced. */
  idleMs(now: number): number {
    return now - this.#progressAt;
  }

  sample(now: number, position: number): WatchdogAction {
    if (Number.isNaN(this.#position) || position > this.#position + 0.01) {
      const advanced = !Number.isNaN(this.#position);
      this.#position = position;
      if (advanced) {
        this.#progressAt = now;
        this.#reloadedAt = null;
        return 'ok';
      }
    }
    // A position that jumped back (a new player, a seek to live) counts as a new start.
    if (position < this.#position - 0.01) this.#position = position;
    if (now - this.#progressAt < this.#options.stallMs) return 'waiting';
    if (this.#reloadedAt === null) {
      this.#reloadedAt = now;
      return 'reload';
    }
    return now - this.#reloadedAt >= this.#options.reloadGraceMs ? 'recreate' : 'waiting';
  }
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... up to 30 s, reset once playing again. */
export class Backoff {
  readonly #baseMs: number;
  readonly #maxMs: number;
  readonly #random: () => number;
  #attempt = 0;

  constructor(baseMs = 1000, maxMs = 30_000, random: () => number = Math.random) {
    this.#baseMs = baseMs;
    this.#maxMs = maxMs;
    this.#random = random;
  }

  get attempts(): number {
    return this.#attempt;
  }

  /** The delay before the next attempt; jitter keeps many tiles from retrying in lockstep. */
  next(): number {
    const delay = Math.min(this.#maxMs, this.#baseMs * 2 ** this.#attempt);
    this.#attempt += 1;
    return Math.round(delay * (0.8 + 0.4 * this.#random()));
  }

  reset(): void {
    this.#attempt = 0;
  }
}

/** What a tile shows about its stream or image. */
export type TileStateKind =
  | 'starting'
  | 'live'
  | 'buffering'
  /** Video arrives slower than it plays: the link, not the camera or Roadcam, is the limit. */
  | 'network'
  | 'stalled'
  | 'reconnecting'
  | 'offline'
  | 'error'
  | 'paused';

export interface TileState {
  kind: TileStateKind;
  /** Why, in words a user can act on (errors, offline, reconnecting). */
  reason?: string;
}

export const stateLabels: Record<TileStateKind, string> = {
  starting: 'Starting',
  live: 'Live',
  buffering: 'Buffering',
  network: 'Waiting for network',
  stalled: 'Stalled',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
  error: 'Error',
  paused: 'Paused',
};
