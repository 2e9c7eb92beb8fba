/** The client against the service through a recording proxy: its errors, and how it checks answers before reading them. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import {
  ApiClient,
  ApiError,
  AuthError,
  NetworkError,
  ServiceError,
} from '../../../src/engine/api/index.ts';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import {
  bearerTokens,
  demoClient,
  type RecordingProxy,
  type Rewrite,
  testNetwork,
} from '../../helpers/api.ts';

test.beforeEach(({ proxy }) => {
  proxy.requests.length = 0;
});

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('errors', () => {
  test('carry the service status, code, parameter and message', async ({ proxy }) => {
    const client = demoClient(proxy.url);
    const error = await client.cameras.search({ bbox: '1,2,3' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter: 'bbox' });
    expect((error as Error).message).toMatch(/^cameras search failed: bbox needs four numbers/);
  });

  test('use only the fields of an error body that are what the interface says', async ({
    proxy,
  }) => {
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

  test('cut a long message only after the secret is taken out, so no piece of it is left', async ({
    proxy,
  }) => {
    const client = demoClient(proxy.url);
    await client.session();
    const message = `${'a'.repeat(995)}${DEMO_CLIENT.secret} echoed back`;
    const body = { error: { status: 400, code: 'invalid_parameter', message } };
    proxy.inject({ status: 400, path: '/v1/cameras', body: JSON.stringify(body) });
    const error = (await client.cameras.search({ limit: 1 }).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(`${'a'.repeat(995)}[reda`);
    expect(error.message).not.toContain(DEMO_CLIENT.secret.slice(0, 4));
  });

  test('say the credentials were refused, without the secret', async ({ proxy }) => {
    const secret = 'wrong-secret-9f8e7d';
    const client = new ApiClient({
      network: testNetwork(),
      baseUrl: proxy.url,
      credentials: () => Promise.resolve({ clientId: 'demo', clientSecret: secret }),
    });
    const error = await client.session().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(/sign-in failed.*invalid_client.*roadcam login/);
    expect((error as Error).message).not.toContain(secret);
    expect(proxy.requests.filter((r) => r.path === '/v1/oauth/token')).toHaveLength(1);
  });

  test('say when the service cannot be reached', async () => {
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

  test('never contain the access token', async ({ proxy }) => {
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
  async function rewriting(
    proxy: RecordingProxy,
    path: string,
    rewrite: Rewrite,
  ): Promise<ApiClient> {
    const client = demoClient(proxy.url);
    await client.session();
    proxy.inject({ status: 200, path, rewrite });
    return client;
  }

  test('an answer that is not JSON says so, and what may be answering instead', async ({
    proxy,
  }) => {
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

  test('a record with a field of the wrong type is kept as well as it reads; one that cannot be placed is dropped, and the log says so', async ({
    proxy,
  }) => {
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

  test('a missing envelope is derived, an unknown status and an unreadable time are kept, a rate of 0 is read; an answer of another kind fails', async ({
    proxy,
  }) => {
    const client = await rewriting(proxy, '/v1/recordings', ({ properties: _, ...page }) => page);
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

  test('fields the client does not know pass through (a newer service may add some)', async ({
    proxy,
  }) => {
    const client = await rewriting(proxy, '/v1/cameras', (page) => {
      page.features[0].properties.lanes = 4;
      page.cursor = 'abc';
      return page;
    });
    const page = await client.cameras.search({ limit: 1 });
    expect(page.features[0]!.properties).toMatchObject({ lanes: 4 });
  });

  test('a token answer without its lifetime fails the sign-in in words, with no token in them', async ({
    proxy,
  }) => {
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
