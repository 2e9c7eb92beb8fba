/**
 * A shaped network link for tests and benchmarks: a TCP relay in front of a server that adds
 * latency (one way, each direction, with jitter, never reordering), one bandwidth cap shared
 * by every connection and both directions, stalls (nothing moves for a while, at intervals) and
 * resets of a share of the connections part-way. TCP level, so HTTP, HTTPS and any client
 * (the app, curl, aria2c) pass through it unchanged.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface LinkShape {
  /** Added to each direction (the round trip gains twice this). */
  latencyMs?: number;
  /** Up to this much more or less, at random, per chunk (order is kept). */
  jitterMs?: number;
  /** Bits per second for all connections together; 0: no cap. */
  bandwidthBps?: number;
  /** Every `everyMs`, nothing moves for `forMs`. */
  stalls?: { everyMs: number; forMs: number };
  /** Share of connections (0..1) reset after a random part of their first 64 KB. */
  resetRate?: number;
}

export interface LinkStats {
  connections: number;
  resets: number;
  /** Bytes delivered, both directions. */
  bytes: number;
}

export interface ShapedLink {
  host: string;
  port: number;
  /** http://host:port: the target as the link shows it. */
  url: string;
  stats(): LinkStats;
  /** Shapes from now on like this (a link that gets worse, or recovers). */
  reshape(shape: LinkShape): void;
  close(): Promise<void>;
}

/** Most bytes waiting in one direction before its sender is paused. */
const QUEUE_LIMIT = 256 * 1024;

export async function startShapedLink(
  target: { host: string; port: number },
  shape: LinkShape = {},
): Promise<ShapedLink> {
  const stats: LinkStats = { connections: 0, resets: 0, bytes: 0 };
  const sockets = new Set<Socket>();
  const started = performance.now();
  let linkFreeAt = 0;

  /** When the link can have sent `bytes` more, after stalls: the cap is shared by everyone. */
  const departure = (bytes: number): number => {
    let at = Math.max(performance.now(), linkFreeAt);
    if (shape.stalls) {
      const { everyMs, forMs } = shape.stalls;
      const phase = (at - started) % everyMs;
      if (phase < forMs) at += forMs - phase;
    }
    const cost = shape.bandwidthBps ? (bytes * 8 * 1000) / shape.bandwidthBps : 0;
    linkFreeAt = at + cost;
    return linkFreeAt;
  };

  /**
   * Moves bytes from `from` to `to` through the shaping, pausing `from` when too much waits.
   * One queue and one timer per direction deliver the chunks strictly in order: a timer each
   * would not, since Node counts a timer from its loop's cached clock, so two chunks due at the
   * same time could swap (and a swap is a corrupt stream, not a late one).
   */
  const pipe = (from: Socket, to: Socket, onBytes: (n: number) => void) => {
    const waiting: { chunk: Buffer; at: number }[] = [];
    let queued = 0;
    let lastDelivery = 0;
    let timer: NodeJS.Timeout | undefined;
    // The end goes after the last byte, whatever the timers' rounding.
    let ended = false;
    const deliver = () => {
      timer = undefined;
      const now = performance.now();
      while (waiting.length > 0 && waiting[0]!.at <= now) {
        const { chunk } = waiting.shift()!;
        queued -= chunk.length;
        if (!to.destroyed) {
          to.write(chunk);
          stats.bytes += chunk.length;
          onBytes(chunk.length);
        }
      }
      if (waiting.length > 0) schedule();
      else if (ended) to.end();
      if (queued <= QUEUE_LIMIT && from.isPaused()) from.resume();
    };
    const schedule = () => {
      if (timer === undefined && waiting.length > 0) {
        timer = setTimeout(deliver, Math.max(0, waiting[0]!.at - performance.now()));
      }
    };
    from.on('data', (chunk: Buffer) => {
      const jitter = shape.jitterMs ? (Math.random() * 2 - 1) * shape.jitterMs : 0;
      const at = Math.max(departure(chunk.length) + (shape.latencyMs ?? 0) + jitter, lastDelivery);
      lastDelivery = at;
      queued += chunk.length;
      waiting.push({ chunk, at });
      if (queued > QUEUE_LIMIT) from.pause();
      schedule();
    });
    from.on('end', () => {
      ended = true;
      if (waiting.length === 0) to.end();
    });
  };

  const server = createServer((client) => {
    stats.connections++;
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    const resetAfter =
      shape.resetRate && Math.random() < shape.resetRate
        ? Math.floor(Math.random() * 65_536)
        : Infinity;
    let delivered = 0;
    const count = (n: number) => {
      delivered += n;
      if (delivered >= resetAfter && !client.destroyed) {
        stats.resets++;
        client.resetAndDestroy();
        upstream.destroy();
      }
    };
    pipe(client, upstream, count);
    pipe(upstream, client, count);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    host: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ ...stats }),
    reshape: (next) => {
      shape = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
