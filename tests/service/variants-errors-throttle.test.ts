/**
 * The service's variants where the interface shows nothing: error bodies in other forms (with
 * the same status codes and headers), a rate limit that refuses an operation without carrying
 * it out, and an alert search that lowers a large limit without a word.
 */
import { describe, expect, it } from 'vitest';
import { useServiceUnderTest } from '../helpers/per-describe.ts';
import { startServiceUnderTest } from '../helpers/service.ts';
import { sleep } from '../helpers/wait.ts';

const FORMS = [
  ['json', 'application/json', /"message":"POST is not allowed on \/v1\/session/],
  ['other-json', 'application/problem+json', /"detail":"POST is not allowed on \/v1\/session/],
  ['text', 'text/plain', /^405 Method Not Allowed: POST is not allowed on \/v1\/session/],
  ['html', 'text/html', /<title>405 Method Not Allowed<\/title>[\s\S]*<p>POST is not allowed/],
  ['empty', null, /^$/],
] as const;

describe.each(FORMS)('error bodies of the %s form', (errors, type, body) => {
  const t = useServiceUnderTest({ cameras: 40, hours: 2, variant: { name: errors, errors } });

  it('keep the status and headers (Allow, WWW-Authenticate), in the variant form', async () => {
    const res = await fetch(`${t.url}/v1/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.headers.get('content-type')?.split(';')[0] ?? null).toBe(type);
    expect(await res.text()).toMatch(body);
    const anonymous = await fetch(`${t.url}/v1/cameras`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});

describe('a rate limit (variant throttle: 3 requests in 1.5 s)', () => {
  const t = useServiceUnderTest({
    cameras: 40,
    hours: 2,
    variant: { name: 'throttled', throttle: { requests: 3, windowMs: 1500 }, errors: 'text' },
  });

  it('refuses the operation past the limit with 429 and Retry-After, and does not run it', async () => {
    const create = (name: string) => t.postJson('/v1/collections', { name });
    expect((await create('one')).status).toBe(200);
    expect((await create('two')).status).toBe(200);
    expect((await create('three')).status).toBe(200);
    const refused = await create('four');
    expect(refused.status).toBe(429);
    expect(['1', '2']).toContain(refused.headers.get('retry-after'));
    expect(refused.body).toMatch(/^429 Too Many Requests: .*not carried out/);
    // Neither token requests nor the admin statistics are counted or refused.
    expect((await fetch(`${t.url}/_admin/stats`)).status).toBe(200);
    const token = await fetch(`${t.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    });
    expect(token.status).toBe(200);
    // Once the window has passed: 'three' was created, 'four' was not.
    await sleep(1600); // the throttle's window passing is the point
    const names = await t.get('/v1/collections', { limit: 100 });
    expect(names.status).toBe(200);
    const made = (names.body.results as { name: string }[]).map((c) => c.name);
    expect(made).toContain('three');
    expect(made).not.toContain('four');
  });
});

describe('alert search limits', () => {
  it('ours refuses a limit above 100; a variant lowers it silently and says so', async () => {
    const ours = await startServiceUnderTest({ cameras: 40, hours: 2 });
    const lowering = await startServiceUnderTest({
      cameras: 40,
      hours: 2,
      variant: { name: 'lowering', alertLimitMax: 5 },
    });
    try {
      expect((await ours.get('/v1/alerts', { limit: 500 })).status).toBe(400);
      const page = await lowering.get('/v1/alerts', { limit: 500, expired: 'any' });
      expect(page.status).toBe(200);
      expect(page.body.features).toHaveLength(5);
      expect(page.body.properties.limit).toBe(5);
      const small = await lowering.get('/v1/alerts', { limit: 3, expired: 'any' });
      expect(small.body.features).toHaveLength(3);
    } finally {
      await ours.close();
      await lowering.close();
    }
  });
});
