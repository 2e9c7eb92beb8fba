/**
 * Live HLS for cameras with video: one encoder per camera however many viewers, started by
 * the first request, stopped after a while without requests, and capped in number. Test
 * controls take a camera offline (its stream ends and fails) or pause its stream (stalls).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LiveEncoder, MEDIA_PLAYLIST } from './live-encoder.ts';
import { safeName } from './frames.ts';

export interface LiveStreamsOptions {
  dir: string;
  /** Most encoders running at once; beyond it a new stream is refused (503). */
  maxEncoders: number;
  /** An encoder stops after this long without a request. */
  idleMs: number;
  frame(cameraId: string, tMs: number): Promise<Buffer>;
  nowMs(): number;
  log(line: string): void;
}

export type LiveFile =
  | { ok: true; path: string; contentType: string }
  | { ok: false; status: 404 | 503; message: string };

const PLAYLIST_WAIT_MS = 10_000;
const SEGMENT_FILE = /^seg_\d{6}\.ts$/;

export class LiveStreams {
  readonly #o: LiveStreamsOptions;
  readonly #encoders = new Map<string, Promise<LiveEncoder>>();
  readonly #paused = new Set<string>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(o: LiveStreamsOptions) {
    this.#o = o;
    this.#sweeper = setInterval(() => void this.#sweep(), Math.min(5000, o.idleMs / 3)).unref();
  }

  get running(): number {
    return this.#encoders.size;
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
    const encoder = await enc;
    encoder.lastAccess = Date.now();
    const path = join(this.#dirOf(cameraId), MEDIA_PLAYLIST);
    const deadline = Date.now() + PLAYLIST_WAIT_MS;
    while (!(await isFile(path))) {
      if (Date.now() > deadline || !this.#encoders.has(cameraId)) {
        return {
          ok: false,
          status: 503,
          message: `The live stream of camera ${cameraId} did not start: retry in a few seconds.`,
        };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
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
    (await enc).lastAccess = Date.now();
    const path = join(this.#dirOf(cameraId), name);
    if (!(await isFile(path))) {
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
    const encs = await Promise.all(this.#encoders.values());
    return encs.map((e) => e.pid).filter((p): p is number => p !== undefined);
  }

  #dirOf(cameraId: string): string {
    return join(this.#o.dir, safeName(cameraId));
  }

  #start(cameraId: string): Promise<LiveEncoder> {
    const enc = LiveEncoder.start({
      dir: this.#dirOf(cameraId),
      frame: (tMs) => this.#o.frame(cameraId, tMs),
      nowMs: this.#o.nowMs,
      log: this.#o.log,
    });
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

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
