/**
 * Whether a video tile waits for the network: video arriving slower than it plays. A tile that
 * stalls while segments come in fast enough waits for the camera or the service instead, and
 * says so differently. Plain logic (tested in Node); the player feeds it the load times of the
 * segments hls.js fetched and the one it is fetching now.
 */
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';

export interface SegmentLoad {
  /** Bytes of the segment. */
  bytes: number;
  /** From the request to its last byte. */
  loadMs: number;
  /** Seconds of video in it. */
  durationS: number;
}

/** The last few segments: enough to smooth one slow one, few enough to follow a change. */
const WINDOW = 4;
/** Loading takes this share of playing time or more: nothing is left to fill the buffer. */
const SLOW_RATIO = 0.9;

export class NetworkGauge {
  #loads: SegmentLoad[] = [];
  #inFlight: { since: number; durationS: number; key: string | undefined } | null = null;
  #playlist: { since: number; withinS: number } | null = null;

  /**
   * A segment was asked for (its duration from the playlist). `key` names the segment: asked for
   * again after a timeout, it keeps the time of its first asking, since the player's retries
   * (a timeout every few seconds) would otherwise keep a slow segment from ever being overdue.
   */
  loading(now: number, durationS: number, key?: string): void {
    if (key !== undefined && this.#inFlight?.key === key) return;
    this.#inFlight = { since: now, durationS, key };
  }

  /**
   * The playlist was asked for; a few hundred bytes, it should come within `withinS` (the
   * stream's target duration). A live stream shows new video only after its playlist, so a
   * playlist stuck on a slow link is the network too, with no segment in flight to show it.
   */
  playlistLoading(now: number, withinS: number): void {
    this.#playlist ??= { since: now, withinS };
  }

  /** The playlist arrived. */
  playlistLoaded(): void {
    this.#playlist = null;
  }

  /** A segment arrived. */
  loaded(load: SegmentLoad): void {
    this.#inFlight = null;
    if (!(load.durationS > 0) || !(load.loadMs >= 0) || !(load.bytes >= 0)) return;
    this.#loads.push(load);
    if (this.#loads.length > WINDOW) this.#loads.shift();
  }

  /** A new player, or the tile came back: what the old link did says nothing now. */
  reset(): void {
    this.#loads = [];
    this.#inFlight = null;
    this.#playlist = null;
  }

  /** Bits per second the link gave over the recent segments (null before the first). */
  get bandwidthBps(): number | null {
    const ms = this.#loads.reduce((sum, l) => sum + l.loadMs, 0);
    const bytes = this.#loads.reduce((sum, l) => sum + l.bytes, 0);
    return this.#loads.length === 0 || ms <= 0 ? null : (bytes * 8 * 1000) / ms;
  }

  /** Bits per second the stream needs to play in real time (null before the first segment). */
  get neededBps(): number | null {
    const seconds = this.#loads.reduce((sum, l) => sum + l.durationS, 0);
    const bytes = this.#loads.reduce((sum, l) => sum + l.bytes, 0);
    return this.#loads.length === 0 ? null : (bytes * 8) / seconds;
  }

  /**
   * True when the network is what playback waits for: the segment being fetched has taken
   * longer than it plays, the playlist longer than its target duration, or the recent segments
   * together took nearly as long as they play.
   */
  slow(now: number): boolean {
    if (this.#overdue(now)) return true;
    if (this.#loads.length === 0) return false;
    const loadMs = this.#loads.reduce((sum, l) => sum + l.loadMs, 0);
    const playMs = this.#loads.reduce((sum, l) => sum + l.durationS * 1000, 0);
    return loadMs >= playMs * SLOW_RATIO;
  }

  /** The segment being fetched has taken longer than it plays, or the playlist its time. */
  #overdue(now: number): boolean {
    return this.#segmentOverdue(now) || this.#playlistOverdue(now);
  }

  #segmentOverdue(now: number): boolean {
    const flight = this.#inFlight;
    return flight !== null && flight.durationS > 0 && now - flight.since > flight.durationS * 1000;
  }

  #playlistOverdue(now: number): boolean {
    const playlist = this.#playlist;
    return playlist !== null && now - playlist.since > playlist.withinS * 1000;
  }

  /**
   * What the tile says while it waits for the network, with the figures it has: the overdue
   * segment first (the segments before it may have come fast, before the link slowed down).
   * Kept as what it means: the tile words it when drawn.
   */
  describe(now: number): Said {
    const got = this.bandwidthBps;
    const needed = this.neededBps;
    const flight = this.#inFlight;
    const playlist = this.#playlist;
    if (flight && this.#segmentOverdue(now)) {
      const seconds = Math.round((now - flight.since) / 1000);
      const duration = Math.round(flight.durationS);
      return needed === null
        ? said('wall.net.segment', { duration, seconds })
        : said('wall.net.segmentNeeds', { duration, seconds, needed: saidWithin(rate(needed)) });
    }
    if (playlist && this.#playlistOverdue(now)) {
      const seconds = Math.round((now - playlist.since) / 1000);
      return said('wall.net.playlist', { seconds, within: Math.round(playlist.withinS) });
    }
    if (got !== null && needed !== null) {
      return said('wall.net.rate', {
        got: saidWithin(rate(got)),
        needed: saidWithin(rate(needed)),
      });
    }
    return said('wall.net.slower');
  }
}

/** 1,234,567 -> "1.2 Mbit/s"; 850,000 -> "850 kbit/s" (numbers as the language writes them). */
export function rate(bps: number): Said {
  if (bps >= 1e7) return said('wall.net.mbps', { value: Math.round(bps / 1e6) });
  if (bps >= 1e6) return said('wall.net.mbpsTenths', { value: bps / 1e6 });
  return said('wall.net.kbps', { value: Math.max(1, Math.round(bps / 1e3)) });
}
