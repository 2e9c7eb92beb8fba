/**
 * sendFile over a real node:http server: whole files and ranges byte-identical across its
 * read chunks, slow readers, readers that leave, files that shrink, and injected faults.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveFault } from '../../../src/service/media/faults.ts';
import { sendFile } from '../../../src/service/media/send-file.ts';
import { sleep } from '../../helpers/wait.ts';

const dir = mkdtempSync(join(tmpdir(), 'roadcam-send-'));
const content = randomBytes(3 * 1024 * 1024 + 12_345);
const path = join(dir, 'f.bin');
let server: Server;
let base: string;
/** The fault the next request gets, and the file it is served. */
let next: { fault?: ActiveFault; path?: string } = {};

beforeAll(async () => {
  writeFileSync(path, content);
  server = createServer((req, res) => {
    const { fault, path: file = path } = next;
    next = {};
    void sendFile(req, res, { path: file, contentType: 'application/octet-stream' }, fault);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** GETs the file; `pauseEveryMs` pauses the reader after each chunk. */
function fetchBody(
  headers: Record<string, string> = {},
  pauseEveryMs = 0,
): Promise<{ res: IncomingMessage; body: Buffer; error?: Error }> {
  return new Promise((resolve, reject) => {
    get(base, { headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        parts.push(c);
        if (pauseEveryMs > 0) {
          res.pause();
          setTimeout(() => res.resume(), pauseEveryMs);
        }
      });
      res.on('end', () => resolve({ res, body: Buffer.concat(parts) }));
      res.on('error', (error) => resolve({ res, body: Buffer.concat(parts), error }));
    }).on('error', reject);
  });
}

const openFds = () => readdirSync('/proc/self/fd').length;

describe('sendFile', () => {
  it('serves the whole file and ranges across its read chunks byte-identical', async () => {
    const whole = await fetchBody();
    expect([whole.res.statusCode, whole.res.headers['content-length']]).toEqual([
      200,
      String(content.length),
    ]);
    expect(sha(whole.body)).toBe(sha(content));
    for (const [start, end] of [
      [0, 0],
      [262_143, 262_144],
      [100_000, 1_500_000],
      [content.length - 70_000, content.length - 1],
    ] as const) {
      const part = await fetchBody({ Range: `bytes=${start}-${end}` });
      expect(part.res.statusCode).toBe(206);
      expect(part.res.headers['content-range']).toBe(`bytes ${start}-${end}/${content.length}`);
      expect(sha(part.body)).toBe(sha(content.subarray(start, end + 1)));
    }
  });

  it('gives a reader that keeps pausing every byte, in order', async () => {
    const slow = await fetchBody({ Range: 'bytes=1000-1200000' }, 2);
    expect(sha(slow.body)).toBe(sha(content.subarray(1000, 1_200_001)));
  });

  it('lets a reader leave in the middle, closing the file each time', async () => {
    const before = openFds();
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const req = get(base, { agent: false }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => undefined);
      });
    }
    // Time for the service to see the dropped requests and close their files.
    await sleep(200);
    expect(openFds()).toBeLessThanOrEqual(before + 2);
    expect(sha((await fetchBody()).body)).toBe(sha(content));
  });

  it('cuts the connection when the file turns out shorter than it was', async () => {
    const short = join(dir, 'short.bin');
    writeFileSync(short, Buffer.alloc(64 * 1024 * 1024, 7));
    next = { path: short };
    // The size is read first; the file shrinks while the reader holds back, then reads on.
    const got = await new Promise<{ size: number; error?: Error }>((resolve, reject) => {
      get(base, { agent: false }, (res) => {
        res.pause();
        let size = 0;
        setTimeout(() => {
          truncateSync(short, 1024 * 1024);
          res.on('data', (c: Buffer) => (size += c.length));
          res.on('end', () => resolve({ size }));
          res.on('error', (error) => resolve({ size, error }));
          res.resume();
        }, 200);
      }).on('error', reject);
    });
    expect(got.size).toBeLessThan(64 * 1024 * 1024);
    expect(got.error?.message).toMatch(/aborted/);
  });

  it('sends the share of the body a reset fault allows, then resets', async () => {
    next = { fault: { kind: 'reset', times: 1, after: 0.25, stallMs: 0, match: undefined } };
    const got = await fetchBody();
    const expected = Math.floor(content.length * 0.25);
    expect(got.body.length).toBe(expected);
    expect(sha(got.body)).toBe(sha(content.subarray(0, expected)));
    expect(got.error).toBeDefined();
  });
});
