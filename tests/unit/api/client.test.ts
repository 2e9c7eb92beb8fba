import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiClient,
  ApiError,
  AuthError,
  InvalidPathValueError,
  NetworkError,
  ServiceError,
} from '../../../src/main/api/index.ts';
import { encodePolyline, type LonLat } from '../../../src/shared/geo.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import {
  bearerTokens,
  demoClient,
  startRecordingProxy,
  startTestService,
  type RecordingProxy,
  type Rewrite,
  type TestService,
} from '../../helpers/api.ts';

let service: TestService;
let proxy: RecordingProxy;
beforeAll(async () => {
  service = await startTestService();
  proxy = await startRecordingProxy(service.url);
});
afterAll(async () => {
  await proxy.close();
  await service.stop();
});
beforeEach(() => {
  proxy.requests.length = 0;
});

const searches = () => proxy.requests.filter((r) => r.path.startsWith('/v1/cameras'));

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

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
  it('uses GET with a query string for ordinary searches', async () => {
    const client = demoClient(proxy.url);
    const page = await client.cameras.search({ bbox: [-130, 20, -60, 50], limit: 5, sort: 'city' });
    expect(page.features).toHaveLength(5);
    expect(searches()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: expect.stringContaining('bbox=-130%2C20%2C-60%2C50'),
      }),
    ]);
  });

  it('switches to POST .../_search with a JSON body past 2 KB, with the same answer', async () => {
    const client = demoClient(proxy.url);
    const small = await client.cameras.search({ polygon: bigPolygon(40), limit: 100 });
    const large = await client.cameras.search({ polygon: bigPolygon(200), limit: 100 });
    const [get, post] = searches();
    expect(get!.method).toBe('GET');
    expect(post!.method).toBe('POST');
    expect(post!.path).toBe('/v1/cameras/_search');
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body).polygon).toMatch(/^-67 38,/);
    expect(large.properties.total).toBeGreaterThan(0);
    // Almost the same circle: nearly the same cameras.
    expect(Math.abs(large.properties.total - small.properties.total)).toBeLessThan(10);
  });

  it('sends a polyline with POST whatever its length', async () => {
    const client = demoClient(proxy.url);
    const route = encodePolyline([
      [-122.42, 37.77],
      [-121.89, 37.34],
    ]);
    await client.cameras.search({ polyline: route, polyline_radius: 20, limit: 3 });
    expect(searches()[0]).toMatchObject({ method: 'POST', path: '/v1/cameras/_search' });
    expect(JSON.parse(searches()[0]!.body)).toMatchObject({ polyline: route, polyline_radius: 20 });
  });
});

describe('errors', () => {
  it('carry the service status, code, parameter and message', async () => {
    const client = demoClient(proxy.url);
    const error = await client.cameras.search({ bbox: '1,2,3' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter: 'bbox' });
    expect((error as Error).message).toMatch(/^cameras search failed: bbox needs four numbers/);
  });

  it('use only the fields of an error body that are what the interface says', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    const body = {
      error: { status: 400, code: ['x'], parameter: {}, message: 'bbox is wrong.  ' },
    };
    proxy.inject({ status: 400, path: '/v1/cameras', body: JSON.stringify(body) });
    const error = await client.cameras.search({ limit: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'unknown', parameter: undefined });
    expect((error as Error).message).toBe('cameras search failed: bbox is wrong (HTTP 400).');
  });

  it('cut a long message only after the secret is taken out, so no piece of it is left', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    const message = `${'a'.repeat(995)}${DEMO_CLIENT.secret} echoed back`;
    const body = { error: { status: 400, code: 'invalid_parameter', message } };
    proxy.inject({ status: 400, path: '/v1/cameras', body: JSON.stringify(body) });
    const error = (await client.cameras.search({ limit: 1 }).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(`${'a'.repeat(995)}[reda`);
    expect(error.message).not.toContain(DEMO_CLIENT.secret.slice(0, 4));
  });

  it('say the credentials were refused, without the secret', async () => {
    const secret = 'wrong-secret-9f8e7d';
    const client = new ApiClient({
      baseUrl: proxy.url,
      credentials: () => Promise.resolve({ clientId: 'demo', clientSecret: secret }),
    });
    const error = await client.session().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(/sign-in failed.*invalid_client.*roadcam login/);
    expect((error as Error).message).not.toContain(secret);
    expect(proxy.requests.filter((r) => r.path === '/v1/oauth/token')).toHaveLength(1);
  });

  it('say when the service cannot be reached', async () => {
    const url = await closedPortUrl();
    const error = await demoClient(url)
      .session()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain(
      `could not reach ${url}/v1/oauth/token (ECONNREFUSED)`,
    );
    expect((error as Error).message).toMatch(/Check the network connection/);
  });

  it('never contain the access token', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    const [token] = bearerTokens(proxy.requests);
    const error = await client.cameras.show('no-such-camera').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect((error as Error).message).not.toContain(token);
  });
});

describe('answers are checked before they are read', () => {
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (e: unknown) => e,
    );
  /** A signed-in client whose next answer under `path` is the service's, passed through `rewrite`. */
  async function rewriting(path: string, rewrite: Rewrite): Promise<ApiClient> {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 200, path, rewrite });
    return client;
  }

  it('an answer that is not JSON says so, and what may be answering instead', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    const page = '<html><body>Sign in to the hotel Wi-Fi</body></html>';
    proxy.inject({
      status: 200,
      path: '/v1/cameras',
      body: page,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
    const error = await failure(client.cameras.search({ limit: 2 }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(
      'cameras search failed: the service answered with "text/html" that is not JSON. Something else may be answering in its place (a proxy, a captive portal, a wrong address): check the network and the service address in Settings.',
    );
  });

  it('a record with a field of the wrong type is kept as well as it reads; one that cannot be placed is dropped, and the log says so', async () => {
    const lines: string[] = [];
    const client = demoClient(proxy.url, { log: (line) => lines.push(line) });
    await client.session();
    proxy.inject({
      status: 200,
      path: '/v1/cameras',
      rewrite: (page) => {
        page.features[1].properties.video = 'yes';
        delete page.features[2].geometry;
        return page;
      },
    });
    const page = await client.cameras.search({ limit: 3 });
    expect(page.features).toHaveLength(2);
    expect(page.features[1]!.properties.video).toBe(false);
    expect(lines.join('\n')).toMatch(
      /cameras search: 1 of 3 records incomplete or in another form: properties\.video not a boolean \(string\) \(1\); 1 of 3 records dropped: no usable geometry \(1\)/,
    );
  });

  it('a missing envelope is derived, an unknown status and an unreadable time are kept, a rate of 0 is read; an answer of another kind fails', async () => {
    const client = await rewriting('/v1/recordings', ({ properties: _, ...page }) => page);
    const derived = await client.recordings.search({ limit: 2 });
    expect(derived.properties).toEqual({ total: 2, skip: 0, limit: 2, aggs: {} });
    proxy.inject({
      status: 200,
      path: '/v1/recordings',
      rewrite: (page) => ({
        ...page,
        features: [
          { ...page.features[0], properties: { ...page.features[0].properties, status: 'done' } },
        ],
      }),
    });
    const [done] = (await client.recordings.search({ limit: 1 })).features;
    expect(done!.properties.status).toBe('done');
    proxy.inject({
      status: 200,
      path: '/v1/observations',
      rewrite: (page) => {
        page.features[0].properties.time = 'yesterday';
        return page;
      },
    });
    const [observation] = (await client.observations.search({ limit: 1 })).features;
    expect(observation!.properties.time).toBeNull();
    // The meaning and unit of rate are not shown: no range is imposed on it.
    proxy.inject({
      status: 200,
      path: '/v1/recordings/',
      rewrite: (recording) => ({ ...recording, properties: { ...recording.properties, rate: 0 } }),
    });
    const [recording] = (await client.recordings.search({ limit: 1 })).features;
    expect((await client.recordings.show(recording!.id)).properties.rate).toBe(0);
    const [camera] = (await client.cameras.search({ limit: 1 })).features;
    proxy.inject({
      status: 200,
      path: '/v1/cameras/',
      rewrite: () => ({ type: 'FeatureCollection', features: [] }),
    });
    expect(String(await failure(client.cameras.show(camera!.id)))).toMatch(
      new RegExp(
        `camera ${camera!.id} failed: the service's answer does not follow the service interface \\(type: string "FeatureCollection", not "Feature"\\)`,
      ),
    );
  });

  it('fields the client does not know pass through (a newer service may add some)', async () => {
    const client = await rewriting('/v1/cameras', (page) => {
      page.features[0].properties.lanes = 4;
      page.cursor = 'abc';
      return page;
    });
    const page = await client.cameras.search({ limit: 1 });
    expect(page.features[0]!.properties).toMatchObject({ lanes: 4 });
  });

  it('a token answer without its lifetime fails the sign-in in words, with no token in them', async () => {
    const client = demoClient(proxy.url);
    let token = '';
    proxy.inject({
      status: 200,
      path: '/v1/oauth/token',
      rewrite: ({ expires_in: _, ...answer }) => {
        token = answer.access_token;
        return answer;
      },
    });
    const error = await failure(client.session());
    expect((error as Error).message).toMatch(
      /^sign-in failed: the service's answer does not follow the service interface \(expires_in: missing\)/,
    );
    expect(token.length).toBeGreaterThan(20);
    expect((error as Error).message).not.toContain(token);
  });
});

describe('ids in paths', () => {
  it('refuses "", "." and ".." before any request: URL resolution would make them another path', async () => {
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

  it('sends any other id as one encoded segment', async () => {
    const client = demoClient(proxy.url);
    const error = await client.cameras.show('a/../b c').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
    expect(proxy.requests.at(-1)!.path).toBe('/v1/cameras/a%2F..%2Fb%20c');
  });
});

describe('retries', () => {
  it('retry 5xx and network failures of idempotent requests with backoff', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject(
      { status: 503, path: '/v1/cameras' },
      { status: 500, path: '/v1/cameras', drop: true },
    );
    const page = await client.cameras.search({ limit: 2 });
    expect(page.features).toHaveLength(2);
    expect(searches()).toHaveLength(3);
  });

  it('honour Retry-After on 429', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 429, path: '/v1/cameras', headers: { 'retry-after': '1' } });
    const started = Date.now();
    await client.cameras.search({ limit: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(searches()).toHaveLength(2);
  });

  it('stop after the last attempt with the service error', async () => {
    const client = demoClient(proxy.url, { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    await client.session();
    proxy.inject({ status: 503, path: '/v1/cameras' }, { status: 503, path: '/v1/cameras' });
    await expect(client.cameras.search({ limit: 1 })).rejects.toMatchObject({ status: 503 });
    expect(searches()).toHaveLength(2);
  });

  it('never retry a request that is not idempotent', async () => {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 503, path: '/v1/recordings' });
    await expect(client.recordings.create({ camera_id: 'x' })).rejects.toMatchObject({
      status: 503,
    });
    expect(proxy.requests.filter((r) => r.path === '/v1/recordings')).toHaveLength(1);
  });

  it('stop waiting when aborted', async () => {
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
  it('reads the token attributes', async () => {
    const session = await demoClient(proxy.url).session();
    expect(session).toMatchObject({ name: 'demo' });
    expect(session.expires_in).toBeGreaterThan(6 * 24 * 3600);
  });
});
