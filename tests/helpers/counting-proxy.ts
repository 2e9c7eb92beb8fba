/**
 * A plain HTTP proxy in front of the embedded service that counts what a client asks of it:
 * the requests in flight at once (all of them, and those for signed files, the image bodies),
 * the most at once since the last reset, and the signed bodies' bytes. It forwards the Host
 * header, so the signed URLs the service answers with point back through it.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxyCounts {
  /** Requests received, and those for signed files. */
  requests: number;
  signedRequests: number;
  /** The most requests in flight at once, and signed ones at once. */
  peak: number;
  signedPeak: number;
  /** Signed files asked for, each counted once (the path, not the signature's query). */
  signedFiles: number;
  /** Body bytes passed on for signed files, to a client still connected. */
  signedBytes: number;
}

export interface CountingProxy {
  url: string;
  counts(): ProxyCounts;
  /** Starts counting afresh (what is in flight now stays in flight). */
  reset(): void;
  close(): Promise<void>;
}

export interface CountingProxyOptions {
  /** Holds each signed answer this long before it starts, so that requests overlap. */
  delayMs?: number;
}

export async function startCountingProxy(
  target: string,
  options: CountingProxyOptions = {},
): Promise<CountingProxy> {
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let signedInFlight = 0;
  let counts = fresh();
  let files = new Set<string>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const signed = path.startsWith('/signed/');
    // A request counts where it began: bytes of one that was in flight at a reset, arriving
    // after it, are not the new count's.
    const mine = counts;
    const mineFiles = files;
    mine.requests++;
    inFlight++;
    mine.peak = Math.max(mine.peak, inFlight);
    if (signed) {
      mine.signedRequests++;
      signedInFlight++;
      mine.signedPeak = Math.max(mine.signedPeak, signedInFlight);
      mineFiles.add(path.split('?')[0]!);
      mine.signedFiles = mineFiles.size;
    }
    // In flight until the answer is complete or the connection drops, whichever first.
    res.once('close', () => {
      inFlight--;
      if (signed) signedInFlight--;
    });
    const forward = () => {
      if (res.destroyed) return;
      const upstream = httpRequest(
        `${target}${path}`,
        { method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          if (signed) {
            up.on('data', (chunk: Buffer) => {
              if (!res.destroyed) mine.signedBytes += chunk.length;
            });
          }
          up.pipe(res);
          res.once('close', () => up.destroy());
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (signed && options.delayMs) setTimeout(forward, options.delayMs);
    else forward();
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    reset: () => {
      counts = fresh();
      files = new Set();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function fresh(): ProxyCounts {
  return { requests: 0, signedRequests: 0, peak: 0, signedPeak: 0, signedFiles: 0, signedBytes: 0 };
}
