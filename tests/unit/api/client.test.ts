/** The client against the service through a recording proxy: how requests travel, ids in paths, retries, the session. */
import { describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { InvalidPathValueError } from '../../../src/engine/api/index.ts';
import { encodePolyline, type LonLat } from '../../../src/shared/geo.ts';
import { demoClient, type RecordingProxy } from '../../helpers/api.ts';

test.beforeEach(({ proxy }) => {
  proxy.requests.length = 0;
});

const searches = (proxy: RecordingProxy) =>
  proxy.requests.filter((r) => r.path.startsWith('/v1/cameras'));

/** A polygon ring around the contiguous US with many vertices, to make a long query string. */
function bigPolygon(vertices: number): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i < vertices; i++) {
    const a = (2 * Math.PI * i) / vertices;
    ring.push([+(-97 + 30 * Math.cos(a)).toFixed(6), +(38 + 14 * Math.sin(a)).toFixed(6)]);
  }
  return [...ring, ring[0]!];
}

describe('how searches travel', () => {
  test('uses GET with a query string for ordinary searches', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    const page = await client.cameras.search({ bbox: [-130, 20, -60, 50], limit: 5, sort: 'city' });
    expect(page.features).toHaveLength(5);
    expect(searches(proxy)).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: expect.stringContaining('bbox=-130%2C20%2C-60%2C50'),
      }),
    ]);
  });

  test('switches to POST .../_search with a JSON body past 2 KB, with the same answer', async ({
    proxy,
  }) => {
    const client = demoClient(proxy.url);
    const small = await client.cameras.search({ polygon: bigPolygon(40), limit: 100 });
    const large = await client.cameras.search({ polygon: bigPolygon(200), limit: 100 });
    const [get, post] = searches(proxy);
    expect(get!.method).toBe('GET');
    expect(post!.method).toBe('POST');
    expect(post!.path).toBe('/v1/cameras/_search');
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body).polygon).toMatch(/^-67 38,/);
    expect(large.properties.total).toBeGreaterThan(0);
    // Almost the same circle: nearly the same cameras.
    expect(Math.abs(large.properties.total - small.properties.total)).toBeLessThan(10);
  });

  test('sends a polyline with POST whatever its length', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    const route = encodePolyline([
      [-122.42, 37.77],
      [-121.89, 37.34],
    ]);
    await client.cameras.search({ polyline: route, polyline_radius: 20, limit: 3 });
    expect(searches(proxy)[0]).toMatchObject({ method: 'POST', path: '/v1/cameras/_search' });
    expect(JSON.parse(searches(proxy)[0]!.body)).toMatchObject({
      polyline: route,
      polyline_radius: 20,
    });
  });
});

describe('ids in paths', () => {
  test('refuses "", "." and ".." before any request: URL resolution would make them another path', async ({
    proxy,
  }) => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.requests.length = 0;
    for (const id of ['', '.', '..']) {
      const error = await client.cameras.show(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidPathValueError);
      expect((error as Error).message).toBe(
        `${JSON.stringify(id)} is not a valid camera id: an empty one, "." or ".." would address another path on the service. Check the value you entered or the link you opened.`,
      );
    }
    await expect(client.collections.image('col_x', '..')).rejects.toThrow(InvalidPathValueError);
    await expect(client.recordings.downloadUrl('.', 'zip')).rejects.toThrow(InvalidPathValueError);
    expect(proxy.requests).toEqual([]);
  });

  test('sends any other id as one encoded segment', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    const error = await client.cameras.show('a/../b c').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
    expect(proxy.requests.at(-1)!.path).toBe('/v1/cameras/a%2F..%2Fb%20c');
  });
});

describe('retries', () => {
  test('retry 5xx and network failures of idempotent requests with backoff', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject(
      { status: 503, path: '/v1/cameras' },
      { status: 500, path: '/v1/cameras', drop: true },
    );
    const page = await client.cameras.search({ limit: 2 });
    expect(page.features).toHaveLength(2);
    expect(searches(proxy)).toHaveLength(3);
  });

  test('honour Retry-After on 429', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 429, path: '/v1/cameras', headers: { 'retry-after': '1' } });
    const started = Date.now();
    await client.cameras.search({ limit: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(searches(proxy)).toHaveLength(2);
  });

  test('stop after the last attempt with the service error', async ({ proxy }) => {
    const client = demoClient(proxy.url, { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    await client.session();
    proxy.inject({ status: 503, path: '/v1/cameras' }, { status: 503, path: '/v1/cameras' });
    await expect(client.cameras.search({ limit: 1 })).rejects.toMatchObject({ status: 503 });
    expect(searches(proxy)).toHaveLength(2);
  });

  test('never retry a request that is not idempotent', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 503, path: '/v1/recordings' });
    await expect(client.recordings.create({ camera_id: 'x' })).rejects.toMatchObject({
      status: 503,
    });
    expect(proxy.requests.filter((r) => r.path === '/v1/recordings')).toHaveLength(1);
  });

  test('stop waiting when aborted', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 429, path: '/v1/cameras', headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    const started = Date.now();
    await expect(
      client.cameras.search({ limit: 1 }, { signal: controller.signal }),
    ).rejects.toThrow('user cancelled');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('session', () => {
  test('reads the token attributes', async ({ proxy }) => {
    const session = await demoClient(proxy.url).session();
    expect(session).toMatchObject({ name: 'demo' });
    expect(session.expires_in).toBeGreaterThan(6 * 24 * 3600);
  });
});
