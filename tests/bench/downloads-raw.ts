/**
 * The floor of `npm run bench:downloads`: the least CPU a Node process can spend fetching the
 * same signed URLs, 4 at a time. No node:http, no streams, no thread pool for the writes: one
 * keep-alive socket per lane reads into a fixed buffer (`onread`), the answer's head is parsed
 * by hand (enough for the local service's plain answers, nothing more), and each chunk goes to
 * the file with writeSync. With `hash`, each file is also hashed (SHA-256); with `fsync`, flushed
 * before its rename; with `durable`, both, as the engine does. Prints {"wallMs", "cpuMs"} as
 * one JSON line.
 *
 * `durable-pool` is `durable` under the engine's other promise: its thread never waits for the
 * disk (the app's main process runs the engine, and a slow disk must not freeze its windows).
 * Each read goes to memory of its own (the rest of a slab that a write may hold a while), the
 * reads that arrive while a file's write is out go to it in one `writev` through libuv's thread
 * pool (the lane reads no more while a megabyte waits, as the engine's), and the open, fsync,
 * close and rename go there too: the least a writer keeping both promises does. (Without the
 * pause the whole body is read ahead into memory touched for the first time: 2.5 times the CPU
 * on the large files.)
 *
 * Not a design for the engine: it speaks only the subset of HTTP/1.1 the local service answers
 * with, and knows no TLS, proxies, resume or errors (and, but for `durable-pool`, blocks its
 * thread on the disk). It measures what curl's figure costs a Node process before any of that,
 * and what durability adds to it on the same machine.
 * Usage: node downloads-raw.ts OUT_DIR URLS_FILE [plain|hash|fsync|durable|durable-pool]
 */
import { createHash } from 'node:crypto';
import {
  close,
  closeSync,
  fsync,
  open,
  openSync,
  rename,
  renameSync,
  writeSync,
  writev,
} from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { measure, referenceArgs } from './downloads-reference.ts';

const { outDir, files, hash: hashing, flush, pool } = referenceArgs();
const fsyncFd = promisify(fsync);

/** A region of memory reads go to, and how many of its bytes are still to be written. */
interface Slab {
  bytes: Buffer;
  lent: number;
}

/**
 * A lane's memory for `durable-pool`: each read goes to the rest of the current 256 KB slab (at
 * least 64 KB), and its bytes stay there until written; a slab whose bytes are all written is
 * read into again, so that the writer's memory stays a few slabs whatever the file sizes.
 */
class Slabs {
  static readonly SIZE = 256 * 1024;
  static readonly LEAST = 64 * 1024;
  #spares: Slab[] = [];
  #current: Slab = this.#fresh();
  #used = 0;

  /** Where the next read goes. */
  space(): Buffer {
    if (Slabs.SIZE - this.#used < Slabs.LEAST) {
      const done = this.#current;
      this.#current = this.#fresh();
      this.#used = 0;
      if (done.lent === 0) this.#spares.push(done);
    }
    return this.#current.bytes.subarray(this.#used);
  }

  /** The `n` bytes just read, lent until `give back` is called. */
  lend(n: number): [Buffer, () => void] {
    const slab = this.#current;
    const bytes = slab.bytes.subarray(this.#used, this.#used + n);
    this.#used += n;
    slab.lent += 1;
    return [
      bytes,
      () => {
        slab.lent -= 1;
        if (slab.lent === 0 && slab !== this.#current) this.#spares.push(slab);
      },
    ];
  }

  #fresh(): Slab {
    return this.#spares.pop() ?? { bytes: Buffer.allocUnsafe(Slabs.SIZE), lent: 0 };
  }
}

/** Gives back nothing: the bytes' memory is the reader's own, or read into again at once. */
const kept = () => undefined;

/**
 * One keep-alive connection; `onData` is the current answer's reader, given each read's bytes
 * and what to call once they are written (they are read into again after that).
 */
class Lane {
  #socket: net.Socket | undefined;
  onData: (bytes: Buffer, written: () => void) => void = () => undefined;

  get(url: URL): void {
    this.#socket ??= this.#connect(url);
    this.#socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`,
    );
  }

  #connect(url: URL): net.Socket {
    const at = { host: url.hostname, port: Number(url.port) };
    if (pool) {
      const slabs = new Slabs();
      return net.connect({
        ...at,
        onread: {
          buffer: () => slabs.space(),
          callback: (n) => {
            this.onData(...slabs.lend(n));
            return true;
          },
        },
      });
    }
    const buffer = Buffer.allocUnsafe(256 * 1024);
    return net.connect({
      ...at,
      onread: {
        buffer,
        callback: (n) => {
          this.onData(buffer.subarray(0, n), kept);
          return true;
        },
      },
    });
  }

  /** Reads no more until `resume` (the writes are behind). */
  pause(): void {
    this.#socket?.pause();
  }

  resume(): void {
    this.#socket?.resume();
  }

  close(): void {
    this.#socket?.destroy();
  }
}

/** A file's writes through the thread pool, in order: what arrives meanwhile goes in one writev. */
class PoolWriter {
  /** Bytes held before the reads wait (as the engine's part file holds at most a megabyte). */
  static readonly HOLD = 1024 * 1024;
  readonly #fd: number;
  readonly #lane: Lane;
  #waiting: Buffer[] = [];
  #givenBack: (() => void)[] = [];
  #held = 0;
  #out: Promise<void> | undefined;

  constructor(fd: number, lane: Lane) {
    this.#fd = fd;
    this.#lane = lane;
  }

  write(bytes: Buffer, written: () => void): void {
    this.#waiting.push(bytes);
    this.#givenBack.push(written);
    this.#held += bytes.length;
    if (this.#held >= PoolWriter.HOLD) this.#lane.pause();
    this.#out ??= this.#drain();
  }

  /** Settles once every byte given is written. */
  async written(): Promise<void> {
    while (this.#out) await this.#out;
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) {
      const [chunks, givenBack] = [this.#waiting, this.#givenBack];
      this.#waiting = [];
      this.#givenBack = [];
      const { bytesWritten } = await promisify(writev)(this.#fd, chunks);
      for (const giveBack of givenBack) giveBack();
      if (this.#held >= PoolWriter.HOLD && this.#held - bytesWritten < PoolWriter.HOLD) {
        this.#lane.resume();
      }
      this.#held -= bytesWritten;
    }
    this.#out = undefined;
  }
}

async function fetchOne(lane: Lane, url: string, name: string): Promise<() => Promise<void>> {
  const path = join(outDir, name);
  const fd = pool ? await promisify(open)(`${path}.part`, 'w') : openSync(`${path}.part`, 'w');
  const writer = pool ? new PoolWriter(fd, lane) : undefined;
  const hash = hashing ? createHash('sha256') : undefined;
  return new Promise((resolve, reject) => {
    let head: Buffer | undefined = Buffer.alloc(0);
    let left = 0;
    lane.onData = (bytes, written) => {
      if (head) {
        head = Buffer.concat([head, bytes]);
        // The head is a copy: the read's memory is free at once, the body's first bytes too.
        written();
        written = kept;
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString('latin1');
        const length = /\r\ncontent-length: *(\d+)/i.exec(text);
        if (!text.startsWith('HTTP/1.1 200') || !length) {
          reject(new Error(`${name}: ${text.split('\r\n')[0]} (or no Content-Length)`));
          return;
        }
        left = Number(length[1]);
        bytes = head.subarray(end + 4);
        head = undefined;
      }
      if (bytes.length > left) return reject(new Error(`${name}: more bytes than announced`));
      if (writer) writer.write(bytes, written);
      else writeSync(fd, bytes);
      hash?.update(bytes);
      left -= bytes.length;
      if (left > 0) return;
      hash?.digest('hex');
      // The flush and the rename run while the lane fetches the next file, as in the engine.
      resolve(async () => {
        if (writer) {
          await writer.written();
          await fsyncFd(fd);
          await promisify(close)(fd);
          await promisify(rename)(`${path}.part`, path);
          return;
        }
        if (flush) await fsyncFd(fd);
        closeSync(fd);
        renameSync(`${path}.part`, path);
      });
    };
    lane.get(new URL(url));
  });
}

const finishing: Promise<void>[] = [];
const lanes = [0, 1, 2, 3].map(() => new Lane());
await measure(
  files,
  async (lane, url, name) => void finishing.push((await fetchOne(lanes[lane]!, url, name))()),
  () => Promise.all(finishing),
);
for (const lane of lanes) lane.close();
