/**
 * A base-map tile reaches the page only as an image, and a tile server on the internet cannot
 * send Roadcam to this computer or its network. Real tile servers on loopback, through the real
 * media resolver and network; "the internet" is modelled by a network whose address policy calls
 * 127.0.0.2 public (the product's policy is the system's resolver and the real ranges).
 */
import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/engine/api/index.ts';
import { MediaCache } from '../../../src/engine/cache/media.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { MediaResolver } from '../../../src/engine/media/resolver.ts';
import type { AddressPolicy } from '../../../src/engine/net/address-policy.ts';
import { internalRange } from '../../../src/engine/net/address-ranges.ts';
import { Network } from '../../../src/engine/net/network.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { tempDir } from '../../helpers/core.ts';

const dir = tempDir('roadcam-tile-answers-');
const servers: Server[] = [];
const networks: Network[] = [];
/** Requests the loopback server got, "/kind/..." each. */
const local: string[] = [];
let png: Buffer;
let jpeg: Buffer;
let L = 0; // the tile server on 127.0.0.1 (this computer)
let P = 0; // the tile server on 127.0.0.2, on "the internet" of the modelled network

/** 127.0.0.2 is the internet here; the rest as it really is. */
let rebindAnswers = 0;
const modelled: AddressPolicy = {
  internal: (address) => (address === '127.0.0.2' ? null : internalRange(address)),
  resolve: (host) => {
    if (host === 'public.test') return Promise.resolve(['127.0.0.2']);
    if (host === 'sneaky.test') return Promise.resolve(['127.0.0.1']);
    // DNS rebinding: public when Roadcam checks, loopback when it connects.
    if (host === 'rebind.test')
      return Promise.resolve([rebindAnswers++ ? '127.0.0.1' : '127.0.0.2']);
    return Promise.reject(Object.assign(new Error(`${host}: not found`), { code: 'ENOTFOUND' }));
  },
};

function serve(
  host: string,
  answer: (kind: string) => [number, Record<string, string>, Buffer | string],
) {
  const server = createServer((request, response) => {
    const kind = (request.url ?? '').split('/')[1] ?? '';
    if (host === '127.0.0.1') local.push(request.url ?? '');
    const [status, headers, body] = answer(kind);
    response.writeHead(status, headers);
    response.end(body);
  });
  servers.push(server);
  return new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  const picture = sharp({ create: { width: 8, height: 8, channels: 3, background: '#88aa66' } });
  png = await picture.clone().png().toBuffer();
  jpeg = await picture.clone().jpeg().toBuffer();
  L = await serve('127.0.0.1', (kind) => {
    const answers: Record<string, [number, Record<string, string>, Buffer | string]> = {
      html: [200, { 'Content-Type': 'text/html' }, '<html><script>local-secret</script>'],
      json: [200, { 'Content-Type': 'application/json' }, '{"local":"secret"}'],
      'png-as-html': [200, { 'Content-Type': 'text/html; charset=utf-8' }, png],
      'text-as-png': [200, { 'Content-Type': 'image/png' }, 'local-secret, not a picture'],
      png: [200, { 'Content-Type': 'image/png' }, png],
      jpeg: [200, { 'Content-Type': 'image/jpeg' }, jpeg],
      'to-self': [302, { Location: '/png/1.png' }, ''],
    };
    return answers[kind] ?? [404, {}, 'no'];
  });
  P = await serve('127.0.0.2', (kind) => {
    const to = (host: string): [number, Record<string, string>, string] => [
      302,
      { Location: `http://${host}:${L}/png/1.png` },
      '',
    ];
    if (kind === 'to-loopback') return to('127.0.0.1');
    if (kind === 'to-name') return to('sneaky.test');
    if (kind === 'to-rebind') return to('rebind.test');
    if (kind === 'png') return [200, { 'Content-Type': 'image/png' }, png];
    return [404, {}, 'no'];
  });
});
afterAll(async () => {
  for (const server of servers) server.close();
  await Promise.all(networks.map((n) => n.close()));
  dir.remove();
});

/** The real resolver, its tiles from `template`, over a network with `policy`. */
function resolverFor(template: string, policy?: AddressPolicy) {
  const db = new Database(':memory:');
  migrate(db, migrations);
  const network = new Network({ proxy: { mode: 'none' }, env: {}, addressPolicy: policy });
  networks.push(network);
  const client = new ApiClient({
    network,
    baseUrl: 'http://127.0.0.1:9',
    credentials: () => Promise.resolve({ clientId: 'x', clientSecret: 'y' }),
  });
  const logged: string[] = [];
  const cache = new MediaCache(db, dir.path, () => 1e9);
  const resolver = new MediaResolver(
    client,
    cache,
    (line) => logged.push(line),
    () => template,
  );
  return {
    logged,
    async tile(z = 3, x = 2, y = 1) {
      const answer = await resolver.resolve(
        `basemap/${z}/${x}/${y}.png`,
        AbortSignal.timeout(20_000),
      );
      return { ...answer, bytes: await buffer(answer.body as Readable) };
    },
  };
}

describe('a tile answer is passed on only when it is an image', () => {
  it.each(['html', 'json', 'png-as-html', 'text-as-png'])(
    'an answer of kind %s is refused in words, with nothing of it',
    async (kind) => {
      const { tile, logged } = resolverFor(`http://127.0.0.1:${L}/${kind}/{z}/{x}/{y}.png`);
      const answer = await tile();
      expect(answer.status).toBe(502);
      expect(answer.headers['Content-Type']).toBe('text/plain; charset=utf-8');
      const text = answer.bytes.toString();
      expect(text).toMatch(/a map tile must be a PNG, JPEG, WebP, GIF or AVIF image/);
      expect(text).not.toMatch(/secret|PNG\r\n/);
      expect(answer.bytes.includes(png.subarray(0, 8))).toBe(false);
      expect(logged.join('\n')).toMatch(/map tile 3\/2\/1: .*must be a PNG, JPEG/);
    },
  );

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
  ])('a real %s passes, as %s', async (kind, type) => {
    const answer = await resolverFor(`http://127.0.0.1:${L}/${kind}/{z}/{x}/{y}.png`).tile();
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe(type);
    expect(answer.bytes.equals(kind === 'png' ? png : jpeg)).toBe(true);
  });
});

describe('redirects of a tile server', () => {
  it('from a tile server on the internet to 127.0.0.1: refused, nothing asked there', async () => {
    const before = local.length;
    const { tile, logged } = resolverFor(
      `http://127.0.0.2:${P}/to-loopback/{z}/{x}/{y}.png`,
      modelled,
    );
    const answer = await tile();
    expect(answer.status).toBe(403);
    expect(answer.bytes.toString()).toMatch(
      new RegExp(
        `the tile server redirected it to http://127\\.0\\.0\\.1:${L}/png/1\\.png \\(HTTP 302\\), and Roadcam does not follow: it leads to a loopback address .*while the tile server itself is not there`,
      ),
    );
    expect(logged.join('\n')).toMatch(/map tile 3\/2\/1: .*does not follow/);
    expect(local.slice(before)).toEqual([]);
  });

  it('to a name that resolves to 127.0.0.1: refused by its address, not its name', async () => {
    const before = local.length;
    const answer = await resolverFor(
      `http://public.test:${P}/to-name/{z}/{x}/{y}.png`,
      modelled,
    ).tile();
    expect(answer.status).toBe(403);
    expect(answer.bytes.toString()).toMatch(/sneaky\.test at 127\.0\.0\.1, a loopback address/);
    expect(local.slice(before)).toEqual([]);
  });

  it('to a name that rebinds to 127.0.0.1 after the check: refused by the connection', async () => {
    const before = local.length;
    const answer = await resolverFor(
      `http://public.test:${P}/to-rebind/{z}/{x}/{y}.png`,
      modelled,
    ).tile();
    expect(answer.status).toBe(403);
    expect(answer.bytes.toString()).toMatch(
      /does not connect to http:\/\/rebind\.test:\d+\/png\/1\.png: rebind\.test is at 127\.0\.0\.1, a loopback address/,
    );
    expect(rebindAnswers).toBe(2);
    expect(local.slice(before)).toEqual([]);
  });

  it('a tile server on the internet by its name still answers', async () => {
    const answer = await resolverFor(
      `http://public.test:${P}/png/{z}/{x}/{y}.png`,
      modelled,
    ).tile();
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(png)).toBe(true);
  });

  it('a tile server on localhost may redirect to itself', async () => {
    const before = local.length;
    const answer = await resolverFor(`http://localhost:${L}/to-self/{z}/{x}/{y}.png`).tile();
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('image/png');
    expect(answer.bytes.equals(png)).toBe(true);
    expect(local.slice(before)).toEqual(['/to-self/3/2/1.png', '/png/1.png']);
  });
});
