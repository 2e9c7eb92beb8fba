/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/**
 * Spec 7 leaves errors open; the service answers every failure with
 * {"error": {status, code, parameter?, message}} and the right status, never a 5xx for bad
 * input. The property test sends thousands of generated malformed requests.
 */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';

test.override({ serviceOptions: { cameras: 120, hours: 2 } });

function expectError(body: any, status: number): void {
  expect(body.error.status).toBe(status);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(10);
}

describe('7 error statuses and body', () => {
  test('400 invalid_parameter names the parameter', async ({ t }) => {
    const r = await t.get<any>('/v1/cameras', { bbox: '1,2,3' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: {
        status: 400,
        code: 'invalid_parameter',
        parameter: 'bbox',
        message: 'bbox needs four numbers: min lon, min lat, max lon, max lat; got 3.',
      },
    });
  });

  test('400 unknown_parameter: unknown parameters are refused, never ignored', async ({ t }) => {
    for (const path of [
      '/v1/cameras',
      '/v1/observations',
      '/v1/recordings',
      '/v1/alerts',
      '/v1/collections',
    ]) {
      const r = await t.get<any>(path, { colour: 'red' });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('unknown_parameter');
      expect(r.body.error.parameter).toBe('colour');
    }
    expect((await t.get<any>('/v1/cameras/US-AK-000000', { verbose: 1 })).status).toBe(400);
  });

  test('401 without a token', async ({ t }) => {
    const r = await t.get<any>('/v1/alerts', undefined, {});
    expect(r.status).toBe(401);
    expectError(r.body, 401);
  });

  test('404 for unknown paths and resources', async ({ t }) => {
    for (const path of ['/v2/cameras', '/v1/cameras/none', '/', '/v1/alerts/x/y']) {
      const r = await t.get<any>(path);
      expect(r.status, path).toBe(404);
      expectError(r.body, 404);
    }
  });

  test('405 with Allow for a wrong method', async ({ t }) => {
    const r = await fetch(`${t.url}/v1/cameras`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('GET');
    expectError(await r.json(), 405);
    const g = await t.get<any>('/v1/cameras/_search');
    expect(g.status).toBe(405);
  });

  test('413 for a body over 1 MiB, 414 for a URL over 8 KiB', async ({ t }) => {
    const big = await t.postJson<any>('/v1/cameras/_search', { q: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    expectError(big.body, 413);
    const long = await t.get<any>('/v1/cameras', { q: 'y'.repeat(9000) });
    expect(long.status).toBe(414);
    expectError(long.body, 414);
  });

  test('400 for malformed JSON, 415 for other body types', async ({ t }) => {
    const bad = await fetch(`${t.url}/v1/cameras/_search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'application/json' },
      body: '{"limit": ',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe('invalid_body');
    const xml = await fetch(`${t.url}/v1/cameras/_search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'text/xml' },
      body: '<q/>',
    });
    expect(xml.status).toBe(415);
  });

  test('422 for well-formed but contradictory values', async ({ t }) => {
    const r = await t.get<any>('/v1/recordings', {
      start_min: '2026-11-21',
      start_max: '2026-11-01',
    });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('unprocessable');
  });
});

const PATHS = [
  '/v1/cameras',
  '/v1/observations',
  '/v1/recordings',
  '/v1/alerts',
  '/v1/collections',
];
const NAMES = [
  'q',
  'bbox',
  'polygon',
  'lat',
  'lon',
  'radius',
  'polyline',
  'polyline_precision',
  'polyline_radius',
  'limit',
  'skip',
  'sort',
  'sort_dir',
  'aggs',
  'aggs[]',
  'sensors[road_weather]',
  'sensors[visibility][min]',
  'sensors[precip][data][max]',
  'sensors[road_weather][prev]',
  'sensors',
  'sensors[]',
  'time_min',
  'time_max',
  'date_min',
  'date_max',
  'state',
  'city',
  'country',
  'camera_id',
  'status',
  'duration_min',
  'start_max',
  'expired',
  'urgency',
  'severity',
  'event',
  'created_at_min',
  'marker',
  'a[b',
  'x]]',
  '__proto__',
  'constructor',
  'sensors[__proto__]',
];
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '1,2,3,4',
    '-181,0,0,0',
    '1 2,3 4,5 6',
    '99:99',
    '2026-13-45',
    '24:00',
    'km',
    '5mi',
    '%',
    '\u0000',
    '[]',
    '{}',
    'desc',
    'distance',
    'true',
    'any',
    '_p~iF~ps|U',
  ),
  fc.double().map(String),
  fc.integer().map(String),
);

describe('7 never a 5xx for bad input (property test)', () => {
  test('answers 1,500 generated malformed GET and POST requests with 2xx or 4xx JSON', async ({
    t,
  }) => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.array(fc.tuple(fc.constantFrom(...NAMES), nasty), { maxLength: 6 }),
        fc.constantFrom('get', 'json', 'form', 'raw'),
        fc.string({ unit: 'binary', maxLength: 40 }),
        async (path, pairs, how, raw) => {
          const qs = pairs
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&');
          const headers: Record<string, string> = { Authorization: `Bearer ${t.token}` };
          let res: Response;
          if (how === 'get') res = await fetch(`${t.url}${path}?${qs}`, { headers });
          else if (how === 'form') {
            res = await fetch(`${t.url}${path}/_search`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
              body: qs,
            });
          } else if (how === 'json') {
            res = await fetch(`${t.url}${path}/_search`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify(Object.fromEntries(pairs)),
            });
          } else {
            res = await fetch(`${t.url}${path}/_search`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: raw,
            });
          }
          sent++;
          const text = await res.text();
          expect(res.status, `${how} ${path} ${qs} ${raw} -> ${text}`).toBeLessThan(500);
          const body = JSON.parse(text) as any;
          if (res.status >= 400) expect(body.error.status).toBe(res.status);
        },
      ),
      { numRuns: 1500 },
    );
    expect(sent).toBeGreaterThanOrEqual(1000);
  }, 120_000);

  test('survives odd paths and ids', async ({ t }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.string({ unit: 'binary' }),
        async (path, id) => {
          const res = await fetch(`${t.url}${path}/${encodeURIComponent(id)}`, {
            headers: { Authorization: `Bearer ${t.token}` },
          });
          expect(res.status).toBeLessThan(500);
          await res.text();
        },
      ),
      { numRuns: 300 },
    );
    for (const raw of [
      '/v1/cameras/%E0%A4%A',
      '/v1/cameras?%=1',
      '/v1/cameras?bbox[=1',
      '/v1//cameras',
      '/v1/cameras/..%2F..',
    ]) {
      const res = await fetch(`${t.url}${raw}`, {
        headers: { Authorization: `Bearer ${t.token}` },
      });
      expect(res.status, raw).toBeLessThan(500);
    }
  });
});
