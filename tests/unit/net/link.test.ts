/** The shaped link of the network tests and benchmarks shapes what it says it does. */
import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShapedLink } from '../../helpers/link.ts';

const MB = 1024 * 1024;

/** A server that answers each connection's first byte with `size` bytes, then ends it. */
let server: Server;
let port: number;
const size = MB;

beforeAll(async () => {
  server = createServer((socket) => {
    socket.once('data', () => socket.end(Buffer.alloc(size, 7)));
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Asks through `at` and reads the answer: first byte and whole time, bytes, how it ended. */
function fetchOnce(at: number) {
  return new Promise<{ firstMs: number; ms: number; bytes: number; reset: boolean }>((resolve) => {
    const t0 = performance.now();
    let firstMs = -1;
    let bytes = 0;
    const socket = connect(at, '127.0.0.1', () => socket.write('x'));
    socket.on('data', (c: Buffer) => {
      if (firstMs < 0) firstMs = performance.now() - t0;
      bytes += c.length;
    });
    const done = (reset: boolean) => resolve({ firstMs, ms: performance.now() - t0, bytes, reset });
    socket.on('end', () => done(false));
    socket.on('error', () => done(true));
  });
}

describe('a shaped link', () => {
  it('caps the bandwidth: 1 MB at 8 Mbit/s takes about a second, unshaped far less', async () => {
    const open = await startShapedLink({ host: '127.0.0.1', port });
    const capped = await startShapedLink({ host: '127.0.0.1', port }, { bandwidthBps: 8_000_000 });
    try {
      const fast = await fetchOnce(open.port);
      const slow = await fetchOnce(capped.port);
      expect(fast.bytes).toBe(size);
      expect(slow.bytes).toBe(size);
      expect(fast.ms).toBeLessThan(1_000);
      // 8,388,608 bits at 8 Mbit/s: 1.05 s.
      expect(slow.ms).toBeGreaterThan(950);
      expect(slow.ms).toBeLessThan(4_000);
    } finally {
      await open.close();
      await capped.close();
    }
  });

  it('shares the cap: two connections at once take about twice as long', async () => {
    const capped = await startShapedLink({ host: '127.0.0.1', port }, { bandwidthBps: 16_000_000 });
    try {
      const t0 = performance.now();
      const both = await Promise.all([fetchOnce(capped.port), fetchOnce(capped.port)]);
      const ms = performance.now() - t0;
      expect(both.map((b) => b.bytes)).toEqual([size, size]);
      // 2 MB at 16 Mbit/s: 1.05 s, not the 0.52 s of one connection alone.
      expect(ms).toBeGreaterThan(950);
      expect(ms).toBeLessThan(4_000);
    } finally {
      await capped.close();
    }
  });

  it('adds its latency each way: the first byte comes a round trip later', async () => {
    const far = await startShapedLink({ host: '127.0.0.1', port }, { latencyMs: 150 });
    try {
      const answer = await fetchOnce(far.port);
      // The connection is made at once (the relay accepts it); the request goes 150 ms, the
      // answer 150 ms back.
      expect(answer.firstMs).toBeGreaterThan(290);
      expect(answer.firstMs).toBeLessThan(1_500);
    } finally {
      await far.close();
    }
  });

  it('resets the share of connections it is told to', async () => {
    const lossy = await startShapedLink({ host: '127.0.0.1', port }, { resetRate: 1 });
    try {
      const answers = await Promise.all([1, 2, 3].map(() => fetchOnce(lossy.port)));
      for (const a of answers) expect(a.bytes).toBeLessThan(size);
      expect(lossy.stats().resets).toBe(3);
    } finally {
      await lossy.close();
    }
  });

  it('stalls: nothing moves while it stalls', async () => {
    const stalling = await startShapedLink(
      { host: '127.0.0.1', port },
      { bandwidthBps: 16_000_000, stalls: { everyMs: 400, forMs: 200 } },
    );
    try {
      const answer = await fetchOnce(stalling.port);
      expect(answer.bytes).toBe(size);
      // 0.52 s of sending needs about twice that with half of every 400 ms stalled.
      expect(answer.ms).toBeGreaterThan(800);
    } finally {
      await stalling.close();
    }
  });

  it('reshapes while it runs: a link that slows down, then recovers', async () => {
    const link = await startShapedLink({ host: '127.0.0.1', port });
    try {
      link.reshape({ bandwidthBps: 8_000_000 });
      const slow = await fetchOnce(link.port);
      link.reshape({});
      const fast = await fetchOnce(link.port);
      expect([slow.bytes, fast.bytes]).toEqual([size, size]);
      expect(slow.ms).toBeGreaterThan(950);
      expect(fast.ms).toBeLessThan(slow.ms / 2);
    } finally {
      await link.close();
    }
  });
  it('keeps the order of the bytes under jitter, however the chunks arrive', async () => {
    // A counting stream in many small writes, so that many chunks wait in the link at once with
    // jittered times: any reordering shows as a byte out of its place.
    const total = 4 * MB;
    const pattern = Buffer.alloc(total);
    for (let i = 0; i < total; i += 4) pattern.writeUInt32BE(i / 4, i);
    const counting = createServer((socket) => {
      socket.on('error', () => {});
      const send = async () => {
        for (let at = 0; at < total; at += 16 * 1024) {
          if (!socket.write(pattern.subarray(at, at + 16 * 1024))) {
            await new Promise((r) => socket.once('drain', r));
          }
          if ((at / 16 / 1024) % 8 === 0) await new Promise((r) => setImmediate(r));
        }
        socket.end();
      };
      socket.once('data', () => void send());
    });
    await new Promise<void>((r) => counting.listen(0, '127.0.0.1', r));
    const target = { host: '127.0.0.1', port: (counting.address() as { port: number }).port };
    const link = await startShapedLink(target, {
      latencyMs: 20,
      jitterMs: 15,
      bandwidthBps: 400_000_000,
    });
    try {
      const received = await new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        const socket = connect(link.port, '127.0.0.1', () => socket.write('x'));
        socket.on('data', (c: Buffer) => parts.push(c));
        socket.on('end', () => resolve(Buffer.concat(parts)));
        socket.on('error', reject);
      });
      expect(received.length).toBe(total);
      const firstWrong = received.findIndex((b, i) => b !== pattern[i]);
      expect(firstWrong).toBe(-1);
    } finally {
      await link.close();
      await new Promise<void>((r) => counting.close(() => r()));
    }
  });
});
