/**
 * A service that takes its time: a real HTTP peer whose token request and paths each answer as
 * the test sets them (at once, a byte now and then, never), counting the requests per path.
 * For the answer deadline's tests (tests/unit/api/answer-deadline.test.ts and its kin).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Behaviour = (res: ServerResponse) => void;

export const TOKEN = JSON.stringify({
  access_token: 'a.b.c',
  token_type: 'Bearer',
  expires_in: 3600,
});
export const EMPTY_SEARCH = JSON.stringify({ type: 'FeatureCollection', features: [], total: 0 });

/** `body` at once, as `type`. */
export const polite =
  (body: string | Buffer, type = 'application/json'): Behaviour =>
  (res) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };

export interface Trickle {
  everyMs: number;
  /** Bytes written each time (1). */
  bytes?: number;
  /** 200 unless given; an error status starts its body with an HTML page's first words. */
  status?: number;
  /** Bytes after which the answer ends (never, by default). */
  total?: number;
  type?: string;
}

/** A body that comes `bytes` at a time, every `everyMs`, until `total` (or never). */
export const trickle =
  ({ everyMs, bytes = 1, status = 200, total = Infinity, type }: Trickle): Behaviour =>
  (res) => {
    const error = status >= 300;
    res.writeHead(status, { 'content-type': type ?? (error ? 'text/html' : 'application/json') });
    if (type === undefined) res.write(error ? '<p>Bad gateway</p>' : '{');
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= total) return void (clearInterval(timer), res.end());
      sent += bytes;
      res.write(' '.repeat(bytes));
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };

/** The connection is taken and nothing is ever answered, not even a status line. */
export const silent: Behaviour = () => {};

export interface SlowPeer {
  url: string;
  /** How the token request is answered (at once, by default). */
  token: Behaviour;
  /** How each path is answered; a path not set is silent. */
  readonly answers: Map<string, Behaviour>;
  /** Requests per path. */
  readonly asked: Map<string, number>;
  /** Back to a polite token, no answers and no counts. */
  reset(): void;
  close(): Promise<void>;
}

export async function startSlowPeer(): Promise<SlowPeer> {
  const sockets = new Set<Socket>();
  const peer: SlowPeer = {
    url: '',
    token: polite(TOKEN),
    answers: new Map(),
    asked: new Map(),
    reset() {
      peer.token = polite(TOKEN);
      peer.answers.clear();
      peer.asked.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    peer.asked.set(path, (peer.asked.get(path) ?? 0) + 1);
    req.resume();
    req.on('end', () => {
      const answer = path === '/v1/oauth/token' ? peer.token : peer.answers.get(path);
      (answer ?? silent)(res);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}

/** The error `work` fails with, and how long it took (an Error saying so if it succeeded). */
export async function timed(work: () => Promise<unknown>): Promise<{ error: Error; ms: number }> {
  const started = performance.now();
  const error = await work().then(
    () => new Error('expected a failure, but it succeeded'),
    (e: unknown) => e as Error,
  );
  return { error, ms: performance.now() - started };
}
