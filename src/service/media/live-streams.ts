/**
 * Live HLS for cameras with video: one stream per camera however many viewers, started by
 * the first request, stopped after a while without requests, and capped in number. A stream
 * is a loop encoded ahead (live-loop.ts, the default) or an encoder of its own running in
 * real time (live-encoder.ts, `live: 'encoder'`). A looped stream has a small rendition
 * too (live-renditions.ts), a stream of its own from a loop of its own. Test controls take a camera offline (its
 * stream ends and fails) or pause its stream (stalls).
 */
import { join } from 'node:path';
import { LiveEncoder, MEDIA_PLAYLIST, SEGMENT_S } from './live-encoder.ts';
import { LoopStream, type LiveClock, type LoopLook } from './live-loop.ts';
import { FULL_RENDITION, scaleFilter, SMALL_RENDITION, type Rendition } from './live-renditions.ts';
import { LoopCache } from './loop-cache.ts';
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
  /** Most loops kept on disk; past it the least recently used one no stream serves goes. */
  maxLoops: number;
  /** Most cameras streaming at once; beyond it a new camera's stream is refused (503). */
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
    this.#loops = new LoopCache(o.loopsDir, o.maxLoops);
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

  /** The renditions a stream has: a looped one also the small one. */
  get renditions(): readonly Rendition[] {
    return this.#o.mode === 'loop' ? [FULL_RENDITION, SMALL_RENDITION] : [FULL_RENDITION];
  }

  /** The rendition's media playlist, starting its stream when none runs. */
  async playlist(cameraId: string, rendition = FULL_RENDITION): Promise<LiveFile> {
    const key = streamKey(cameraId, rendition);
    let enc = this.#encoders.get(key);
    if (!enc) {
      if (this.#paused.has(cameraId)) {
        return {
          ok: false,
          status: 503,
          message: `The live stream of camera ${cameraId} is stopped: retry later.`,
        };
      }
      if (!this.#cameras().has(cameraId) && this.#cameras().size >= this.#o.maxEncoders) {
        return {
          ok: false,
          status: 503,
          message: `All ${this.#o.maxEncoders} live video encoders are busy: close another live stream or retry in a minute.`,
        };
      }
      enc = this.#start(cameraId, rendition);
    }
    const deadline = Date.now() + PLAYLIST_WAIT_MS;
    const encoder = await withinMs(enc, PLAYLIST_WAIT_MS).catch(() => undefined);
    let path: string | undefined;
    while (encoder && !(path = await encoder.playlistFile())) {
      if (Date.now() > deadline || !this.#encoders.has(key)) break;
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
  async file(cameraId: string, name: string, rendition = FULL_RENDITION): Promise<LiveFile> {
    if (name === 'playlist.m3u8' || name === MEDIA_PLAYLIST) {
      return this.playlist(cameraId, rendition);
    }
    const enc = this.#encoders.get(streamKey(cameraId, rendition));
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
    for (const r of this.renditions) {
      void this.#encoders.get(streamKey(cameraId, r))?.then((e) => (e.paused = paused));
    }
  }

  /** Stops the camera's streams, every rendition. */
  async stop(cameraId: string): Promise<void> {
    await Promise.all(this.renditions.map((r) => this.#stopStream(streamKey(cameraId, r))));
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#encoders.keys()].map((key) => this.#stopStream(key)));
  }

  async #stopStream(key: string): Promise<void> {
    const enc = this.#encoders.get(key);
    this.#encoders.delete(key);
    if (enc) await (await enc).stop();
  }

  /** The cameras that have a stream running, in any rendition. */
  #cameras(): Set<string> {
    return new Set([...this.#encoders.keys()].map((key) => (JSON.parse(key) as string[])[0]!));
  }

  /** Process ids of the running encoders (the benchmark measures their CPU). */
  async pids(): Promise<number[]> {
    const encs = await Promise.all([...this.#encoders.values()].map((e) => e.catch(() => null)));
    return encs.map((e) => e?.pid).filter((p): p is number => p !== undefined);
  }

  #start(cameraId: string, rendition: Rendition): Promise<LiveSource> {
    const key = streamKey(cameraId, rendition);
    // safeName never makes '~': a small rendition's folder is never a camera's.
    const dir = join(this.#o.dir, safeName(cameraId) + rendition.suffix);
    const enc: Promise<LiveSource> =
      this.#o.mode === 'encoder'
        ? LiveEncoder.start({
            dir,
            frame: (tMs) => this.#o.frame(cameraId, tMs),
            nowMs: this.#o.nowMs,
            log: this.#o.log,
          })
        : Promise.resolve()
            .then(() => this.#loops.hold(renditionLook(this.#o.look(cameraId), rendition)))
            .then((loop) => new LoopStream(dir, loop, this.#clock));
    this.#encoders.set(key, enc);
    enc.then(
      (e) => {
        e.paused = this.#paused.has(cameraId);
        // An encoder that dies on its own is forgotten, so the next request starts a new one.
        void e.done.then(() => {
          if (this.#encoders.get(key) === enc) this.#encoders.delete(key);
        });
      },
      () => this.#encoders.delete(key),
    );
    return enc;
  }

  async #sweep(): Promise<void> {
    const now = Date.now();
    for (const [key, enc] of this.#encoders) {
      const e = await enc.catch(() => undefined);
      if (e && now - e.lastAccess > this.#o.idleMs) {
        const [id, suffix] = JSON.parse(key) as string[];
        this.#o.log(
          `live stream of ${id}${suffix} stopped after ${Math.round(this.#o.idleMs / 1000)} s without viewers`,
        );
        await this.#stopStream(key);
      }
    }
  }
}

/** Names a stream: the camera and the rendition. */
function streamKey(cameraId: string, rendition: Rendition): string {
  return JSON.stringify([cameraId, rendition.suffix]);
}

/** The look of a camera as a rendition's loop: its own key, its frames scaled. */
function renditionLook(look: LoopLook, rendition: Rendition): LoopLook {
  return { ...look, key: look.key + rendition.suffix, scale: scaleFilter(rendition) };
}

/** The value of `p`, or a rejection once `ms` have passed (p goes on meanwhile). */
function withinMs<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
