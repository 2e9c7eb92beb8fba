/**
 * Paging that would never end: a real small HTTP peer plays a service that hands the same
 * page for every skip, one that hands out pages of a single result, and ones that say "more"
 * of every box however small. The client stops each in words, after a bounded number of
 * requests, instead of looping.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maxPages, PagingStopped } from '../../../src/engine/api/paging.ts';
import { errorWords } from '../../../src/cli/error-words.ts';
import { demoClient } from '../../helpers/api.ts';

type Mode = 'same-page' | 'tiny-pages' | 'always-more' | 'shrinking';
const TOKEN = JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 });
/** Past this many searches the peer answers "nothing": the old code's loops end, and fail. */
const PEER_PATIENCE = 3_000;
let mode: Mode = 'same-page';
let searches = 0;
let server: Server;
let base: string;

const camera = (id: string, lon = 0, lat = 0) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { description: id },
});

/** One search page as the mode answers it. */
function page(query: URLSearchParams): object {
  const skip = Number(query.get('skip') ?? 0);
  const limit = Number(query.get('limit') ?? 10);
  const [w, s, e, n] = (query.get('bbox') ?? '-180,-90,180,90').split(',').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const ids = (count: number) =>
    Array.from({ length: count }, (_, i) => camera(`${query.get('bbox')}:${skip + i}`, w, s));
  const answers: Record<Mode, () => [object[], number]> = {
    // Whatever the skip: the same hundred cameras of a million.
    'same-page': () => [Array.from({ length: 100 }, (_, i) => camera(`c${i}`)), 1_000_000],
    // One camera a page, of 4,100.
    'tiny-pages': () => [[camera(`t${skip}`)], 4_100],
    // A million in every box, however small.
    'always-more': () => [ids(limit), 1_000_000],
    // Every box holds a little fewer than the one it was split from, but always too many.
    shrinking: () => [ids(limit), 51 + Math.round(1e6 * (e - w + (n - s)))],
  };
  const [features, total] = searches > PEER_PATIENCE ? [[], 0] : answers[mode]();
  return { type: 'FeatureCollection', features, properties: { total, skip, limit, aggs: {} } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/v1/oauth/token') return void res.end(TOKEN);
    searches++;
    res.end(JSON.stringify(page(url.searchParams)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  searches = 0;
});

async function iterateAll(): Promise<{ ids: string[]; error: unknown }> {
  const ids: string[] = [];
  try {
    for await (const c of demoClient(base).cameras.iterate({})) ids.push(c.id);
    return { ids, error: null };
  } catch (error) {
    return { ids, error };
  }
}

describe('paging through a search stops in words', () => {
  it('when the service hands the same page for every skip', async () => {
    mode = 'same-page';
    const { ids, error } = await iterateAll();
    expect(error).toBeInstanceOf(PagingStopped);
    expect((error as Error).message).toMatch(
      /^cameras search failed: the service answered skip 100 with the same page as skip 0: it seems to ignore skip/,
    );
    expect(await errorWords(error, { LANG: 'es_ES.UTF-8' })).toMatch(
      /falló: el servicio respondió a skip 100 con la misma página que a skip 0: parece ignorar skip/,
    );
    expect(ids).toHaveLength(100);
    expect(searches).toBe(2);
  });

  it('past the pages any real answer needs (pages of one result)', async () => {
    mode = 'tiny-pages';
    const { ids, error } = await iterateAll();
    const max = maxPages({ limit: 100, skipMax: 4000 });
    expect(max).toBe(821);
    expect((error as Error).message).toMatch(
      /^cameras search failed: the service took more than 821 pages to reach skip 4000/,
    );
    expect(ids).toHaveLength(max);
    expect(searches).toBe(max);
  });
});

describe('a complete search stops splitting its box', () => {
  // A ceiling of 50 (limit 10, skip max 40) keeps each box cheap.
  const paging = { limit: 10, skipMax: 40 };

  it('when the service says "more" of every half as of the whole', async () => {
    mode = 'always-more';
    const result = await demoClient(base, { paging }).cameras.searchAll({});
    // The world, its two halves (which narrow nothing), then the world paged to its ceiling.
    expect(result.incomplete).toEqual([[-180, -90, 180, 90]]);
    expect(result.requests).toBe(3 + 4);
    expect(searches).toBe(result.requests);
  });

  it('past the boxes any real search needs, when every half says a little less', async () => {
    mode = 'shrinking';
    const error = await demoClient(base, { paging })
      .cameras.searchAll({}, { maxBoxes: 200 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagingStopped);
    expect((error as Error).message).toMatch(
      /^complete cameras search failed: the service still counted more results than one box can page through after 200 boxes/,
    );
    // Boxes that narrow nothing are paged through (5 pages at most each), never split.
    expect(searches).toBeLessThan(200 * 5);
  });
});
