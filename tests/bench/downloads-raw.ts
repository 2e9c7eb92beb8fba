/**
 * The floor of `npm run bench:downloads`: the least CPU a Node process can spend fetching the
 * same signed URLs, 4 at a time. No node:http, no streams, no thread pool for the writes: one
 * keep-alive socket per lane reads into a fixed buffer (`onread`), the answer's head is parsed
 * by hand (enough for the local service's plain answers, nothing more), and each chunk goes to
 * the file with writeSync. With `hash`, each file is also hashed (SHA-256); with `fsync`, flushed
 * before its rename; with `durable`, both, as the engine does. Prints {"wallMs", "cpuMs"} as
 * one JSON line.
 *
 * Not a design for the engine: it blocks its thread on the disk, speaks only the subset of
 * HTTP/1.1 the local service answers with, and knows no TLS, proxies, resume or errors. It
 * measures what curl's figure costs a Node process before any of that, and what durability
 * adds to it on the same machine.
 * Usage: node downloads-raw.ts OUT_DIR URLS_FILE [plain|hash|fsync|durable]
 */
import { createHash } from 'node:crypto';
import { closeSync, fsync, openSync, renameSync, writeSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { measure, referenceArgs } from './downloads-reference.ts';

const { outDir, files, hash: hashing, flush } = referenceArgs();
const fsyncFd = promisify(fsync);

/** One keep-alive connection; `onData` is the current answer's reader. */
class Lane {
  #socket: net.Socket | undefined;
  onData: (bytes: Buffer) => void = () => undefined;

  get(url: URL): void {
    const buffer = Buffer.allocUnsafe(256 * 1024);
    this.#socket ??= net.connect({
      host: url.hostname,
      port: Number(url.port),
      onread: {
        buffer,
        callback: (n) => {
          this.onData(buffer.subarray(0, n));
          return true;
        },
      },
    });
    this.#socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`,
    );
  }

  close(): void {
    this.#socket?.destroy();
  }
}

function fetchOne(lane: Lane, url: string, name: string): Promise<() => Promise<void>> {
  const path = join(outDir, name);
  const fd = openSync(`${path}.part`, 'w');
  const hash = hashing ? createHash('sha256') : undefined;
  return new Promise((resolve, reject) => {
    let head: Buffer | undefined = Buffer.alloc(0);
    let left = 0;
    lane.onData = (bytes) => {
      if (head) {
        head = Buffer.concat([head, bytes]);
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
      writeSync(fd, bytes);
      hash?.update(bytes);
      left -= bytes.length;
      if (left > 0) return;
      hash?.digest('hex');
      // The flush and the rename run while the lane fetches the next file, as in the engine.
      resolve(async () => {
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
