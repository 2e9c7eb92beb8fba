/**
 * A hostile service: a real HTTP peer that answers the token request and every call the way a
 * broken or malicious service (or something in front of it) might. The behaviour of each is
 * set on the peer and may change between requests; `sent` counts the body bytes each path's
 * answers got onto the wire, so a test can check the client stopped reading.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

const MB = 1024 * 1024;

export type Misbehaviour =
  /** A valid answer at once. */
  | 'polite'
  /** A small gzip body that decodes to `bombMB` of JSON whitespace. */
  | 'gzip-bomb'
  /** 200 and JSON that never ends (whitespace, as fast as the client reads). */
  | 'endless'
  /** 200 and a valid answer, one byte every `everyMs`. */
  | 'trickle'
  /** The connection is taken and nothing is ever answered, not even a status line. */
  | 'silent'
  /** 502 with an HTML page of `errorMB` of comments (quadratic for lazy regular expressions). */
  | 'error-page';

export interface HostilePeer {
  url: string;
  /** How the token request is answered. */
  token: Misbehaviour;
  /** How every other request is answered. */
  answers: Misbehaviour;
  /** trickle: the time between two bytes. */
  everyMs: number;
  bombMB: number;
  errorMB: number;
  /** Body bytes written per path. */
  readonly sent: Map<string, number>;
  /** Requests per path. */
  readonly asked: Map<string, number>;
  close(): Promise<void>;
}

const TOKEN = JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 });
const EMPTY_SEARCH = JSON.stringify({ type: 'FeatureCollection', features: [], total: 0 });

export async function startHostilePeer(
  options: Partial<Pick<HostilePeer, 'token' | 'answers' | 'everyMs' | 'bombMB' | 'errorMB'>> = {},
): Promise<HostilePeer> {
  const sockets = new Set<Socket>();
  const bombs = new Map<number, Buffer>();
  const peer: HostilePeer = {
    url: '',
    token: 'polite',
    answers: 'polite',
    everyMs: 5_000,
    bombMB: 2048,
    errorMB: 5,
    ...options,
    sent: new Map(),
    asked: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const count = (path: string, bytes: number) =>
    peer.sent.set(path, (peer.sent.get(path) ?? 0) + bytes);

  function answer(how: Misbehaviour, polite: string, path: string, res: ServerResponse): void {
    switch (how) {
      case 'polite':
        res.writeHead(200, { 'content-type': 'application/json' });
        count(path, polite.length);
        res.end(polite);
        return;
      case 'gzip-bomb': {
        let bomb = bombs.get(peer.bombMB);
        // Made in 64 MB pieces: one buffer of 2 GB is more than Node allows.
        if (!bomb) bombs.set(peer.bombMB, (bomb = bombOf(peer.bombMB)));
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        count(path, bomb.length);
        res.end(bomb);
        return;
      }
      case 'endless': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const more = () => {
          while (!res.destroyed) {
            count(path, chunk.length);
            if (!res.write(chunk)) return void res.once('drain', more);
          }
        };
        more();
        return;
      }
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        let at = 0;
        const timer = setInterval(() => {
          if (at >= polite.length) {
            clearInterval(timer);
            res.end();
            return;
          }
          count(path, 1);
          res.write(polite[at++]!);
        }, peer.everyMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'silent':
        return;
      case 'error-page': {
        res.writeHead(502, { 'content-type': 'text/html' });
        const piece = Buffer.from('<!--'.repeat(16 * 1024));
        let left = peer.errorMB * MB;
        const more = () => {
          while (left > 0 && !res.destroyed) {
            left -= piece.length;
            count(path, piece.length);
            if (!res.write(piece)) return void res.once('drain', more);
          }
          res.end();
        };
        res.write('<html><body><p>Bad gateway</p>');
        more();
        return;
      }
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    peer.asked.set(path, (peer.asked.get(path) ?? 0) + 1);
    // The request body is read (and dropped) before any answer, as a server would.
    req.resume();
    req.on('end', () => {
      if (path === '/v1/oauth/token') answer(peer.token, TOKEN, path, res);
      else answer(peer.answers, EMPTY_SEARCH, path, res);
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

/** `mb` megabytes of spaces, gzipped (about 1/1000 of the size). */
function bombOf(mb: number): Buffer {
  const piece = gzipSync(Buffer.alloc(64 * MB, 0x20));
  // Gzip members may follow each other: the decoder reads them as one stream.
  return Buffer.concat(Array.from({ length: Math.ceil(mb / 64) }, () => piece));
}
