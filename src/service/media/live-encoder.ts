/**
 * One camera's live HLS encoder: ffmpeg reads the camera's frames (rendered once a second at
 * the service clock's time, so the burnt-in clock ticks and the conditions follow the world)
 * on its stdin and writes a sliding-window playlist of H.264 MPEG-TS segments at 15 fps.
 * The input is paced by wall time, so output timestamps advance in real time. A few frames
 * of the last seconds are sent at once so the first segments exist almost immediately.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegDone, spawnFfmpeg } from './ffmpeg.ts';

export const LIVE_FPS = 15;
export const SEGMENT_S = 2;
export const PLAYLIST_SIZE = 6;
export const MEDIA_PLAYLIST = 'index.m3u8';
/** x264 as every live segment is encoded: a key frame starts each two-second segment. */
export const LIVE_X264 =
  `-c:v libx264 -preset ultrafast -tune zerolatency -profile:v baseline ` +
  `-g ${LIVE_FPS * SEGMENT_S} -keyint_min ${LIVE_FPS * SEGMENT_S} -sc_threshold 0`;
const PREROLL_S = 5;
const MAX_CATCH_UP = 3;

export interface LiveEncoderOptions {
  dir: string;
  /** The frame at service time tMs (epoch ms), as JPEG. */
  frame(tMs: number): Promise<Buffer>;
  /** Service time, epoch ms. */
  nowMs(): number;
  log(line: string): void;
}

export class LiveEncoder {
  readonly #o: LiveEncoderOptions;
  readonly #child: ReturnType<typeof spawnFfmpeg>;
  readonly done: Promise<void>;
  readonly #startedWall = Date.now();
  #sent = 0;
  #busy = false;
  #paused = false;
  #timer: NodeJS.Timeout | undefined;
  lastAccess = Date.now();

  private constructor(o: LiveEncoderOptions) {
    this.#o = o;
    const args =
      `-f image2pipe -framerate 1 -c:v mjpeg -i pipe:0 -vf fps=${LIVE_FPS},format=yuv420p ${LIVE_X264} ` +
      `-f hls -hls_time ${SEGMENT_S} -hls_list_size ${PLAYLIST_SIZE} -hls_flags delete_segments+temp_file+omit_endlist ` +
      `-hls_segment_type mpegts -hls_segment_filename`;
    this.#child = spawnFfmpeg([
      ...args.split(' '),
      join(o.dir, 'seg_%06d.ts'),
      join(o.dir, MEDIA_PLAYLIST),
    ]);
    this.#child.stdin.on('error', () => undefined);
    this.done = ffmpegDone(this.#child).catch((err: unknown) => {
      if (this.#timer !== undefined) o.log(`live encoder in ${o.dir} stopped: ${String(err)}`);
    });
  }

  static async start(o: LiveEncoderOptions): Promise<LiveEncoder> {
    await rm(o.dir, { recursive: true, force: true });
    await mkdir(o.dir, { recursive: true });
    const enc = new LiveEncoder(o);
    enc.#timer = setInterval(() => void enc.#tick(), 250);
    await enc.#tick();
    return enc;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** Paused: no new frames, so the playlist stops growing (a stalled stream). */
  set paused(p: boolean) {
    this.#paused = p;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** The playlist ffmpeg writes, once it exists. */
  async playlistFile(): Promise<string | undefined> {
    const path = join(this.#o.dir, MEDIA_PLAYLIST);
    return (await isFile(path)) ? path : undefined;
  }

  /** The segment file, when ffmpeg wrote it and has not yet deleted it. */
  async segmentFile(name: string): Promise<string | undefined> {
    const path = join(this.#o.dir, name);
    return (await isFile(path)) ? path : undefined;
  }

  async #tick(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      const due = PREROLL_S + Math.floor((Date.now() - this.#startedWall) / 1000) + 1;
      if (this.#paused) {
        // Frames not sent while paused are skipped, not sent in a burst on resume.
        this.#skipTo(due);
        return;
      }
      for (let n = 0; this.#sent < due && n < MAX_CATCH_UP + PREROLL_S; n++) {
        const ageS = due - 1 - this.#sent;
        const jpeg = await this.#o.frame(this.#o.nowMs() - ageS * 1000);
        if (this.#timer === undefined) return;
        this.#child.stdin.write(jpeg);
        this.#sent++;
      }
      if (due - this.#sent > MAX_CATCH_UP) this.#skipTo(due);
    } catch (err) {
      this.#o.log(`live frame failed: ${String(err)}`);
    } finally {
      this.#busy = false;
    }
  }

  /** Keeps wall time and frame count in step after a pause or a slow period. */
  #skipTo(due: number): void {
    this.#sent = due;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#child.stdin.end();
    const killer = setTimeout(() => this.#child.kill('SIGKILL'), 2000);
    await this.done;
    clearTimeout(killer);
    await rm(this.#o.dir, { recursive: true, force: true });
  }
}

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
