/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 4.2 (observation search and show) and 2.2/2.3 (fields and sensor values). */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';
import type { WrittenObservation as Observation } from '../../src/shared/api/index.ts';
import { SENSOR_VALUES } from '../../src/shared/sensors.ts';
import { fetchAll, type ServiceUnderTest } from '../helpers/service.ts';
import { haversine, type P } from '../helpers/independent-geo.ts';

let cameraId: string;
let history: Observation[];

test.beforeAll(async ({ t }) => {
  const cams = await t.get<any>('/v1/cameras', { state: 'CO', limit: 1 });
  cameraId = cams.body.features[0].id;
  history = await fetchAll<Observation>(t, '/v1/observations', {
    camera_id: cameraId,
    sort: 'time',
  });
});

const total = async (t: ServiceUnderTest, params: object): Promise<number> =>
  (await t.get<any>('/v1/observations', { ...params, limit: 0 })).body.properties.total;

describe('2.2 observation fields', () => {
  test('has one observation per ten minutes per camera for the history window', async ({ t }) => {
    expect(history).toHaveLength(36); // 6 hours
    const times = history.map((o) => Date.parse(o.properties.time));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(600_000);
    expect(history.at(-1)!.properties.time).toBe('2026-11-21T12:00:00Z');
    expect(await total(t, {})).toBe(300 * 36);
  });

  test('composes the id of camera id, underscore and time; prev_id links the previous one', () => {
    for (let i = 0; i < history.length; i++) {
      const o = history[i]!;
      expect(o.id.startsWith(`${cameraId}_`)).toBe(true);
      expect(o.properties.camera_id).toBe(cameraId);
      expect(o.properties.prev_id).toBe(i === 0 ? null : history[i - 1]!.id);
    }
  });

  test('carries the three sensors with values from the tables of 2.3 and prev equal to the previous data', () => {
    for (let i = 0; i < history.length; i++) {
      const s = history[i]!.properties.sensors;
      for (const type of ['road_weather', 'visibility', 'precip'] as const) {
        expect(SENSOR_VALUES[type].map((v) => v.value)).toContain(s[type]!.data);
        if (i > 0) expect(s[type]!.prev).toBe(history[i - 1]!.properties.sensors[type]!.data);
        else expect(s[type]!.prev).toBeUndefined();
      }
    }
  });

  test('shows one observation; 404 for unknown ids', async ({ t }) => {
    const o = history[10]!;
    const r = await t.get<Observation>(`/v1/observations/${encodeURIComponent(o.id)}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(o);
    for (const id of [`${cameraId}_20200101T0000Z`, 'garbage', `${cameraId}_20261121T1205Z`]) {
      expect((await t.get(`/v1/observations/${id}`)).status).toBe(404);
    }
  });

  test('varies plausibly: neighbours mostly agree and values do not flicker', async ({ t }) => {
    const all = await fetchAll<Observation>(t, '/v1/observations', {
      time_min: '2026-11-21T12:00:00Z',
    });
    const wet = all.filter((o) => o.properties.sensors.road_weather!.data >= 1).length;
    expect(wet).toBeGreaterThan(0);
    expect(wet).toBeLessThan(all.length);
    let changes = 0;
    for (let i = 1; i < history.length; i++) {
      if (
        history[i]!.properties.sensors.road_weather!.data !==
        history[i - 1]!.properties.sensors.road_weather!.data
      )
        changes++;
    }
    expect(changes).toBeLessThan(history.length / 2);
  });
});

describe('4.2 observation filters', () => {
  test('sensors[type]=v matches exactly', async ({ t }) => {
    for (const v of [0, 1, 2, 10, -1]) {
      const got = await fetchAll<Observation>(t, '/v1/observations', {
        'sensors[road_weather]': v,
        camera_id: cameraId,
      });
      expect(got.map((o) => o.id)).toEqual(
        history
          .filter((o) => o.properties.sensors.road_weather!.data === v)
          .map((o) => o.id)
          .sort(),
      );
    }
    const vis = await fetchAll<Observation>(t, '/v1/observations', {
      sensors: { visibility: 0.5 },
      camera_id: cameraId,
    });
    expect(vis.every((o) => o.properties.sensors.visibility!.data === 0.5)).toBe(true);
  });

  test('[min]/[max] ranges match reported values (-1 only when min <= -1)', async ({ t }) => {
    const byRange = async (min?: number, max?: number): Promise<string[]> =>
      (
        await fetchAll<Observation>(t, '/v1/observations', {
          camera_id: cameraId,
          sensors: { visibility: { min, max } },
        })
      ).map((o) => o.id);
    const expectIds = (f: (v: number) => boolean): string[] =>
      history
        .filter((o) => f(o.properties.sensors.visibility!.data))
        .map((o) => o.id)
        .sort();
    expect(await byRange(undefined, 0.2)).toEqual(expectIds((v) => v !== -1 && v <= 0.2));
    expect(await byRange(0.5)).toEqual(expectIds((v) => v >= 0.5));
    expect(await byRange(-1, 0.2)).toEqual(expectIds((v) => v <= 0.2));
    expect(await byRange(0.1, 0.6)).toEqual(expectIds((v) => v >= 0.1 && v <= 0.6));
  });

  test('[data]/[prev] transition filters, exact and ranges', async ({ t }) => {
    const all = await fetchAll<Observation>(t, '/v1/observations', {
      sensors: { road_weather: { data: { min: 2 }, prev: { max: 1 } } },
    });
    expect(all.length).toBeGreaterThan(0);
    for (const o of all) {
      const s = o.properties.sensors.road_weather!;
      expect(s.data).toBeGreaterThanOrEqual(2);
      expect(s.prev).toBeGreaterThanOrEqual(0);
      expect(s.prev).toBeLessThanOrEqual(1);
    }
    const exact = await fetchAll<Observation>(t, '/v1/observations', {
      'sensors[precip][data]': 1,
      'sensors[precip][prev]': 0,
    });
    for (const o of exact) expect(o.properties.sensors.precip).toEqual({ data: 1, prev: 0 });
  });

  test('time_min/time_max as datetimes (inclusive) and as HH:MM UTC times of day', async ({
    t,
  }) => {
    const got = await fetchAll<Observation>(t, '/v1/observations', {
      camera_id: cameraId,
      time_min: '2026-11-21T09:00:00Z',
      time_max: '2026-11-21T10:00:00Z',
    });
    expect(got.map((o) => o.properties.time)).toEqual(
      ['09:00', '09:10', '09:20', '09:30', '09:40', '09:50', '10:00'].map(
        (h) => `2026-11-21T${h}:00Z`,
      ),
    );
    const tod = await fetchAll<Observation>(t, '/v1/observations', {
      camera_id: cameraId,
      time_min: '07:15',
      time_max: '07:45',
    });
    expect(tod.map((o) => o.properties.time.slice(11, 16))).toEqual(['07:20', '07:30', '07:40']);
    const offset = await fetchAll<Observation>(t, '/v1/observations', {
      camera_id: cameraId,
      time_min: '2026-11-21T13:50:00+02:00',
    });
    expect(offset[0]!.properties.time).toBe('2026-11-21T11:50:00Z');
    const wrap = await total(t, { camera_id: cameraId, time_min: '11:30', time_max: '06:30' });
    expect(wrap).toBe(
      history.filter(
        (o) =>
          o.properties.time.slice(11, 16) >= '11:30' || o.properties.time.slice(11, 16) <= '06:30',
      ).length,
    );
  });

  test('date_min/date_max: the upper date includes the whole day', async ({ t }) => {
    expect(await total(t, { camera_id: cameraId, date_max: '2026-11-21' })).toBe(36);
    expect(
      await total(t, { camera_id: cameraId, date_min: '2026-11-21', date_max: '2026-11-21' }),
    ).toBe(36);
    expect(await total(t, { camera_id: cameraId, date_max: '2026-11-20' })).toBe(0);
    expect(await total(t, { camera_id: cameraId, date_min: '2026-11-22' })).toBe(0);
  });

  test('country, state, city, camera_id and q filter by the camera', async ({ t }) => {
    const co = await fetchAll<Observation>(t, '/v1/observations', {
      state: 'CO',
      time_min: '12:00',
    });
    expect(co.length).toBeGreaterThan(0);
    expect(co.every((o) => o.properties.state === 'CO')).toBe(true);
    const city = history[0]!.properties.city;
    const byCity = await fetchAll<Observation>(t, '/v1/observations', { city, time_min: '12:00' });
    expect(byCity.every((o) => o.properties.city === city)).toBe(true);
    const byQ = await fetchAll<Observation>(t, '/v1/observations', { q: city, time_min: '12:00' });
    expect(byQ.map((o) => o.properties.camera_id)).toContain(cameraId);
    expect(await total(t, { country: 'US' })).toBeLessThan(300 * 36);
  });

  test('sorts by time, state, city, country and distance, stable by id', async ({ t }) => {
    const asc = await fetchAll<Observation>(t, '/v1/observations', { sort: 'time', state: 'CA' });
    for (let i = 1; i < asc.length; i++) {
      const [a, b] = [asc[i - 1]!, asc[i]!];
      expect(a.properties.time <= b.properties.time).toBe(true);
      if (a.properties.time === b.properties.time) expect(a.id < b.id).toBe(true);
    }
    const desc = await fetchAll<Observation>(t, '/v1/observations', {
      sort: 'time',
      sort_dir: 'desc',
      state: 'CA',
    });
    expect(desc.map((o) => o.id)).toEqual(asc.map((o) => o.id).reverse());
    const byState = await t.get<any>('/v1/observations', {
      sort: 'state',
      limit: 100,
      time_min: '12:00',
    });
    const states = byState.body.features.map((o: Observation) => o.properties.state.toLowerCase());
    expect([...states].sort()).toEqual(states);
    expect((await t.get<any>('/v1/observations', { sort: 'distance' })).status).toBe(400);
    const near = await t.get<any>('/v1/observations', {
      lat: 39.7,
      lon: -105,
      radius: '300km',
      sort: 'distance',
      time_min: '12:00',
      limit: 100,
    });
    expect(near.status).toBe(200);
    const d = near.body.features.map((o: Observation) =>
      haversine([-105, 39.7], o.geometry.coordinates as unknown as P),
    );
    for (let i = 1; i < d.length; i++) expect(d[i]! + 1e-6).toBeGreaterThanOrEqual(d[i - 1]!);
    const far = await t.get<any>('/v1/observations', {
      lat: 39.7,
      lon: -105,
      radius: '300km',
      sort: 'distance',
      sort_dir: 'desc',
      time_min: '12:00',
      limit: 100,
    });
    expect(far.body.features.map((o: Observation) => o.id)).toEqual(
      near.body.features.map((o: Observation) => o.id).reverse(),
    );
  });

  test('refuses bad sensor filters and times with clear errors', async ({ t }) => {
    const cases: [object, string, number][] = [
      [{ 'sensors[road_weather]': 5 }, 'sensors[road_weather]', 400],
      [{ 'sensors[wind]': 1 }, 'sensors', 400],
      [{ 'sensors[precip][avg]': 1 }, 'sensors[precip]', 400],
      [{ 'sensors[visibility][min]': 'x' }, 'sensors[visibility][min]', 400],
      [
        { 'sensors[road_weather][min]': 6, 'sensors[road_weather][max]': 2 },
        'sensors[road_weather]',
        422,
      ],
      [{ time_min: 'yesterday' }, 'time_min', 400],
      [{ time_min: '25:00' }, 'time_min', 400],
      [{ date_min: '2026-02-30' }, 'date_min', 400],
      [{ date_min: '2026-11-21T10:00:00Z' }, 'date_min', 400],
      [{ date_min: '2026-11-22', date_max: '2026-11-21' }, 'date_min', 422],
      [{ limit: 101 }, 'limit', 400],
      [{ skip: 4001 }, 'skip', 400],
    ];
    for (const [params, parameter, status] of cases) {
      const r = await t.get<any>('/v1/observations', params);
      expect(r.status, JSON.stringify(params)).toBe(status);
      expect(r.body.error.parameter, JSON.stringify(params)).toBe(parameter);
    }
  });
});
