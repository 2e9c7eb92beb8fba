/**
 * Writes a sequence of JPEG frames into a zip and an mp4 at once, as the frames come: the
 * zip through yazl, reading each frame back from a spool file when its turn comes (so the
 * archive is never held in memory), and the mp4 through ffmpeg reading JPEGs on its stdin.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { ZipFile } from 'yazl';
import { ffmpegDone, spawnFfmpeg } from './ffmpeg.ts';

export interface SequenceOutputs {
  zipPath: string;
  mp4Path: string;
  /** images per second of the sequence: the mp4 plays them at this rate */
  rate: number;
  /** where frames wait for the zip writer; removed at the end */
  spoolDir: string;
}

export class SequenceWriter {
  readonly #o: SequenceOutputs;
  readonly #zip = new ZipFile();
  readonly #zipDone: Promise<void>;
  readonly #ffmpeg: ReturnType<typeof spawnFfmpeg>;
  readonly #ffmpegDone: Promise<void>;
  #count = 0;

  constructor(o: SequenceOutputs) {
    this.#o = o;
    const out = createWriteStream(o.zipPath);
    this.#zip.outputStream.pipe(out);
    this.#zipDone = new Promise((resolve, reject) => {
      this.#zip.on('error', reject);
      out.on('error', reject);
      out.on('close', resolve);
    });
    this.#zipDone.catch(() => undefined);
    // One keyframe every ~10 s of recording keeps seeking quick without bloating the file.
    const gop = String(Math.max(1, Math.round(o.rate * 10)));
    const args = `-f image2pipe -framerate ${o.rate} -c:v mjpeg -i pipe:0 -c:v libx264 -preset superfast -tune stillimage -g ${gop} -pix_fmt yuv420p -movflags +faststart -f mp4 -y`;
    // Nobody watches a build as it runs: it yields the cores to those who watch (ffmpeg.ts).
    this.#ffmpeg = spawnFfmpeg([...args.split(' '), o.mp4Path], { background: true });
    this.#ffmpegDone = ffmpegDone(this.#ffmpeg);
    // Awaited in finish(); until then a failure must not count as unhandled.
    this.#ffmpegDone.catch(() => undefined);
    // A failed encoder must not crash the service through an unhandled EPIPE on its stdin.
    this.#ffmpeg.stdin.on('error', () => undefined);
  }

  static async open(o: SequenceOutputs): Promise<SequenceWriter> {
    await mkdir(o.spoolDir, { recursive: true });
    return new SequenceWriter(o);
  }

  /** Adds the next frame: waits while ffmpeg's input is full, so memory stays bounded. */
  async add(name: string, jpeg: Buffer, mtime: Date): Promise<void> {
    const spool = join(this.#o.spoolDir, `${this.#count++}.jpg`);
    await writeFile(spool, jpeg);
    this.#zip.addFile(spool, name, { compress: false, mtime });
    if (!this.#ffmpeg.stdin.write(jpeg)) {
      await Promise.race([once(this.#ffmpeg.stdin, 'drain'), this.#ffmpegDone]);
    }
  }

  get count(): number {
    return this.#count;
  }

  async finish(): Promise<void> {
    this.#zip.end();
    this.#ffmpeg.stdin.end();
    try {
      await Promise.all([this.#zipDone, this.#ffmpegDone]);
    } finally {
      await rm(this.#o.spoolDir, { recursive: true, force: true });
    }
  }

  /** Stops both outputs after a failure; the caller removes the partial files. */
  async abort(): Promise<void> {
    this.#ffmpeg.kill('SIGKILL');
    this.#zip.end();
    await Promise.allSettled([this.#zipDone, this.#ffmpegDone]);
    await rm(this.#o.spoolDir, { recursive: true, force: true });
  }
}
