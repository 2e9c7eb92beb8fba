/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 4.5 (alert search and show) and 2.6 (alert fields). */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';
import type { WrittenAlert as Alert } from '../../src/shared/api/index.ts';
import { fetchAll } from '../helpers/service.ts';
import { haversine, inside, type P } from '../helpers/independent-geo.ts';

let current: Alert[];
let expired: Alert[];
let everything: Alert[];
let nowMs: number;

test.override({ serviceOptions: { cameras: 800, hours: 12 } });
test.beforeAll(async ({ t }) => {
  current = await fetchAll<Alert>(t, '/v1/alerts');
  expired = await fetchAll<Alert>(t, '/v1/alerts', { expired: true });
  everything = await fetchAll<Alert>(t, '/v1/alerts', { expired: 'any' });
  nowMs = t.service.clock.now().getTime();
});

const ring = (a: Alert): P[] => a.geometry.coordinates[0] as unknown as P[];

describe('2.6 alert fields', () => {
  test('has agency and service-generated alerts with polygons and all fields', () => {
    expect(current.length).toBeGreaterThan(0);
    const origins = new Set(everything.map((a) => a.properties.origin));
    expect(origins.size).toBe(2);
    const events = new Set(everything.map((a) => a.properties.event));
    expect([...events].some((e) => /Watch|Warning|Advisory/.test(e))).toBe(true);
    expect(
      [...events].some((e) =>
        ['Road Wetness Watch', 'Poor Visibility Watch', 'Heavy Precip Watch'].includes(e),
      ),
    ).toBe(true);
    for (const a of everything) {
      expect(a.geometry.type).toBe('Polygon');
      expect(a.bbox).toHaveLength(4);
      const r = ring(a);
      expect(r[0]).toEqual(r.at(-1));
      for (const [x, y] of r) {
        expect(x).toBeGreaterThanOrEqual(a.bbox[0]);
        expect(y).toBeLessThanOrEqual(a.bbox[3]);
      }
      expect(Object.keys(a.properties).sort()).toEqual(
        [
          'areaDesc',
          'certainty',
          'description',
          'effective',
          'event',
          'expires',
          'headline',
          'origin',
          'severity',
          'states',
          'status',
          'updated',
          'urgency',
        ].sort(),
      );
      expect(Array.isArray(a.properties.states)).toBe(true);
      expect(Date.parse(a.properties.expires)).toBeGreaterThan(Date.parse(a.properties.effective));
    }
  });

  test('shows one alert (current or expired); 404 for unknown ids', async ({ t }) => {
    for (const a of [current[0]!, expired[0]!]) {
      const r = await t.get<Alert>(`/v1/alerts/${a.id}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual(a);
    }
    expect((await t.get('/v1/alerts/NWS-nope')).status).toBe(404);
  });
});

describe('4.5 expired', () => {
  test('by default only current alerts; true only expired; any exactly the union', () => {
    expect(current.every((a) => Date.parse(a.properties.expires) > nowMs - 5000)).toBe(true);
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((a) => Date.parse(a.properties.expires) <= nowMs + 5000)).toBe(true);
    const union = [...current, ...expired].map((a) => a.id).sort();
    expect(everything.map((a) => a.id).sort()).toEqual(union);
    expect(new Set(union).size).toBe(union.length);
  });
});

describe('4.5 filters', () => {
  test('event, state (code or name), country', async ({ t }) => {
    const event = everything[0]!.properties.event;
    const byEvent = await fetchAll<Alert>(t, '/v1/alerts', { event, expired: 'any' });
    expect(byEvent.map((a) => a.id).sort()).toEqual(
      everything
        .filter((a) => a.properties.event === event)
        .map((a) => a.id)
        .sort(),
    );
    const state = everything.find((a) => a.properties.states.length > 0)!.properties.states[0]!;
    const byState = await fetchAll<Alert>(t, '/v1/alerts', { state, expired: 'any' });
    expect(byState.map((a) => a.id).sort()).toEqual(
      everything
        .filter((a) => a.properties.states.includes(state))
        .map((a) => a.id)
        .sort(),
    );
    const us = await fetchAll<Alert>(t, '/v1/alerts', { country: 'US', expired: 'any' });
    expect(us.length).toBeGreaterThan(0);
  });

  test('urgency, severity (also "uknown_severity" as spelled), certainty', async ({ t }) => {
    for (const [name, values] of [
      ['urgency', ['past', 'future', 'expected', 'immediate', 'unknown_urgency']],
      ['severity', ['minor', 'moderate', 'severe', 'extreme', 'uknown_severity']],
      ['certainty', ['unlikely', 'possible', 'likely', 'observed', 'unknown_certainty']],
    ] as const) {
      let sum = 0;
      for (const v of values) {
        const got = await fetchAll<Alert>(t, '/v1/alerts', { [name]: v, expired: 'any' });
        const text = v.startsWith('unknown') || v === 'uknown_severity' ? 'unknown' : v;
        expect(
          got.every(
            (a) =>
              (a.properties as unknown as Record<string, string>)[name]!.toLowerCase() === text,
          ),
        ).toBe(true);
        sum += got.length;
      }
      expect(sum).toBe(everything.length);
    }
    expect((await t.get<any>('/v1/alerts', { severity: 'catastrophic' })).status).toBe(400);
  });

  test('effective and expires bounds', async ({ t }) => {
    const mid = everything.map((a) => a.properties.effective).sort()[
      Math.floor(everything.length / 2)
    ]!;
    const got = await fetchAll<Alert>(t, '/v1/alerts', { effective_min: mid, expired: 'any' });
    expect(got.map((a) => a.id).sort()).toEqual(
      everything
        .filter((a) => a.properties.effective >= mid)
        .map((a) => a.id)
        .sort(),
    );
    const day = mid.slice(0, 10);
    const onDay = await fetchAll<Alert>(t, '/v1/alerts', { expires_max: day, expired: 'any' });
    expect(onDay.map((a) => a.id).sort()).toEqual(
      everything
        .filter((a) => a.properties.expires.slice(0, 10) <= day)
        .map((a) => a.id)
        .sort(),
    );
  });

  test('q searches headline, description, event and area', async ({ t }) => {
    const a = everything[0]!;
    const word = a.properties.event.split(' ')[0]!;
    const got = await fetchAll<Alert>(t, '/v1/alerts', { q: word, expired: 'any' });
    expect(got.map((x) => x.id)).toContain(a.id);
  });

  test('spatial filters match polygons that intersect the area', async ({ t }) => {
    const a =
      everything.find((x) => x.properties.origin === 'National Weather Service') ?? everything[0]!;
    const r = ring(a);
    const [x0, y0, x1, y1] = a.bbox;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    // a small box around a vertex intersects; a box far away does not
    const v = r[0]!;
    const near = await fetchAll<Alert>(t, '/v1/alerts', {
      bbox: [v[0] - 0.01, v[1] - 0.01, v[0] + 0.01, v[1] + 0.01].join(','),
      expired: 'any',
    });
    expect(near.map((x) => x.id)).toContain(a.id);
    // a point inside the polygon (lat/lon with a small radius) finds it: containment
    const insidePoint: P = inside([cx, cy], r) ? [cx, cy] : v;
    const byPoint = await fetchAll<Alert>(t, '/v1/alerts', {
      lat: insidePoint[1],
      lon: insidePoint[0],
      radius: 100,
      expired: 'any',
    });
    expect(byPoint.map((x) => x.id)).toContain(a.id);
    // a circle just outside the bbox reaching into it by 20 km intersects
    const outside: P = [x1 + 0.5, cy];
    const reach = Math.min(...r.map((p) => haversine(outside, p)));
    const touching = await fetchAll<Alert>(t, '/v1/alerts', {
      lat: outside[1],
      lon: outside[0],
      radius: reach + 20_000,
      expired: 'any',
    });
    expect(touching.map((x) => x.id)).toContain(a.id);
    const far = await fetchAll<Alert>(t, '/v1/alerts', {
      lat: outside[1],
      lon: outside[0],
      radius: Math.max(1, reach * 0.2),
      expired: 'any',
    });
    expect(far.map((x) => x.id)).not.toContain(a.id);
    // a polygon containing the whole alert intersects it
    const around = [
      [x0 - 1, y0 - 1],
      [x1 + 1, y0 - 1],
      [x1 + 1, y1 + 1],
      [x0 - 1, y1 + 1],
      [x0 - 1, y0 - 1],
    ]
      .map((p) => p.join(' '))
      .join(',');
    expect(
      (await fetchAll<Alert>(t, '/v1/alerts', { polygon: around, expired: 'any' })).map(
        (x) => x.id,
      ),
    ).toContain(a.id);
  });

  test('sorts by every key, stable by id', async ({ t }) => {
    for (const sort of [
      'event',
      'state',
      'country',
      'effective',
      'expires',
      'urgency',
      'severity',
      'certainty',
    ]) {
      const asc = await fetchAll<Alert>(t, '/v1/alerts', { sort, expired: 'any' });
      const desc = await fetchAll<Alert>(t, '/v1/alerts', {
        sort,
        sort_dir: 'desc',
        expired: 'any',
      });
      expect(desc.map((a) => a.id)).toEqual(asc.map((a) => a.id).reverse());
    }
    const byExpires = await fetchAll<Alert>(t, '/v1/alerts', { sort: 'expires', expired: 'any' });
    const e = byExpires.map((a) => a.properties.expires);
    expect([...e].sort()).toEqual(e);
    expect((await t.get<any>('/v1/alerts', { sort: 'distance', lat: 40, lon: -100 })).status).toBe(
      400,
    );
  });
});

// Moves the clock forward, which moves the world on: last in the file.
describe('4.5 expiry over time', () => {
  test('alerts expire as the clock moves on', async ({ t }) => {
    const soonest = current.map((a) => Date.parse(a.properties.expires)).sort((a, b) => a - b)[0]!;
    const ids = new Set(
      current.filter((a) => Date.parse(a.properties.expires) === soonest).map((a) => a.id),
    );
    t.service.clock.set(new Date(soonest + 1000));
    try {
      const after = await fetchAll<Alert>(t, '/v1/alerts', { expired: 'true' });
      for (const id of ids) expect(after.map((a) => a.id)).toContain(id);
    } finally {
      t.service.clock.set(new Date(nowMs));
    }
  });
});
