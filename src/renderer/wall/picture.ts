/**
 * What the user sees of a video tile, as plain logic (tested in Node): the frames the video
 * element presented (requestVideoFrameCallback), when the picture last changed, and whether it
 * moves. A tile says Live only while its picture moves; a position that jumped (a seek to the
 * live edge, a new player) or a byte that arrived is not a moving picture.
 */

export interface PictureOptions {
  /** The shortest time without a new frame that counts as frozen, whatever the frame rate. */
  minFreezeMs: number;
  /** A picture moving again must move this long before it counts as moving (no flicker). */
  confirmMs: number;
  /** Moving means the video time shown advances at least this fast against the clock. */
  minSpeed: number;
}

export const defaultPicture: PictureOptions = { minFreezeMs: 2000, confirmMs: 1000, minSpeed: 0.5 };

/** The frames of the last seconds kept to judge the speed; older ones are dropped. */
const WINDOW_MS = 3000;
/** The frame-interval estimate: slow cameras (one frame in 5 s) freeze later than fast ones. */
const MAX_FREEZE_MS = 15_000;

interface Shown {
  at: number;
  mediaTime: number;
}

export class PictureClock {
  readonly #o: PictureOptions;
  /** The frames of the current run of steady playback, newest last, within WINDOW_MS. */
  #run: Shown[] = [];
  #runStart: number | null = null;
  #shownAt: number | null = null;
  /** Video seconds between consecutive frames, for the frame interval (recent ones). */
  #steps: number[] = [];

  constructor(options: PictureOptions = defaultPicture) {
    this.#o = options;
  }

  /** When a new picture was last shown (the clock of `frame`), or null: none yet. */
  get shownAt(): number | null {
    return this.#shownAt;
  }

  /** A new player: its frames start a new run, but the picture the user saw keeps its age. */
  restart(): void {
    this.#run = [];
    this.#runStart = null;
  }

  /** The element presented a frame showing `mediaTime` (seconds of video) at `now` (ms). */
  frame(now: number, mediaTime: number): void {
    const last = this.#run.at(-1);
    if (last && Math.abs(mediaTime - last.mediaTime) < 1e-4) return; // the same frame again
    this.#shownAt = now;
    const gapS = last ? (now - last.at) / 1000 : 0;
    const step = last ? mediaTime - last.mediaTime : 0;
    // Video time that advanced about as much as the clock: one frame interval, however long.
    const interval = step <= 2 * gapS + 0.1;
    const plausible = interval && step >= 0.5 * gapS;
    // (The freeze time sorts the recent steps: asked only after a gap that could be one.)
    const frozen =
      gapS * 1000 > this.#o.minFreezeMs &&
      gapS * 1000 > this.freezeMs() &&
      !(this.#steps.length === 0 && plausible);
    if (!last || step < 0 || frozen) {
      // A first frame, a new stream (time went back) or a picture that was frozen: it has to
      // prove that it moves again, from here. (A slow camera's second frame only tells its
      // frame interval.)
      this.#run = [{ at: now, mediaTime }];
      this.#runStart = now;
      return;
    }
    // A jump ahead while playing (to the live edge) is no frame interval; if the picture
    // freezes after it, the freeze time says so.
    if (interval) {
      this.#steps.push(step);
      if (this.#steps.length > 30) this.#steps.shift();
    }
    this.#run.push({ at: now, mediaTime });
    // Keep one frame older than the window, so the speed is measured over the whole window.
    while (this.#run.length > 2 && now - this.#run[1]!.at > WINDOW_MS) this.#run.shift();
  }

  /** How long no new frame may come before the picture counts as frozen. */
  freezeMs(): number {
    if (this.#steps.length === 0) return this.#o.minFreezeMs;
    const sorted = [...this.#steps].sort((a, b) => a - b);
    const interval = sorted[Math.floor(sorted.length / 2)]! * 1000;
    return Math.min(MAX_FREEZE_MS, Math.max(this.#o.minFreezeMs, interval * 2.5));
  }

  /** Milliseconds since a new picture was shown; null when none has been. */
  ageMs(now: number): number | null {
    return this.#shownAt === null ? null : Math.max(0, now - this.#shownAt);
  }

  /** Video seconds shown per second of clock over the run's window (1: real time). */
  speed(now: number): number {
    const first = this.#run[0];
    const last = this.#run.at(-1);
    if (!first || !last || last === first) return 0;
    const elapsed = Math.max(now - first.at, last.at - first.at);
    return elapsed <= 0 ? 0 : ((last.mediaTime - first.mediaTime) * 1000) / elapsed;
  }

  /**
   * True while the picture moves: a new frame within the freeze time, video time advancing
   * at least at `minSpeed` of real time, for at least `confirmMs` since it (re)started.
   */
  moving(now: number): boolean {
    const age = this.ageMs(now);
    if (age === null || age > this.freezeMs() || this.#runStart === null) return false;
    if (this.#run.length < 2 || now - this.#runStart < this.#o.confirmMs) return false;
    return this.speed(now) >= this.#o.minSpeed;
  }
}
