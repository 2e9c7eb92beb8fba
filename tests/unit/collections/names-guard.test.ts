/**
 * Listing a collection's image names against a service that goes round in circles or never
 * stops inventing names: listing stops in words instead of running forever.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PagingStopped } from '../../../src/engine/api/paging.ts';
import { errorWords } from '../../../src/cli/error-words.ts';
import { allImageNames } from '../../../src/engine/collections/names.ts';
import { demoClient } from '../../helpers/api.ts';

let server: Server;
let base: string;
/** Names of the page after `marker`. */
let pageAfter: (marker: string) => string[] = () => [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/v1/oauth/token') {
      res.end(JSON.stringify({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    const marker = url.searchParams.get('marker') ?? '';
    res.end(
      JSON.stringify({
        _id: 'col_circle',
        name: 'Circle',
        description: '',
        tags: [],
        created_at: '2026-11-20T12:00:00Z',
        updated_at: '2026-11-20T12:00:00Z',
        images: pageAfter(marker),
        limit: 200,
        marker,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a collection's image names", () => {
  it('a marker that leads back to an earlier page stops listing, in words', async () => {
    // a.jpg -> b.jpg -> a.jpg -> ...: the last marker always differs from the one before.
    pageAfter = (marker) => [marker === 'a.jpg' ? 'b.jpg' : 'a.jpg'];
    const error = await allImageNames(demoClient(base), 'col_circle').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PagingStopped);
    expect((error as Error).message).toMatch(
      /^collection col_circle failed: the service led back to a page it had already given/,
    );
    // The same refusal in the reader's language, the service's marker as it sent it.
    expect(await errorWords(error, { LANG: 'de_DE.UTF-8' })).toMatch(
      /^Sammlung col_circle ist fehlgeschlagen: Der Dienst führte zu einer bereits gelieferten Seite zurück \(nach „[ab]\.jpg“\)/,
    );
  });

  it('a service that never stops inventing names is stopped past any real collection', async () => {
    let n = 0;
    pageAfter = () => Array.from({ length: 200 }, () => `frame-${n++}.jpg`);
    const error = await allImageNames(demoClient(base), 'col_circle').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /the service listed more than 500,\d{3} image names over \d+ pages/,
    );
  });

  it('a real collection is listed whole', async () => {
    pageAfter = (marker) =>
      marker === '' ? ['a.jpg', 'b.jpg'] : marker === 'b.jpg' ? ['c.jpg'] : [];
    const { names } = await allImageNames(demoClient(base), 'col_circle');
    expect(names).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });
});
