/**
 * Media past its cap: a real HTTP peer plays the service and a tile server that send far more
 * than any image, playlist, video file or tile. The media route stops reading at the cap
 * (counted after decoding), closes the connection and answers in words; what it had already
 * answered 200 (live video, streamed to the page) is cut and the log says why.
 */
import Database from 'better-sqlite3';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CAPS } from '../../../src/engine/api/capped-read.ts';
import { MediaCache } from '../../../src/engine/cache/media.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { MediaResolver, type MediaAnswer } from '../../../src/engine/media/resolver.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { demoClient } from '../../helpers/api.ts';
import { tempDir } from '../../helpers/core.ts';
import { streamBytes } from '../../helpers/hostile-peer.ts';

const MB = 1024 * 1024;
const TOKEN = JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 });
/** Body bytes the peer got onto the wire, by path. */
const sent = new Map<string, number>();
const logged: string[] = [];
const dir = tempDir('roadcam-media-caps-');
let server: Server;
let resolver: MediaResolver;
let db: Database.Database;

/** Streams `total` bytes of `fill`, as fast as the client reads, counting what was written. */
function stream(path: string, res: ServerResponse, total: number, fill = 0x20) {
  streamBytes(res, Buffer.alloc(MB, fill), total, (n) => sent.set(path, (sent.get(path) ?? 0) + n));
}

/** What the peer answers, by path: a type, maybe a declared length, and how much it sends. */
const ANSWERS: Record<string, { type: string; total: number; length?: number; gzip?: true }> = {
  '/v1/cameras/C1/live': { type: 'image/jpeg', total: 100 * MB },
  '/v1/cameras/C2/live': { type: 'image/jpeg', total: 2 * MB, length: 1024 * MB },
  '/v1/cameras/C1/live/playlist.m3u8': { type: 'application/vnd.apple.mpegurl', total: 40 * MB },
  // A playlist named without an extension: its type lowers the cap all the same.
  '/v1/cameras/C1/live/chunklist': { type: 'application/x-mpegURL', total: 40 * MB },
  '/v1/cameras/C1/live/media_1.ts': { type: 'video/mp2t', total: 2 * MB, length: 4096 * MB },
  '/v1/cameras/1/0/0.mvt': { type: 'application/x-protobuf', total: 100 * MB },
  '/v1/observations/1/0/0.mvt': { type: 'application/x-protobuf', total: 40 * MB, gzip: true },
  '/tiles/1/0/0.png': { type: 'image/png', total: 100 * MB },
};

beforeAll(async () => {
  const bomb = gzipSync(Buffer.alloc(40 * MB, 0x20));
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const answer = ANSWERS[path];
    if (path === '/v1/oauth/token') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(TOKEN);
    } else if (answer?.gzip) {
      res.writeHead(200, { 'content-type': answer.type, 'content-encoding': 'gzip' });
      sent.set(path, bomb.length);
      res.end(bomb);
    } else if (answer) {
      const length = answer.length ? { 'content-length': String(answer.length) } : {};
      res.writeHead(200, { 'content-type': answer.type, ...length });
      stream(path, res, answer.total);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  db = new Database(':memory:');
  migrate(db, migrations);
  const cache = new MediaCache(db, dir.path, () => 1e9);
  const client = demoClient(base, { retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
  resolver = new MediaResolver(
    client,
    cache,
    (line) => logged.push(line),
    () => `${base}/tiles/{z}/{x}/{y}.png`,
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  db.close();
  dir.remove();
});

async function get(path: string): Promise<MediaAnswer & { text: string }> {
  const answer = await resolver.resolve(path, new AbortController().signal);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body as Readable) chunks.push(chunk as Buffer);
  return { ...answer, text: Buffer.concat(chunks).toString() };
}

/** Reading a body that must fail part-way: its error, and how much came before it. */
async function cut(body: Readable): Promise<{ error: Error | null; read: number }> {
  let read = 0;
  try {
    for await (const chunk of body) read += (chunk as Buffer).length;
    return { error: null, read };
  } catch (error) {
    return { error: error as Error, read };
  }
}

/** What the socket may still hold past the cap when reading stops. */
const SLACK = 24 * MB;

describe('media past its cap is refused in words, and never read whole', () => {
  it('a live image that goes on and on: reading stops at 64 MB, the page gets words', async () => {
    const answer = await get('cameras/C1/live');
    expect(answer.status).toBe(502);
    expect(answer.text).toMatch(
      /^camera C1 live image failed: the service sent more than 64 MB for one answer/,
    );
    expect(sent.get('/v1/cameras/C1/live')).toBeLessThan(ANSWER_CAPS.image + SLACK);
  });

  it('an image whose declared length is past the cap is refused before its body', async () => {
    const answer = await get('cameras/C2/live');
    expect(answer.status).toBe(502);
    expect(answer.text).toContain('camera C2 live image failed: the service sent more than 64 MB');
  });

  it('a video file whose declared length is past the cap is refused before it is answered', async () => {
    const answer = await get('cameras/C1/live/media_1.ts');
    expect(answer.status).toBe(502);
    expect(answer.text).toContain('camera C1 live video failed: the service sent more than 128 MB');
  });

  it('a playlist streamed to the page is cut at 4 MB, whatever its name, and the log says why', async () => {
    for (const file of ['playlist.m3u8', 'chunklist']) {
      const answer = await resolver.resolve(
        `cameras/C1/live/${file}`,
        new AbortController().signal,
      );
      expect(answer.status).toBe(200);
      const { error, read } = await cut(answer.body);
      expect(error?.message).toMatch(
        /^camera C1 live video failed: the service sent more than 4 MB/,
      );
      expect(read).toBeLessThanOrEqual(ANSWER_CAPS.playlist);
      expect(sent.get(`/v1/cameras/C1/live/${file}`)).toBeLessThan(ANSWER_CAPS.playlist + SLACK);
    }
    expect(logged.join('\n')).toContain('media camera C1 live video: camera C1 live video failed');
  });

  it('a vector tile past 16 MB, sent plainly or as a gzip bomb', async () => {
    const plain = await get('tiles/cameras/1-0-0.mvt');
    expect(plain.status).toBe(502);
    expect(plain.text).toMatch(/^camera tile failed: the service sent more than 16 MB/);
    expect(sent.get('/v1/cameras/1/0/0.mvt')).toBeLessThan(ANSWER_CAPS.tile + SLACK);
    const bomb = await get('tiles/observations/1-0-0.mvt');
    expect(bomb.status).toBe(502);
    expect(bomb.text).toMatch(/^observation tile failed: the service sent more than 16 MB/);
  });

  it('a base-map tile past 16 MB, in the words of the tile server', async () => {
    const answer = await get('basemap/1/0/0.png');
    expect(answer.status).toBe(502);
    expect(answer.text).toMatch(/^map tile failed: the tile server sent more than 16 MB/);
    expect(answer.text).toContain('The tile server, or something in front of it');
    expect(sent.get('/tiles/1/0/0.png')).toBeLessThan(ANSWER_CAPS.tile + SLACK);
  });
});
