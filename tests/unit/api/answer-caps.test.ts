/**
 * Answers without limits: a service, or something in front of it, that sends far
 * more than any real answer. A real HTTP peer here sends each; the client stops reading at the
 * cap, counted after decoding, and says so in words.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLarge, ANSWER_CAPS } from '../../../src/engine/api/capped-read.ts';
import { ServiceError } from '../../../src/engine/api/index.ts';
import { demoClient } from '../../helpers/api.ts';
import { streamBytes } from '../../helpers/hostile-peer.ts';

const MB = 1024 * 1024;
let server: Server;
let base: string;
/** Bytes each hostile answer has sent, by path: the client must stop reading near the cap. */
const sent = new Map<string, number>();
let tokenBody = '';

/** Streams `total` bytes of `chunk` repeated, counting what was written. */
function stream(path: string, res: ServerResponse, chunk: Buffer, total: number) {
  streamBytes(res, chunk, total, (n) => sent.set(path, (sent.get(path) ?? 0) + n));
}

beforeAll(async () => {
  // 80 MB of JSON whitespace, gzipped to well under 1 MB: a decompression bomb.
  const bomb = gzipSync(Buffer.alloc(80 * MB, 0x20));
  const tileBomb = gzipSync(Buffer.alloc(40 * MB, 0x1a));
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/v1/oauth/token') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(tokenBody);
    } else if (path === '/v1/cameras') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    } else if (path === '/v1/cameras/1/0/0.mvt') {
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      stream(path, res, Buffer.alloc(MB, 0x1a), 100 * MB);
    } else if (path === '/v1/observations/1/0/0.mvt') {
      res.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
      res.end(tileBomb);
    } else if (path === '/v1/recordings') {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(path, res, Buffer.alloc(MB, 0x20), 200 * MB);
    } else if (path === '/v1/alerts') {
      // An error page of 5 MB of HTML comments: its reader must only ever see the start.
      res.writeHead(502, { 'content-type': 'text/html' });
      stream(path, res, Buffer.from('<p>Bad gateway</p>' + '<!--'.repeat(256 * 1024)), 5 * MB);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const token = (extra = '') =>
  JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 }) + extra;

describe('an answer past its cap is refused in words, and never read whole', () => {
  it('a JSON answer that decodes to more than the cap (a gzip bomb)', async () => {
    tokenBody = token();
    const error = await demoClient(base)
      .cameras.search({ limit: 2 })
      .catch((e: unknown) => e);
    // Whether the transport decoded it or not, it never became an 80 MB string.
    if (error instanceof AnswerTooLarge) {
      expect(error.message).toMatch(/^cameras search failed: the service sent more than 64 MB/);
    } else {
      expect((error as Error).message).toMatch(/^cameras search failed: /);
    }
  });

  it('a JSON answer that goes on and on: reading stops at the cap', async () => {
    tokenBody = token();
    const error = await demoClient(base)
      .recordings.search({ limit: 2 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerTooLarge);
    expect((error as Error).message).toContain('recordings search failed: the service sent more');
    expect(sent.get('/v1/recordings')).toBeLessThan(ANSWER_CAPS.json + 32 * MB);
  });

  it('a vector tile past 16 MB, sent plainly or decoding to it (a gzip bomb)', async () => {
    tokenBody = token();
    const client = demoClient(base);
    const plain = await client.cameras.tile(1, 0, 0).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(AnswerTooLarge);
    expect((plain as Error).message).toMatch(
      /^camera tile failed: the service sent more than 16 MB/,
    );
    expect(sent.get('/v1/cameras/1/0/0.mvt')).toBeLessThan(ANSWER_CAPS.tile + 32 * MB);
    const bomb = await client.observations.tile(1, 0, 0).catch((e: unknown) => e);
    expect((bomb as Error).message).toMatch(
      /^observation tile failed: the service sent more than 16 MB/,
    );
  });

  it('a token answer larger than any token', async () => {
    tokenBody = token(' '.repeat(2 * MB));
    const error = await demoClient(base)
      .session()
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/sign-in failed: the service sent more than 1 MB/);
    expect((error as Error).message).not.toContain('demo-secret');
  });

  it('an error body is cut before it is read: the first words, quickly', async () => {
    tokenBody = token();
    const error = await demoClient(base, { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } })
      .alerts.search({ limit: 2 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(502);
    expect((error as Error).message).toContain('Bad gateway');
    expect(sent.get('/v1/alerts')).toBeLessThan(5 * MB);
  });
});
