/**
 * A broken or hostile service: a real HTTP peer whose token request and paths each answer as
 * the test sets them: at once, a byte now and then, never, without end, a gzip bomb, an error
 * page of megabytes. It counts the requests per path. The tests of the answer deadline and the
 * caps, browser mode and the CLI against such a service, and bench:hostile use it.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

const MB = 1024 * 1024;

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

/**
 * `total` bytes of `chunk` repeated (without end by default), as fast as the reader takes
 * them; `sent` is told what each write put on the wire.
 */
export function streamBytes(
  res: ServerResponse,
  chunk: Buffer,
  total = Infinity,
  sent: (bytes: number) => void = () => {},
): void {
  let written = 0;
  const more = () => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      sent(chunk.length);
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
}

/** 200 and JSON white space without end, as fast as it is read. */
export const endless =
  (sent?: (bytes: number) => void): Behaviour =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    streamBytes(res, Buffer.alloc(64 * 1024, 0x20), Infinity, sent);
  };

/** A small gzip body that decodes to `mb` megabytes of JSON white space (made once per size). */
export const gzipBomb = (mb: number): Behaviour => {
  let bomb: Buffer | undefined;
  return (res) => {
    // Gzip members may follow each other: the decoder reads them as one stream. Made in 64 MB
    // pieces: one buffer of 2 GB is more than Node allows.
    bomb ??= Buffer.concat(
      Array.from({ length: Math.ceil(mb / 64) }, () => gzipSync(Buffer.alloc(64 * MB, 0x20))),
    );
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  };
};

/** 502 with an HTML page of `mb` megabytes of unclosed comments (quadratic for lazy regexps). */
export const errorPage =
  (mb: number): Behaviour =>
  (res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.write('<html><body><p>Bad gateway</p>');
    streamBytes(res, Buffer.from('<!--'.repeat(16 * 1024)), mb * MB);
  };

export interface HostilePeer {
  url: string;
  /** How the token request is answered (at once, by default). */
  token: Behaviour;
  /** How each path is answered; a path not set gets `others`. */
  readonly answers: Map<string, Behaviour>;
  /** How a path not in `answers` is answered (silent, by default). */
  others: Behaviour;
  /** Requests per path. */
  readonly asked: Map<string, number>;
  /** Back to a polite token, no answers (silence) and no counts. */
  reset(): void;
  close(): Promise<void>;
}

export async function startHostilePeer(): Promise<HostilePeer> {
  const sockets = new Set<Socket>();
  const peer: HostilePeer = {
    url: '',
    token: polite(TOKEN),
    answers: new Map(),
    others: silent,
    asked: new Map(),
    reset() {
      peer.token = polite(TOKEN);
      peer.answers.clear();
      peer.others = silent;
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
      (answer ?? peer.others)(res);
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
