/**
 * The stall watchdog and reconnect backoff of a video tile, as plain logic (tested in Node).
 * hls.js retries loads itself, but a stream that stopped and came back can leave a player
 * stalled for good; the watchdog watches what the user sees: when the picture last changed
 * (picture.ts), not the playback position, which a seek moves without a new picture.
 */
import type { ValueKeys } from '../lib/enum-words.ts';
import type { TileReason } from './tile-reason.ts';

export type WatchdogAction =
  /** A new picture within the stall time: nothing to do. */
  | 'ok'
  /** No new picture yet, but within the grace period (buffering, a slow segment). */
  | 'waiting'
  /** Stalled: reload the playlist (first remedy, cheap). */
  | 'reload'
  /** Still stalled after the reload: destroy the player and create a new one. */
  | 'recreate';

export interface WatchdogOptions {
  /** No new picture for this long is a stall. */
  stallMs: number;
  /** After a reload, how long to wait for a new picture before recreating the player. */
  reloadGraceMs: number;
}

export const defaultWatchdog: WatchdogOptions = { stallMs: 6000, reloadGraceMs: 6000 };

export class StallWatchdog {
  readonly #options: WatchdogOptions;
  #startedAt = 0;
  #progressAt = 0;
  #reloadedAt: number | null = null;

  constructor(options: WatchdogOptions = defaultWatchdog) {
    this.#options = options;
  }

  /** Starts watching afresh (a new player, or a tile shown again). */
  reset(now: number): void {
    this.#startedAt = now;
    this.#progressAt = now;
    this.#reloadedAt = null;
  }

  /** Milliseconds since the picture last changed (or since the reset, if later). */
  idleMs(now: number): number {
    return now - this.#progressAt;
  }

  /** `pictureAt`: when the element last showed a new frame (null: never). */
  sample(now: number, pictureAt: number | null): WatchdogAction {
    const progressAt = Math.max(this.#startedAt, pictureAt ?? this.#startedAt);
    if (progressAt > this.#progressAt) {
      this.#progressAt = progressAt;
      this.#reloadedAt = null;
    }
    if (now - this.#progressAt < this.#options.stallMs) {
      return progressAt > this.#startedAt ? 'ok' : 'waiting';
    }
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
  /** A still image older than the camera should send: it has not sent a newer one. */
  | 'stale'
  | 'paused';

export interface TileState {
  kind: TileStateKind;
  /** Why, in words a user can act on (errors, offline, reconnecting), worded when drawn. */
  reason?: TileReason;
  /**
   * When the picture the user sees was shown (video: the last new frame) or taken (a still
   * image: its capture time, else when it was fetched), in epoch milliseconds; absent: none.
   */
  pictureAt?: number;
  /** A live video's delay behind the stream's live edge, in seconds, when known. */
  behindS?: number;
}

export const stateLabels: ValueKeys<TileStateKind> = {
  starting: 'wall.state.starting',
  live: 'wall.state.live',
  buffering: 'wall.state.buffering',
  network: 'wall.state.network',
  stalled: 'wall.state.stalled',
  reconnecting: 'wall.state.reconnecting',
  offline: 'wall.state.offline',
  error: 'wall.state.error',
  stale: 'wall.state.stale',
  paused: 'wall.state.paused',
};

/**
 * Whether two states show the user the same thing: the same kind and words, the same delay,
 * and (but for Live, whose picture is always new) a picture of the same second.
 */
export function sameState(a: TileState, b: TileState): boolean {
  if (a.kind !== b.kind || !sameReason(a.reason, b.reason) || a.behindS !== b.behindS) {
    return false;
  }
  if (a.kind === 'live') return true;
  const second = (at: number | undefined) => (at === undefined ? null : Math.round(at / 1000));
  return second(a.pictureAt) === second(b.pictureAt);
}

/**
 * Whether two reasons say the same: each check makes its reason afresh, so they are compared by
 * what they hold (a message's key and parameters, or the service's text), not by identity.
 */
function sameReason(a: TileReason | undefined, b: TileReason | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
