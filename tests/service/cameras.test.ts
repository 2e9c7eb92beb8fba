/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 4.3 (cameras) and the shared spatial parameters of 2.1, checked independently. */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';
import type { Camera } from '../../src/shared/api/index.ts';
import { encode, distanceToLine, haversine, inside, type P } from '../helpers/independent-geo.ts';
import { fetchAll, ids, type ServiceUnderTest } from '../helpers/service.ts';

let all: Camera[];
const where = (c: Camera): P => c.geometry.coordinates as unknown as P;

test.beforeAll(async ({ t }) => {
  all = await fetchAll<Camera>(t, '/v1/cameras');
});

async function searchIds(t: ServiceUnderTest, params: object): Promise<Set<string>> {
  return new Set((await fetchAll<Camera>(t, '/v1/cameras', params)).map((c) => c.id));
}

describe('4.3 camera index', () => {
  test('returns a FeatureCollection with bbox and properties {limit, skip, total, aggs}', async ({
    t,
  }) => {
    const r = await t.get<any>('/v1/cameras');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body.type).toBe('FeatureCollection');
    expect(r.body.bbox).toHaveLength(4);
    expect(r.body.properties).toEqual({ total: 300, skip: 0, limit: 10, aggs: {} });
    expect(r.body.features).toHaveLength(10);
  });

  test('gives each camera the fields of 2.4', () => {
    expect(all).toHaveLength(300);
    for (const c of all) {
      expect(c.type).toBe('Feature');
      expect(c.geometry.type).toBe('Point');
      expect(Object.keys(c.properties).sort()).toEqual([
        'city',
        'country',
        'description',
        'provider',
        'state',
        'video',
      ]);
      expect(typeof c.properties.video).toBe('boolean');
      expect(c.properties.description).toMatch(
        / - Looking (North|South|East|West|Northeast|Northwest|Southeast|Southwest)$/,
      );
    }
  });

  test('puts cameras in every US state and a few other countries, about a third with video', () => {
    const states = new Set(
      all.filter((c) => c.properties.country === 'US').map((c) => c.properties.state),
    );
    expect(states.size).toBe(51);
    expect(new Set(all.map((c) => c.properties.country)).size).toBeGreaterThanOrEqual(4);
    const video = all.filter((c) => c.properties.video).length / all.length;
    expect(video).toBeGreaterThan(0.25);
    expect(video).toBeLessThan(0.42);
  });

  test('filters by country, state, city and provider', async ({ t }) => {
    const co = all.filter((c) => c.properties.state === 'CO');
    expect(await searchIds(t, { state: 'CO' })).toEqual(new Set(co.map((c) => c.id)));
    expect(await searchIds(t, { state: 'colorado' })).toEqual(new Set(co.map((c) => c.id)));
    const gb = all.filter((c) => c.properties.country === 'GB').map((c) => c.id);
    expect(await searchIds(t, { country: 'GB' })).toEqual(new Set(gb));
    const city = all[0]!.properties.city;
    expect(await searchIds(t, { city })).toEqual(
      new Set(all.filter((c) => c.properties.city === city).map((c) => c.id)),
    );
    const provider = all[0]!.properties.provider;
    expect(await searchIds(t, { provider })).toEqual(
      new Set(all.filter((c) => c.properties.provider === provider).map((c) => c.id)),
    );
  });

  test('q searches the text fields', async ({ t }) => {
    const c = all.find((x) => x.properties.country === 'US')!;
    const found = await searchIds(t, { q: c.properties.city });
    expect(found.has(c.id)).toBe(true);
    const road = c.properties.description.split(' at ')[0]!;
    const byRoad = await fetchAll<Camera>(t, '/v1/cameras', { q: road });
    expect(byRoad.length).toBeGreaterThan(0);
    expect((await t.get<any>('/v1/cameras', { q: 'zzzznotaplace' })).body.properties.total).toBe(0);
  });

  test('shows one camera, 404 for an unknown id', async ({ t }) => {
    const r = await t.get<Camera>(`/v1/cameras/${all[5]!.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(all[5]);
    const missing = await t.get<any>('/v1/cameras/XX-NOPE-1');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  test('sorts by every key with id as tie-breaker, both directions', async ({ t }) => {
    for (const sort of ['city', 'region', 'state', 'country', 'direction']) {
      const asc = await fetchAll<Camera>(t, '/v1/cameras', { sort });
      const desc = await fetchAll<Camera>(t, '/v1/cameras', { sort, sort_dir: 'desc' });
      expect(desc.map((c) => c.id)).toEqual(asc.map((c) => c.id).reverse());
      if (sort === 'city' || sort === 'state' || sort === 'country') {
        const keys = asc.map((c) =>
          (c.properties as unknown as Record<string, string>)[sort]!.toLowerCase(),
        );
        for (let i = 1; i < keys.length; i++) {
          expect(keys[i - 1]! <= keys[i]!).toBe(true);
          if (keys[i - 1] === keys[i]) expect(asc[i - 1]!.id < asc[i]!.id).toBe(true);
        }
      }
    }
  });

  test('sort=distance orders by distance from lat/lon and needs them', async ({ t }) => {
    const center: P = [-98, 38];
    const r = await fetchAll<Camera>(t, '/v1/cameras', {
      lat: 38,
      lon: -98,
      radius: '1500km',
      sort: 'distance',
    });
    const d = r.map((c) => haversine(center, where(c)));
    for (let i = 1; i < d.length; i++) expect(d[i]! + 1e-6).toBeGreaterThanOrEqual(d[i - 1]!);
    const bad = await t.get<any>('/v1/cameras', { sort: 'distance' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.parameter).toBe('sort');
  });
});

describe('2.1 spatial parameters (on cameras)', () => {
  test('bbox keeps exactly the cameras inside the box', async ({ t }) => {
    const bbox = [-110, 30, -90, 45];
    const expected = all.filter((c) => {
      const [x, y] = where(c);
      return x >= -110 && x <= -90 && y >= 30 && y <= 45;
    });
    expect(expected.length).toBeGreaterThan(5);
    expect(await searchIds(t, { bbox: bbox.join(',') })).toEqual(
      new Set(expected.map((c) => c.id)),
    );
  });

  test('a bbox with min lon above max lon crosses the antimeridian', async ({ t }) => {
    const found = await searchIds(t, { bbox: '170,-60,-140,72' });
    const expected = all.filter(
      (c) => (where(c)[0] >= 170 || where(c)[0] <= -140) && Math.abs(where(c)[1]) <= 72,
    );
    expect(found).toEqual(new Set(expected.map((c) => c.id)));
  });

  test('polygon keeps the cameras inside; closing the ring is optional', async ({ t }) => {
    const ring: P[] = [
      [-125, 32],
      [-100, 30],
      [-95, 48],
      [-124, 49],
      [-125, 32],
    ];
    const text = ring.map((p) => `${p[0]} ${p[1]}`).join(',');
    const expected = new Set(all.filter((c) => inside(where(c), ring)).map((c) => c.id));
    expect(expected.size).toBeGreaterThan(5);
    expect(await searchIds(t, { polygon: text })).toEqual(expected);
    const open = ring
      .slice(0, -1)
      .map((p) => `${p[0]} ${p[1]}`)
      .join(',');
    expect(await searchIds(t, { polygon: open })).toEqual(expected);
  });

  test('lat/lon/radius in m, km and mi; default 10km', async ({ t }) => {
    const c = all.find((x) => x.properties.country === 'US')!;
    const [lon, lat] = where(c);
    for (const [radius, meters] of [
      ['250000', 250_000],
      ['300km', 300_000],
      ['200mi', 321_868.8],
      [undefined, 10_000],
    ] as const) {
      const found = await searchIds(t, radius === undefined ? { lat, lon } : { lat, lon, radius });
      for (const x of all) {
        const d = haversine([lon, lat], where(x));
        if (d < meters * 0.999) expect(found.has(x.id), `${x.id} at ${d} m`).toBe(true);
        if (d > meters * 1.001) expect(found.has(x.id), `${x.id} at ${d} m`).toBe(false);
      }
    }
  });

  test('polyline (precision 5 and 6) with polyline_radius in km, default 1 km', async ({ t }) => {
    const route: P[] = [
      [-122.4, 37.8],
      [-121.5, 38.6],
      [-119.8, 39.5],
      [-116, 41],
      [-112, 40.7],
      [-105, 39.7],
      [-97, 39],
      [-90.2, 38.6],
      [-87.6, 41.9],
    ];
    for (const precision of [5, 6]) {
      for (const km of [undefined, 25, 80]) {
        const params: Record<string, unknown> = { polyline: encode(route, precision) };
        if (precision === 6) params['polyline_precision'] = 6;
        if (km !== undefined) params['polyline_radius'] = km;
        const found = await searchIds(t, params);
        const meters = (km ?? 1) * 1000;
        for (const x of all) {
          const d = distanceToLine(where(x), route);
          if (d < meters * 0.99 - 60) expect(found.has(x.id), `${x.id} at ${d} m`).toBe(true);
          if (d > meters * 1.01 + 60) expect(found.has(x.id), `${x.id} at ${d} m`).toBe(false);
        }
      }
    }
  });

  test('several spatial filters all apply', async ({ t }) => {
    const a = await searchIds(t, { bbox: '-125,25,-65,50' });
    const b = await searchIds(t, { lat: 39, lon: -98, radius: '1200km' });
    const both = await searchIds(t, {
      bbox: '-125,25,-65,50',
      lat: 39,
      lon: -98,
      radius: '1200km',
    });
    expect(both).toEqual(new Set([...a].filter((x) => b.has(x))));
  });

  test('refuses malformed spatial parameters with the parameter named', async ({ t }) => {
    const cases: [object, string, number][] = [
      [{ bbox: '1,2,3' }, 'bbox', 400],
      [{ bbox: 'a,b,c,d' }, 'bbox', 400],
      [{ bbox: '0,50,10,40' }, 'bbox', 422],
      [{ polygon: '1 2,3 4' }, 'polygon', 400],
      [{ polygon: '1 2 3,4 5,6 7' }, 'polygon', 400],
      [{ lat: 40 }, 'lon', 400],
      [{ lat: 40, lon: -100, radius: '5 parsecs' }, 'radius', 400],
      [{ radius: '5km' }, 'radius', 400],
      [
        { polyline: '_p~iF~ps|U_ulLnnqC_mqNvxq`@', polyline_precision: 7 },
        'polyline_precision',
        400,
      ],
      [{ polyline: '\u0001\u0002' }, 'polyline', 400],
      [{ polyline_radius: 3 }, 'polyline_radius', 400],
    ];
    for (const [params, parameter, status] of cases) {
      const r = await t.get<any>('/v1/cameras', params);
      expect(r.status, JSON.stringify(params)).toBe(status);
      expect(r.body.error.parameter, JSON.stringify(params)).toBe(parameter);
    }
  });

  test('ids() helper sanity', async ({ t }) => {
    expect(ids(await t.get('/v1/cameras', { limit: 3 }))).toHaveLength(3);
  });
});
