/**
 * A misbehaving network between the download engine and the embedded service: forwards every
 * request (rewriting redirects so that signed URLs come back through it too), counts the body
 * bytes it delivers for signed downloads, can slow them down, and injects faults on them:
 * a connection reset part-way through the body, a stall (then a drop), or a 503.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxyFault {
  /**
   * reset: the connection is cut; stall: it goes silent; 503: an error answer; trickle: one
   * byte every `everyMs` after the cut point; longer: a ranged (206) answer whose body goes
   * `extra` bytes past what its Content-Range declares (Content-Length says so too).
   */
  kind: 'reset' | 'stall' | '503' | 'trickle' | 'longer';
  /** trickle: the time between two bytes; default 300 ms. */
  everyMs?: number;
  /** longer: the bytes past the declared end; default 4096. */
  extra?: number;
  /** Share of the body delivered before the fault (reset, stall); default 0.5. */
  after?: number;
  /** Only signed paths containing this. */
  match?: string;
}

export interface SignedRequest {
  path: string;
  range: string | undefined;
  status: number;
}

export interface FaultProxy {
  url: string;
  /** Body bytes delivered on signed downloads, faults and cut connections included. */
  bytes: number;
  signed: SignedRequest[];
  /** Service calls asking for a signed URL (GET /v1/recordings/ID.FORMAT). */
  urlRequests: number;
  inject(...faults: ProxyFault[]): void;
  /** Faults not yet used. */
  pending(): number;
  /** Bytes per second per connection on signed downloads; 0 for no limit. */
  rate: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const faults: ProxyFault[] = [];
  const sockets = new Set<Socket>();
  const state: FaultProxy = {
    url: '',
    bytes: 0,
    signed: [],
    urlRequests: 0,
    rate: 0,
    inject: (...more) => faults.push(...more),
    pending: () => faults.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const isSigned = path.startsWith('/signed/');
    if (/^\/v1\/recordings\/[^/]+\.(zip|mp4|jpg)$/.test(path)) state.urlRequests++;
    const i = isSigned
      ? faults.findIndex((f) => f.match === undefined || path.includes(f.match))
      : -1;
    // A 'longer' fault waits for a ranged request (a resume): only a 206 declares a total apart
    // from the length of its body.
    const fits = (f: ProxyFault) => f.kind !== 'longer' || req.headers.range !== undefined;
    const at = i >= 0 && !fits(faults[i]!) ? faults.findIndex((f, n) => n > i && fits(f)) : i;
    const fault = at >= 0 ? faults.splice(at, 1)[0] : undefined;
    if (fault?.kind === '503') {
      state.signed.push({ path, range: req.headers.range, status: 503 });
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('{"error":{"status":503,"code":"unavailable","message":"injected"}}');
      return;
    }
    const upstream = httpRequest(
      `${target}${path}`,
      { method: req.method, headers: req.headers },
      (up) => {
        const headers = { ...up.headers };
        if (typeof headers.location === 'string' && headers.location.startsWith(target)) {
          headers.location = state.url + headers.location.slice(target.length);
        }
        if (isSigned)
          state.signed.push({ path, range: req.headers.range, status: up.statusCode ?? 0 });
        if (fault?.kind === 'longer' && up.statusCode === 206) {
          headers['content-length'] = String(
            Number(headers['content-length'] ?? 0) + (fault.extra ?? 4096),
          );
        }
        res.writeHead(up.statusCode ?? 502, headers);
        if (!isSigned) return up.pipe(res);
        pump(up, res, Number(up.headers['content-length'] ?? 0), fault);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  /** Copies a signed body chunk by chunk, counting, pacing and cutting it as asked. */
  function pump(
    up: IncomingMessage,
    res: ServerResponse,
    length: number,
    fault: ProxyFault | undefined,
  ): void {
    const cuts = fault && fault.kind !== 'longer';
    const cutAt = cuts ? Math.floor(length * (fault.after ?? 0.5)) : Infinity;
    let sent = 0;
    let cut = false;
    const started = Date.now();
    res.on('close', () => up.destroy());
    up.on('data', (chunk: Buffer) => {
      if (cut) return;
      let piece = chunk;
      if (sent + piece.length > cutAt) piece = piece.subarray(0, Math.max(0, cutAt - sent));
      sent += piece.length;
      state.bytes += piece.length;
      if (piece.length > 0) res.write(piece);
      if (sent >= cutAt) {
        cut = true;
        if (fault!.kind === 'trickle')
          return trickle(up, res, chunk.subarray(piece.length), fault!);
        up.destroy();
        if (fault!.kind === 'reset') res.destroy();
        else setTimeout(() => res.destroy(), 60_000).unref();
        return;
      }
      if (state.rate > 0) {
        // Pace the copy: pause until the bytes sent so far fit the rate.
        const due = started + (sent / state.rate) * 1000 - Date.now();
        if (due > 0) {
          up.pause();
          setTimeout(() => up.resume(), due).unref();
        }
      }
    });
    up.on('end', () => {
      if (cut) return;
      if (fault?.kind === 'longer') {
        const extra = Buffer.alloc(fault.extra ?? 4096, 0x5a);
        state.bytes += extra.length;
        res.write(extra);
      }
      res.end();
    });
    up.on('error', () => res.destroy());
  }

  /** Sends the rest of a body one byte every `everyMs`: alive, but never arriving. */
  function trickle(up: IncomingMessage, res: ServerResponse, first: Buffer, fault: ProxyFault) {
    const rest: Buffer[] = [first];
    let ended = false;
    up.on('data', (chunk: Buffer) => rest.push(chunk));
    up.on('end', () => (ended = true));
    const timer = setInterval(() => {
      while (rest.length > 0 && rest[0]!.length === 0) rest.shift();
      if (rest.length === 0) {
        if (ended) {
          clearInterval(timer);
          res.end();
        }
        return;
      }
      state.bytes += 1;
      res.write(rest[0]!.subarray(0, 1));
      rest[0] = rest[0]!.subarray(1);
    }, fault.everyMs ?? 300);
    timer.unref();
    res.on('close', () => clearInterval(timer));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
