/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 4.1 and 5: token request, token presentation, session, expiry, blocking. */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';
import { requestToken, type ServiceUnderTest } from '../helpers/service.ts';

test.override({ serviceOptions: { clients: [{ id: 'acme', secret: 's3cret:with colon' }] } });

const tokenRequest = (
  t: ServiceUnderTest,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> =>
  fetch(`${t.url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('5.2-5.3 token request', () => {
  test('issues a Bearer JWT valid 7 days with expires_in in seconds (form body credentials)', async ({
    t,
  }) => {
    const r = await tokenRequest(
      t,
      'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(7 * 24 * 3600);
    expect(body.access_token.split('.')).toHaveLength(3);
    const c = claims(body.access_token);
    expect((c['exp'] as number) - (c['iat'] as number)).toBe(7 * 24 * 3600);
    expect(c['sub']).toBe('demo');
  });

  test('accepts the key pair in a Basic Authorization header', async ({ t }) => {
    const basic = Buffer.from('acme:s3cret:with colon').toString('base64');
    const r = await tokenRequest(t, 'grant_type=client_credentials', {
      Authorization: `Basic ${basic}`,
    });
    expect(r.status).toBe(200);
  });

  test('refuses other grant types, missing or wrong credentials, and GET', async ({ t }) => {
    const cases: [string, Record<string, string>, number, string][] = [
      ['client_id=demo&client_secret=demo-secret', {}, 400, 'invalid_request'],
      [
        'grant_type=password&client_id=demo&client_secret=demo-secret',
        {},
        400,
        'unsupported_grant_type',
      ],
      ['grant_type=client_credentials', {}, 401, 'invalid_client'],
      [
        'grant_type=client_credentials&client_id=demo&client_secret=nope',
        {},
        401,
        'invalid_client',
      ],
      ['grant_type=client_credentials&client_id=nobody&client_secret=x', {}, 401, 'invalid_client'],
    ];
    for (const [body, headers, status, code] of cases) {
      const r = await tokenRequest(t, body, headers);
      expect(r.status, body).toBe(status);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const get = await fetch(`${t.url}/v1/oauth/token`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('5.5 presenting the token', () => {
  test('accepts the Authorization header, the access_token query parameter, and the body parameter', async ({
    t,
  }) => {
    expect(
      (await t.get('/v1/cameras', undefined, { Authorization: `Bearer ${t.token}` })).status,
    ).toBe(200);
    expect((await t.get('/v1/cameras', { access_token: t.token }, {})).status).toBe(200);
    expect(
      (await t.postJson('/v1/cameras/_search', { access_token: t.token, limit: 1 }, {})).status,
    ).toBe(200);
    expect(
      (await t.postForm('/v1/cameras/_search', { access_token: t.token, limit: 1 }, {})).status,
    ).toBe(200);
  });

  test('answers 401 without a token, with a bad token, and with a non-Bearer header', async ({
    t,
  }) => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer abc.def.ghi' },
      { Authorization: 'Basic Zm9vOmJhcg==' },
    ];
    for (const headers of variants) {
      const r = await t.get<any>('/v1/cameras', undefined, headers);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(['unauthorized', 'invalid_token']).toContain(r.body.error.code);
    }
    const forged = t.token.slice(0, -4) + (t.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(
      (await t.get('/v1/session', undefined, { Authorization: `Bearer ${forged}` })).status,
    ).toBe(401);
  });
});

describe('4.1 session and 5.6-5.7 expiry', () => {
  test('GET /v1/session answers name, roles, context and expires_in in seconds', async ({ t }) => {
    const r = await t.get<any>('/v1/session');
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('demo');
    expect(Array.isArray(r.body.roles)).toBe(true);
    expect(typeof r.body.context).toBe('object');
    expect(r.body.expires_in).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(r.body.expires_in).toBeLessThanOrEqual(7 * 24 * 3600);
  });
});

describe('5.4 token reuse and blocking', () => {
  test('counts token requests per client (visible to tests through /_admin/stats)', async ({
    t,
  }) => {
    await fetch(`${t.url}/_admin/token-requests/reset`, { method: 'POST' });
    await requestToken(t.url, 'acme', 's3cret:with colon');
    await requestToken(t.url, 'acme', 's3cret:with colon');
    const stats = (await (await fetch(`${t.url}/_admin/stats`)).json()) as {
      token_requests: Record<string, number>;
    };
    expect(stats.token_requests['acme']).toBe(2);
    expect(stats.token_requests['demo']).toBe(0);
  });

  test('blocks a client that requests too many tokens: 429 for tokens, 403 for its calls', async ({
    t,
  }) => {
    const token = await requestToken(t.url, 'acme', 's3cret:with colon');
    let last = 200;
    for (let i = 0; i < 130 && last === 200; i++) {
      last = (
        await tokenRequest(
          t,
          'grant_type=client_credentials&client_id=acme&client_secret=s3cret%3Awith%20colon',
        )
      ).status;
    }
    expect(last).toBe(429);
    const r = await t.get<any>('/v1/cameras', undefined, { Authorization: `Bearer ${token}` });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('client_blocked');
    expect((await t.get('/v1/cameras')).status).toBe(200); // the demo client is not affected
    await fetch(`${t.url}/_admin/token-requests/reset`, { method: 'POST' });
    expect(
      (await t.get('/v1/cameras', undefined, { Authorization: `Bearer ${token}` })).status,
    ).toBe(200);
  });
});

// Moves the clock a week on: last in the file.
describe('5.4 token lifetime', () => {
  test('a token expires after 7 days (401 token_expired)', async ({ t }) => {
    const start = t.service.clock.now();
    t.service.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    try {
      const r = await t.get<any>('/v1/session');
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('token_expired');
    } finally {
      t.service.clock.set(start);
    }
  });
});
