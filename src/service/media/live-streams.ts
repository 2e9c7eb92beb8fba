/**
 * Live HLS for cameras with video: one stream per camera however many viewers, started by
 * the first request, stopped after a while without requests, and capped in number. A stream
 * is a loop encoded ahead (live-loop.ts, the default) or an encoder of its own running in
 * real time (live-encoder.ts, `live: 'encoder'`). Test controls take a camera offline (its
 * stream ends and fails) or pause its stream (stalls).
 */
import { join } from 'node:path';
import { LiveEncoder, MEDIA_PLAYLIST, SEGMENT_S } from './live-encoder.ts';
import { LoopCache, LoopStream, type LiveClock, type LoopLook } from './live-loop.ts';
import { safeName } from './frames.ts';

/** How live video is made: a loop encoded ahead per look, or an encoder per stream. */
export type LiveMode = 'loop' | 'encoder';

/** What the streams ask of a running stream, whichever way it is made. */
interface LiveSource {
  lastAccess: number;
  paused: boolean;
  readonly done: Promise<void>;
  readonly pid: number | undefined;
  playlistFile(): Promise<string | undefined>;
  segmentFile(name: string): Promise<string | undefined> | string | undefined;
  stop(): Promise<void>;
}

export interface LiveStreamsOptions {
  /** The running streams' files. */
  dir: string;
  /** The loops, kept across restarts. */
  loopsDir: string;
  /** Most encoders running at once; beyond it a new stream is refused (503). */
  maxEncoders: number;
  /** An encoder stops after this long without a request. */
  idleMs: number;
  mode: LiveMode;
  /** The camera's frame at service time tMs (epoch ms), as JPEG: the encoder's input. */
  frame(cameraId: string, tMs: number): Promise<Buffer>;
  /** The camera's look now: a loop's input. */
  look(cameraId: string): LoopLook;
  /** Service time, epoch ms. */
  nowMs(): number;
  log(line: string): void;
}

export type LiveFile =
  | { ok: true; path: string; contentType: string }
  | { ok: false; status: 404 | 503; message: string };

const PLAYLIST_WAIT_MS = 10_000;
const SEGMENT_FILE = /^seg_\d{6,9}\.ts$/;
/** Looped streams start with a full window: their numbering starts this long before. */
const BACKLOG_MS = 60_000;

export class LiveStreams {
  readonly #o: LiveStreamsOptions;
  readonly #encoders = new Map<string, Promise<LiveSource>>();
  readonly #paused = new Set<string>();
  readonly #sweeper: NodeJS.Timeout;
  readonly #loops: LoopCache;
  /** One numbering for every looped stream: a restarted stream goes on where it was. */
  readonly #clock: LiveClock;

  constructor(o: LiveStreamsOptions) {
    this.#o = o;
    this.#loops = new LoopCache(o.loopsDir);
    const originWall = Date.now() - BACKLOG_MS;
    const segmentMs = SEGMENT_S * 1000;
    this.#clock = {
      lastSeq: () => Math.floor((Date.now() - originWall) / segmentMs) - 1,
      programDateMs: (seq) => o.nowMs() - (Date.now() - (originWall + seq * segmentMs)),
    };
    this.#sweeper = setInterval(() => void this.#sweep(), Math.min(5000, o.idleMs / 3)).unref();
  }

  get running(): number {
    return this.#encoders.size;
  }

  /** Loops encoded since the start (those found on disk are not counted). */
  get loopsEncoded(): number {
    return this.#loops.encoded;
  }

  /** The camera's media playlist, starting its encoder when none runs. */
  async playlist(cameraId: string): Promise<LiveFile> {
    let enc = this.#encoders.get(cameraId);
    if (!enc) {
      if (this.#paused.has(cameraId)) {
        return {
          ok: false,
          status: 503,
          message: `The live stream of camera ${cameraId} is stopped: retry later.`,
        };
      }
      if (this.#encoders.size >= this.#o.maxEncoders) {
        return {
          ok: false,
          status: 503,
          message: `All ${this.#o.maxEncoders} live video encoders are busy: close another live stream or retry in a minute.`,
        };
      }
      enc = this.#start(cameraId);
    }
    const deadline = Date.now() + PLAYLIST_WAIT_MS;
    const encoder = await withinMs(enc, PLAYLIST_WAIT_MS).catch(() => undefined);
    let path: string | undefined;
    while (encoder && !(path = await encoder.playlistFile())) {
      if (Date.now() > deadline || !this.#encoders.has(cameraId)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!encoder || !path) {
      return {
        ok: false,
        status: 503,
        message: `The live stream of camera ${cameraId} did not start: retry in a few seconds.`,
      };
    }
    encoder.lastAccess = Date.now();
    return { ok: true, path, contentType: 'application/vnd.apple.mpegurl' };
  }

  /** A segment (or the playlist again) of a running stream. */
  async file(cameraId: string, name: string): Promise<LiveFile> {
    if (name === 'playlist.m3u8' || name === MEDIA_PLAYLIST) return this.playlist(cameraId);
    const enc = this.#encoders.get(cameraId);
    if (!SEGMENT_FILE.test(name))
      return {
        ok: false,
        status: 404,
        message: `No live file ${name}: segments are named seg_NNNNNN.ts.`,
      };
    if (!enc) {
      return {
        ok: false,
        status: 404,
        message: `The live stream of camera ${cameraId} is not running: request playlist.m3u8 first.`,
      };
    }
    const source = await enc;
    source.lastAccess = Date.now();
    const path = await source.segmentFile(name);
    if (!path) {
      return {
        ok: false,
        status: 404,
        message: `Segment ${name} is no longer (or not yet) in the live window: reload the playlist.`,
      };
    }
    return { ok: true, path, contentType: 'video/MP2T' };
  }

  /** Pauses (stalls) or resumes one camera's stream; applies to a later start too. */
  setPaused(cameraId: string, paused: boolean): void {
    if (paused) this.#paused.add(cameraId);
    else this.#paused.delete(cameraId);
    void this.#encoders.get(cameraId)?.then((e) => (e.paused = paused));
  }

  async stop(cameraId: string): Promise<void> {
    const enc = this.#encoders.get(cameraId);
    this.#encoders.delete(cameraId);
    if (enc) await (await enc).stop();
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#encoders.keys()].map((id) => this.stop(id)));
  }

  /** Process ids of the running encoders (the benchmark measures their CPU). */
  async pids(): Promise<number[]> {
    const encs = await Promise.all([...this.#encoders.values()].map((e) => e.catch(() => null)));
    return encs.map((e) => e?.pid).filter((p): p is number => p !== undefined);
  }

  #dirOf(cameraId: string): string {
    return join(this.#o.dir, safeName(cameraId));
  }

  #start(cameraId: string): Promise<LiveSource> {
    const dir = this.#dirOf(cameraId);
    const enc: Promise<LiveSource> =
      this.#o.mode === 'encoder'
        ? LiveEncoder.start({
            dir,
            frame: (tMs) => this.#o.frame(cameraId, tMs),
            nowMs: this.#o.nowMs,
            log: this.#o.log,
          })
        : Promise.resolve()
            .then(() => this.#loops.loop(this.#o.look(cameraId)))
            .then((loopDir) => new LoopStream(dir, loopDir, this.#clock));
    this.#encoders.set(cameraId, enc);
    enc.then(
      (e) => {
        e.paused = this.#paused.has(cameraId);
        // An encoder that dies on its own is forgotten, so the next request starts a new one.
        void e.done.then(() => {
          if (this.#encoders.get(cameraId) === enc) this.#encoders.delete(cameraId);
        });
      },
      () => this.#encoders.delete(cameraId),
    );
    return enc;
  }

  async #sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, enc] of this.#encoders) {
      const e = await enc.catch(() => undefined);
      if (e && now - e.lastAccess > this.#o.idleMs) {
        this.#o.log(
          `live stream of ${id} stopped after ${Math.round(this.#o.idleMs / 1000)} s without viewers`,
        );
        await this.stop(id);
      }
    }
  }
}

/** The value of `p`, or a rejection once `ms` have passed (p goes on meanwhile). */
function withinMs<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
