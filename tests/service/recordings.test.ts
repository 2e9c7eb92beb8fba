/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** Spec 4.4 (recording index and show), 2.5 (fields) and the 90-day lifetime of section 8. */
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../helpers/fixtures.ts';
import type { WrittenRecording as Recording } from '../../src/shared/api/index.ts';
import { fetchAll } from '../helpers/service.ts';
import { haversine } from '../helpers/independent-geo.ts';

let all: Recording[];

test.beforeAll(async ({ t }) => {
  all = await fetchAll<Recording>(t, '/v1/recordings');
});

describe('2.5 recording fields', () => {
  test('lists seeded recordings of every status with all fields', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(new Set(all.map((r) => r.properties.status))).toEqual(
      new Set(['complete', 'submitted', 'failed']),
    );
    for (const r of all) {
      const p = r.properties;
      expect(Object.keys(p).sort()).toEqual(
        [
          'camera_id',
          'city',
          'country',
          'created_at',
          'description',
          'duration',
          'formats',
          'rate',
          'region',
          'start',
          'state',
          'status',
          'stop',
          'tags',
        ].sort(),
      );
      expect(Date.parse(p.stop) - Date.parse(p.start)).toBe(p.duration * 1000);
      for (const f of p.formats) expect(['jpg', 'mp4', 'zip']).toContain(f);
    }
  });
});

describe('4.4 recording filters', () => {
  const idsOf = (rs: Recording[]): string[] => rs.map((r) => r.id).sort();

  test('status, camera_id, country, state, city', async ({ t }) => {
    for (const status of ['complete', 'submitted', 'failed']) {
      expect(idsOf(await fetchAll(t, '/v1/recordings', { status }))).toEqual(
        idsOf(all.filter((r) => r.properties.status === status)),
      );
    }
    const r0 = all[0]!;
    expect(
      idsOf(await fetchAll(t, '/v1/recordings', { camera_id: r0.properties.camera_id })),
    ).toEqual(idsOf(all.filter((r) => r.properties.camera_id === r0.properties.camera_id)));
    expect(idsOf(await fetchAll(t, '/v1/recordings', { state: r0.properties.state }))).toEqual(
      idsOf(all.filter((r) => r.properties.state === r0.properties.state)),
    );
    expect(idsOf(await fetchAll(t, '/v1/recordings', { city: r0.properties.city }))).toEqual(
      idsOf(all.filter((r) => r.properties.city === r0.properties.city)),
    );
    expect(idsOf(await fetchAll(t, '/v1/recordings', { country: 'US' }))).toEqual(
      idsOf(all.filter((r) => r.properties.country === 'US')),
    );
  });

  test('duration_min/max and start/stop bounds (date-only upper bound includes the day)', async ({
    t,
  }) => {
    expect(
      idsOf(await fetchAll(t, '/v1/recordings', { duration_min: 300, duration_max: 900 })),
    ).toEqual(
      idsOf(all.filter((r) => r.properties.duration >= 300 && r.properties.duration <= 900)),
    );
    const day = all[3]!.properties.start.slice(0, 10);
    expect(idsOf(await fetchAll(t, '/v1/recordings', { start_min: day, start_max: day }))).toEqual(
      idsOf(all.filter((r) => r.properties.start.slice(0, 10) === day)),
    );
    const stop = all[5]!.properties.stop;
    expect(idsOf(await fetchAll(t, '/v1/recordings', { stop_min: stop }))).toEqual(
      idsOf(all.filter((r) => r.properties.stop >= stop)),
    );
    expect(
      (await t.get<any>('/v1/recordings', { duration_min: 900, duration_max: 300 })).status,
    ).toBe(422);
  });

  test('q finds tags, camera text and ids', async ({ t }) => {
    const tagged = all.find((r) => r.properties.tags.length > 0)!;
    const tag = tagged.properties.tags[0]!;
    expect(idsOf(await fetchAll(t, '/v1/recordings', { q: tag }))).toEqual(
      expect.arrayContaining(idsOf(all.filter((r) => r.properties.tags.includes(tag)))),
    );
  });

  test('spatial filters by the camera location, sort=distance from lat/lon', async ({ t }) => {
    const c = all[0]!.geometry.coordinates;
    const got = await fetchAll<Recording>(t, '/v1/recordings', {
      lat: c[1],
      lon: c[0],
      radius: '800km',
      sort: 'distance',
    });
    const expected = all.filter(
      (r) =>
        haversine([c[0], c[1]], [r.geometry.coordinates[0], r.geometry.coordinates[1]]) <= 800_000,
    );
    expect(idsOf(got)).toEqual(idsOf(expected));
    const d = got.map((r) =>
      haversine([c[0], c[1]], [r.geometry.coordinates[0], r.geometry.coordinates[1]]),
    );
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  test('sorts by every key, stable by id; the index has a bbox', async ({ t }) => {
    for (const sort of ['country', 'state', 'city', 'status', 'duration', 'start', 'stop']) {
      const asc = await fetchAll<Recording>(t, '/v1/recordings', { sort });
      const desc = await fetchAll<Recording>(t, '/v1/recordings', { sort, sort_dir: 'desc' });
      expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
    }
    const byDuration = await fetchAll<Recording>(t, '/v1/recordings', { sort: 'duration' });
    for (let i = 1; i < byDuration.length; i++) {
      const [a, b] = [byDuration[i - 1]!, byDuration[i]!];
      expect(a.properties.duration <= b.properties.duration).toBe(true);
      if (a.properties.duration === b.properties.duration) expect(a.id < b.id).toBe(true);
    }
    const r = await t.get<any>('/v1/recordings');
    expect(r.body.bbox).toHaveLength(4);
    expect(r.body.properties.limit).toBe(10);
  });

  test('shows one recording; 404 for an unknown id', async ({ t }) => {
    const r = await t.get<Recording>(`/v1/recordings/${all[2]!.id}`);
    expect(r.body).toEqual(all[2]);
    expect((await t.get('/v1/recordings/rec_nothing')).status).toBe(404);
  });
});

// Moves the clock past 90 days, which removes expired recordings: last in the file.
describe('8 recording lifetime', () => {
  test('shows only recordings younger than 90 days; the others are gone (404)', async ({ t }) => {
    const now = t.service.clock.now().getTime();
    expect(all.every((r) => now - Date.parse(r.properties.created_at) < 90 * 86400_000)).toBe(true);
    const oldest = [...all].sort((a, b) =>
      a.properties.created_at.localeCompare(b.properties.created_at),
    )[0]!;
    expect((await t.get(`/v1/recordings/${oldest.id}`)).status).toBe(200);
    t.service.clock.set(new Date(Date.parse(oldest.properties.created_at) + 90 * 86400_000 + 1000));
    try {
      expect((await t.get(`/v1/recordings/${oldest.id}`)).status).toBe(404);
      const later = await fetchAll<Recording>(t, '/v1/recordings');
      expect(later.map((r) => r.id)).not.toContain(oldest.id);
    } finally {
      t.service.clock.set(new Date(now));
    }
  });
});
