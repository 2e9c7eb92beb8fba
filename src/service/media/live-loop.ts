/**
 * Live HLS with no encoder running while it is watched: a camera's look (its scene under the
 * conditions of the moment) is encoded once, faster than real time, into a loop of
 * LOOP_SEGMENTS two-second segments kept on disk, and the stream serves that loop as live:
 * a window that advances with the clock (live-playlist.ts). A wall of 25 or 36 cameras then
 * costs the service file reads, not 25 or 36 encoders on the cores the wall's own page needs.
 * The loop's frames carry no burnt-in time (it would repeat); the playlists give the time.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegDone, spawnFfmpeg } from './ffmpeg.ts';
import { LIVE_FPS, LIVE_X264, MEDIA_PLAYLIST, PLAYLIST_SIZE, SEGMENT_S } from './live-encoder.ts';
import { firstInWindow, loopPlaylist, loopSegmentSeq } from './live-playlist.ts';

/** A 20 s loop: long enough not to look like a stutter, short enough to encode in a second. */
export const LOOP_SEGMENTS = 10;
const ENCODE_TIMEOUT_MS = 60_000;
/** Segments that slid out of the window stay served this long, as ffmpeg's own window does. */
const KEPT_BEHIND = 3;

export interface LoopLook {
  /** Names the loop on disk: the camera and its conditions (and the loop's format and size). */
  key: string;
  /** Frame `i` (0 to 2 * LOOP_SEGMENTS), one a second, as JPEG. */
  frame(i: number): Promise<Buffer>;
  /** An ffmpeg filter (ending in ',') that scales the frames, or '' to keep their size. */
  scale: string;
}

export function loopFileName(i: number): string {
  return `loop_${String(i).padStart(2, '0')}.ts`;
}

/** ffmpeg makes the loop's segments from 2 * LOOP_SEGMENTS + 1 frames, as the live encoder would. */
export async function encodeLoop(dir: string, look: LoopLook): Promise<void> {
  const vf = `${look.scale}fps=${LIVE_FPS},format=yuv420p`;
  const args =
    `-f image2pipe -framerate 1 -c:v mjpeg -i pipe:0 -vf ${vf} ${LIVE_X264} ` +
    `-frames:v ${LOOP_SEGMENTS * SEGMENT_S * LIVE_FPS} -f hls -hls_time ${SEGMENT_S} -hls_list_size 0 ` +
    `-hls_segment_type mpegts -hls_segment_filename`;
  const child = spawnFfmpeg([
    ...args.split(' '),
    join(dir, 'loop_%02d.ts'),
    join(dir, 'loop.m3u8'),
  ]);
  child.stdin.on('error', () => undefined);
  const killer = setTimeout(() => child.kill('SIGKILL'), ENCODE_TIMEOUT_MS);
  const done = ffmpegDone(child);
  try {
    for (let i = 0; i <= LOOP_SEGMENTS * SEGMENT_S; i++) child.stdin.write(await look.frame(i));
    child.stdin.end();
    await done;
  } catch (err) {
    child.kill('SIGKILL');
    await done.catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(killer);
  }
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
  if (files.length !== LOOP_SEGMENTS) {
    throw new Error(`the loop of ${look.key} has ${files.length} segments, not ${LOOP_SEGMENTS}`);
  }
}

export interface LiveClock {
  /** The newest segment published now (segments are numbered from the service's start). */
  lastSeq(): number;
  /** Service time (epoch ms) of the first frame of segment `seq`. */
  programDateMs(seq: number): number;
}

/** One camera's looped stream: the window of the clock, frozen while paused. */
export class LoopStream {
  readonly #dir: string;
  readonly #loopDir: string;
  readonly #clock: LiveClock;
  /** Lets the cache evict the loop again (loop-cache.ts): called once, at the stop. */
  readonly #release: () => void;
  #frozenAt: number | undefined;
  #stopped!: () => void;
  readonly done = new Promise<void>((r) => (this.#stopped = r));
  readonly pid = undefined;
  lastAccess = Date.now();

  constructor(dir: string, loop: { dir: string; release(): void }, clock: LiveClock) {
    this.#dir = dir;
    this.#loopDir = loop.dir;
    this.#release = loop.release;
    this.#clock = clock;
  }

  /** Paused: the window stops where it is (a stalled stream); on resume it is live again. */
  set paused(p: boolean) {
    this.#frozenAt = p ? (this.#frozenAt ?? this.#clock.lastSeq()) : undefined;
  }

  #last(): number {
    return this.#frozenAt ?? this.#clock.lastSeq();
  }

  /** Writes the playlist of this moment and gives its path (the routes serve files). */
  async playlistFile(): Promise<string> {
    await mkdir(this.#dir, { recursive: true });
    const path = join(this.#dir, MEDIA_PLAYLIST);
    const text = loopPlaylist({
      last: this.#last(),
      size: PLAYLIST_SIZE,
      loopLength: LOOP_SEGMENTS,
      segmentS: SEGMENT_S,
      programDateMs: (seq) => this.#clock.programDateMs(seq),
    });
    // Under a temporary name first: a concurrent request never reads half a playlist.
    const tmp = `${path}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, path);
    return path;
  }

  /** The file of segment `name` while it is in the window (or just behind it). */
  segmentFile(name: string): string | undefined {
    const seq = loopSegmentSeq(name);
    const last = this.#last();
    const first = firstInWindow({ last, size: PLAYLIST_SIZE }) - KEPT_BEHIND;
    if (seq === undefined || seq < first || seq > last) return undefined;
    return join(this.#loopDir, loopFileName(seq % LOOP_SEGMENTS));
  }

  async stop(): Promise<void> {
    this.#stopped();
    this.#release();
    await rm(this.#dir, { recursive: true, force: true });
  }
}
