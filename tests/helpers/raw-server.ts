/**
 * Fixtures for the lean HTTP client's tests: `listen` counts the connections of any server
 * (node:net, node:http, node:https), `rawServer` answers each request head with exact bytes
 * that the test writes itself, split as it likes. Servers and pools made here are closed by
 * `cleanUp()` (the test file's afterEach).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  LeanHttp,
  type LeanBody,
  type LeanHttpError,
  type LeanOptions,
} from '../../src/engine/net/http1/client.ts';
import { tempDir } from './core.ts';
import { sleep } from './wait.ts';

const cleanups: (() => unknown)[] = [];

export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export function later(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

/** A pool closed after the test. */
export function pool(options: LeanOptions = {}): LeanHttp {
  const http = new LeanHttp(options);
  later(() => http.close());
  return http;
}

export interface Listening {
  url: string;
  /** Connections accepted so far. */
  connections: number;
  /** Connections still open on the server's side. */
  open: Set<net.Socket>;
  /** Request heads received (raw servers), in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Answers one request head; `n` counts the requests before it on the same connection and
 * `c` is the connection's number (1 for the first one accepted).
 */
export type Answer = (socket: net.Socket, head: string, n: number, c: number) => unknown;

/** Listens on 127.0.0.1 until the test ends, counting connections. */
export async function listen(server: net.Server, scheme = 'http'): Promise<Listening> {
  const seen: Listening = {
    url: '',
    connections: 0,
    open: new Set(),
    requests: [],
    close: async () => {
      for (const socket of seen.open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('connection', (socket: net.Socket) => {
    seen.connections++;
    seen.open.add(socket);
    socket.on('close', () => seen.open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  seen.url = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  later(() => seen.close());
  return seen;
}

/** A node:net server that hands each request head to `answer` (GETs: heads only). */
export async function rawServer(answer: Answer): Promise<Listening> {
  const requests: string[] = [];
  let count = 0;
  const server = net.createServer((socket) => {
    const c = ++count;
    let pending = '';
    let n = 0;
    socket.on('error', () => {});
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const head = pending.slice(0, end);
        pending = pending.slice(end + 4);
        requests.push(head);
        if (!socket.writableEnded) void answer(socket, head, n++, c);
      }
    });
  });
  return Object.assign(await listen(server), { requests });
}

/** An answer that writes the same head (without its final empty line) and body each time. */
export const fixed =
  (head: string, body: string | Buffer = '') =>
  (socket: net.Socket) =>
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)]));

/** Writes each part in its own write, a moment apart, so that they tend to arrive apart. */
export async function send(socket: net.Socket, ...parts: (string | Buffer)[]): Promise<void> {
  for (const part of parts) {
    if (socket.destroyed) return;
    await new Promise((resolve) => socket.write(part, resolve));
    // A pause, not a wait: the parts are meant to arrive apart, in separate reads.
    await sleep(2);
  }
}

/** The error `promise` rejects with (the test fails if it resolves). */
export function failure(promise: Promise<unknown>): Promise<LeanHttpError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection, but it resolved');
    },
    (error: unknown) => error as LeanHttpError,
  );
}

export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A copy of the whole body. */
export async function readAll(body: LeanBody): Promise<Buffer> {
  const parts: Buffer[] = [];
  await body.pipe((bytes) => parts.push(Buffer.from(bytes)) > 0);
  return Buffer.concat(parts);
}

/** A self-signed certificate for localhost and 127.0.0.1, made by the openssl CLI. */
export function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = tempDir('roadcam-lean-tls-');
  try {
    const [key, cert] = [join(dir.path, 'key.pem'), join(dir.path, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
        ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
        ...['-days', '1', '-keyout', key, '-out', cert],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    dir.remove();
  }
}
