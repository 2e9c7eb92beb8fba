/**
 * Rewind: one time for the whole wall. Every tile shows its camera's archived frame nearest
 * that time; steps and playback move all of them together; "Live" returns every tile to its
 * stream. The frame lists (one image a minute for 24 hours) are fetched when rewind starts.
 */
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { t } from '../lib/words.svelte.ts';
import { rewindRange } from './frames.ts';

const STEP_MS = 60_000;
const TICK_MS = 250;
export const PLAY_SPEEDS = [10, 60] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];

export class RewindState {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  active = $state(false);
  /** Listing the archived frames of the wall's cameras, and why rewind cannot show them. */
  readonly listing = new Operation();
  /** The chosen moment, epoch ms. */
  time = $state(0);
  /** 0 when paused. */
  speed = $state<0 | PlaySpeed>(0);
  times = $state<Record<string, number[]>>({});

  range = $derived(rewindRange(Object.values(this.times)));

  #timer: ReturnType<typeof setInterval> | undefined;

  /** Enters rewind at the newest archived frame (or keeps the time when already rewinding). */
  async start(cameraIds: readonly string[]): Promise<void> {
    const wasActive = this.active;
    this.active = true;
    const missing = cameraIds.filter((id) => !this.times[id]);
    const lists = await this.listing.run(
      () =>
        Promise.all(
          missing.map(async (cameraId) =>
            epochTimes(await this.#api.invoke('cameras.imageTimes', { cameraId })),
          ),
        ),
      () => t('wall.rewind.listFailed'),
    );
    // Back to live before the lists came: they would be stale by the next rewind.
    if (!lists || !this.active) return;
    const next = { ...this.times };
    missing.forEach((id, i) => (next[id] = lists[i]!));
    this.times = next;
    const range = this.range;
    if (!range) {
      this.listing.fail(() => t('wall.rewind.noArchive'));
    } else if (!wasActive || this.time < range.min || this.time > range.max) {
      this.time = range.max;
    }
  }

  /** Back to live video in every tile; forgets the lists, which go stale by the minute. */
  live(): void {
    this.pause();
    this.active = false;
    this.times = {};
    this.listing.error = null;
  }

  seek(time: number): void {
    const range = this.range;
    this.time = range ? Math.min(range.max, Math.max(range.min, time)) : time;
  }

  /** One archived frame (a minute) forward or back; `steps` may be larger for bigger jumps. */
  step(steps: number): void {
    this.pause();
    this.seek(this.time + steps * STEP_MS);
  }

  play(speed: PlaySpeed): void {
    this.pause();
    this.speed = speed;
    let last = performance.now();
    this.#timer = setInterval(() => {
      const now = performance.now();
      const next = this.time + (now - last) * this.speed;
      last = now;
      if (this.range && next >= this.range.max) {
        this.seek(this.range.max);
        this.pause();
      } else this.seek(next);
    }, TICK_MS);
  }

  pause(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.speed = 0;
  }
}

export const rewindContext = contextSlot<RewindState>('rewind');

/** The service's times as epoch ms, ascending; a time that does not parse is left out. */
function epochTimes(times: readonly string[]): number[] {
  return times.map((t) => Date.parse(t)).filter((ms) => Number.isFinite(ms));
}
