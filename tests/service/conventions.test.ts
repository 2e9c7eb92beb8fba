/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 1 (conventions), 4.0 (aggregations) and 8 (limits), across every search. */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';

const SEARCHES: [string, object][] = [
  [
    '/v1/cameras',
    {
      bbox: '-125,25,-65,50',
      sort: 'state',
      sort_dir: 'desc',
      limit: 25,
      skip: 5,
      aggs: ['state', 'city'],
    },
  ],
  [
    '/v1/cameras',
    { polygon: '-110 30,-95 30,-95 45,-110 45,-110 30', q: 'I', aggs: 'state,provider' },
  ],
  [
    '/v1/observations',
    {
      sensors: { road_weather: { min: 1 }, visibility: { data: { max: 0.5 } } },
      time_min: '08:00',
      sort: 'time',
      limit: 50,
      aggs: ['sensors.road_weather', 'time'],
    },
  ],
  [
    '/v1/observations',
    {
      lat: 39.7,
      lon: -105,
      radius: '400km',
      sort: 'distance',
      sort_dir: 'desc',
      date_max: '2026-11-21',
    },
  ],
  [
    '/v1/observations',
    { polyline: '_p~iF~ps|U_ulLnnqC_mqNvxq`@', polyline_radius: 500, 'sensors[precip][prev]': 0 },
  ],
  [
    '/v1/recordings',
    { status: 'complete', sort: 'duration', aggs: 'status,tags', duration_min: 100 },
  ],
  ['/v1/alerts', { expired: 'any', sort: 'severity', aggs: ['event', 'state'], limit: 30 }],
  ['/v1/collections', { sort: 'created_at', aggs: 'tags', limit: 3, skip: 1 }],
];

describe('1.1 GET, POST JSON and POST form answer identically', () => {
  for (const [path, params] of SEARCHES) {
    test(`${path} ${JSON.stringify(params).slice(0, 80)}`, async ({ t }) => {
      const [get, json, form] = await t.searchAllWays<any>(path, params);
      expect(get.status, JSON.stringify(get.body)).toBe(200);
      expect(json.status).toBe(200);
      expect(form.status).toBe(200);
      expect(json.body).toEqual(get.body);
      expect(form.body).toEqual(get.body);
    });
  }

  test('JSON bodies may use real numbers, booleans, arrays for bbox and polygon', async ({ t }) => {
    const a = await t.postJson<any>('/v1/cameras/_search', {
      bbox: [-110, 30, -90, 45],
      limit: 50,
    });
    const b = await t.get<any>('/v1/cameras', { bbox: '-110,30,-90,45', limit: 50 });
    expect(a.body).toEqual(b.body);
    const ring = [
      [-110, 30],
      [-95, 30],
      [-95, 45],
      [-110, 45],
      [-110, 30],
    ];
    const c = await t.postJson<any>('/v1/cameras/_search', { polygon: ring, limit: 50 });
    const d = await t.get<any>('/v1/cameras', {
      polygon: ring.map((p) => p.join(' ')).join(','),
      limit: 50,
    });
    expect(c.body).toEqual(d.body);
    const e = await t.postJson<any>('/v1/alerts/_search', { expired: true, limit: 0 });
    const f = await t.get<any>('/v1/alerts', { expired: 'true', limit: 0 });
    expect(e.body).toEqual(f.body);
  });
});

describe('4.0 aggregations', () => {
  test('accepts aggs[]=a&aggs[]=b and aggs=a,b alike', async ({ t }) => {
    const a = await t.get<any>('/v1/cameras', { aggs: ['state', 'city'] });
    const b = await t.get<any>(
      '/v1/cameras?aggs=state,city'.replace('/v1/cameras?', '/v1/cameras?'),
    );
    const c = await t.get<any>(`/v1/cameras?aggs%5B%5D=state&aggs%5B%5D=city`);
    expect(Object.keys(a.body.properties.aggs).sort()).toEqual(['city', 'state']);
    expect(c.body.properties.aggs).toEqual(a.body.properties.aggs);
    expect(b.status).toBe(200);
  });

  test('returns at most ten buckets {key, doc_count}, counting the whole result, not the page', async ({
    t,
  }) => {
    const r = await t.get<any>('/v1/cameras', { aggs: 'state', limit: 1 });
    const buckets = r.body.properties.aggs.state as { key: string; doc_count: number }[];
    expect(buckets).toHaveLength(10);
    const counts = buckets.map((b) => b.doc_count);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
    const state = buckets[0]!.key;
    const byState = await t.get<any>('/v1/cameras', { state, limit: 0 });
    expect(buckets[0]!.doc_count).toBe(byState.body.properties.total);
  });

  test('observation aggregations on sensors, prev values and time', async ({ t }) => {
    const r = await t.get<any>('/v1/observations', {
      aggs: 'sensors.road_weather,sensors.precip.prev,time,state',
      limit: 0,
    });
    const aggs = r.body.properties.aggs;
    const sum = (aggs['sensors.road_weather'] as { doc_count: number }[]).reduce(
      (s, b) => s + b.doc_count,
      0,
    );
    expect(sum).toBe(r.body.properties.total);
    for (const b of aggs['sensors.precip.prev']) expect([-1, 0, 1]).toContain(b.key);
    expect(aggs.time).toHaveLength(10);
    expect(aggs.time[0].key).toBe('2026-11-21T12:00:00Z');
  });

  test('refuses an attribute that cannot be aggregated', async ({ t }) => {
    const r = await t.get<any>('/v1/cameras', { aggs: 'description' });
    expect(r.status).toBe(400);
    expect(r.body.error.parameter).toBe('aggs');
  });
});

describe('8 limits', () => {
  const collections = [
    '/v1/observations',
    '/v1/cameras',
    '/v1/recordings',
    '/v1/alerts',
    '/v1/collections',
  ];

  test('page size defaults to 10 and skip to 0 everywhere', async ({ t }) => {
    for (const path of collections) {
      const r = await t.get<any>(path, path === '/v1/alerts' ? { expired: 'any' } : {});
      const env = r.body.properties ?? r.body;
      expect(env.limit, path).toBe(10);
      expect(env.skip, path).toBe(0);
    }
  });

  test('limit max 100 and skip max 4000: above is 400 with the parameter named', async ({ t }) => {
    for (const path of collections) {
      expect((await t.get<any>(path, { limit: 100 })).status).toBe(200);
      expect((await t.get<any>(path, { skip: 4000 })).status).toBe(200);
      const l = await t.get<any>(path, { limit: 101 });
      expect(l.status).toBe(400);
      expect(l.body.error.parameter).toBe('limit');
      const s = await t.get<any>(path, { skip: 4001 });
      expect(s.status).toBe(400);
      expect(s.body.error.parameter).toBe('skip');
    }
  });

  test('skip pages through a stable order without overlap', async ({ t }) => {
    const a = await t.get<any>('/v1/cameras', { sort: 'country', limit: 40 });
    const b = await t.get<any>('/v1/cameras', { sort: 'country', limit: 20, skip: 20 });
    expect(b.body.features.map((f: { id: string }) => f.id)).toEqual(
      a.body.features.slice(20).map((f: { id: string }) => f.id),
    );
  });
});
