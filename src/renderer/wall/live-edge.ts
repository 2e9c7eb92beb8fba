/**
 * Keeping a live tile near the live edge, as plain logic (tested in Node). A tile falls behind
 * after a stall and drifts over hours; hls.js adjusts the playback rate only in low-latency
 * mode (off here: its blocking playlist requests would hold HTTP/1.1 connections), so the
 * wrapper does it: a little behind plays slightly faster, far behind jumps to the edge.
 */

export interface EdgeReading {
  /** Seconds behind the live edge (hls.js `latency`). */
  latency: number;
  /** The delay aimed at: liveTargetS. */
  target: number;
  /** The stream's segment length (the playlist's target duration), seconds. */
  segmentS: number;
  /** Seconds of video buffered ahead of the playback position. */
  aheadS: number;
}

export type EdgeAction =
  /** Play at this rate (1: normal). */
  | { kind: 'rate'; rate: number }
  /** Too far behind to catch up by speed: jump to the live edge. */
  | { kind: 'jump' };

/**
 * How far behind the live edge a tile aims to play, in segments (6 s with 2 s segments): enough
 * buffer for a wall of 16 on one connection pool, near enough to be live.
 */
export const LIVE_SEGMENTS = 3;

/**
 * The delay aimed at, in seconds: always LIVE_SEGMENTS, never raised after stalls. hls.js adds a
 * second to its own target for every stall (up to a segment) and keeps it for the player's
 * life: after a busy minute a tile sat 8 s behind for the rest of a shift, and was not even
 * shown as behind.
 */
export function liveTargetS(segmentS: number): number {
  return LIVE_SEGMENTS * segmentS;
}

/** The fastest catch-up: fast enough to gain a segment in ~10 s, slow enough to look natural. */
export const MAX_CATCH_UP_RATE = 1.2;

export class LiveEdge {
  #catchingUp = false;

  /**
   * How far behind the target a tile jumps instead of playing faster: two segments, which at
   * 1.2x would take 10 s to make up, and which a short buffer (8 s ahead) usually holds, so the
   * jump lands on video already there.
   */
  static jumpBehindS(segmentS: number): number {
    return Math.max(4, 2 * segmentS);
  }

  /** Whether the delay is worth telling the user: more than a segment past the target. */
  static behindShown(reading: Pick<EdgeReading, 'latency' | 'target' | 'segmentS'>): boolean {
    return reading.latency - reading.target > reading.segmentS;
  }

  next(r: EdgeReading): EdgeAction {
    const behind = r.latency - r.target;
    if (behind > LiveEdge.jumpBehindS(r.segmentS)) {
      this.#catchingUp = false;
      return { kind: 'jump' };
    }
    // Hysteresis: start past half a segment behind, stop within a quarter of a second, so the
    // rate does not flip at every check. Never faster with less than a second buffered: that
    // would only run into a stall sooner.
    if (behind > Math.max(0.5, r.segmentS / 2) && r.aheadS > 1) this.#catchingUp = true;
    if (behind < 0.25 || r.aheadS <= 1) this.#catchingUp = false;
    if (!this.#catchingUp) return { kind: 'rate', rate: 1 };
    const rate = Math.min(MAX_CATCH_UP_RATE, 1 + behind / 10);
    return { kind: 'rate', rate: Math.round(rate * 100) / 100 };
  }
}
