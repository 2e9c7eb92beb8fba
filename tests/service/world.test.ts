/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/** The synthetic world: deterministic for a seed, persistent, and going on with the clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/index.ts';
import { fetchAll, NOW, startServiceUnderTest, type ServiceUnderTest } from '../helpers/service.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'roadcam-world-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('determinism', () => {
  it('the same seed gives the same cameras, observations and alerts', async () => {
    const a = await startServiceUnderTest({ cameras: 80, hours: 2 });
    const b = await startServiceUnderTest({ cameras: 80, hours: 2 });
    try {
      for (const [path, params] of [
        ['/v1/cameras', {}],
        ['/v1/observations', { time_min: '11:00' }],
        ['/v1/alerts', { expired: 'any' }],
      ] as const) {
        expect(await fetchAll(b, path, params)).toEqual(await fetchAll(a, path, params));
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a larger world with the same seed extends the smaller one', async () => {
    const small = await startServiceUnderTest({ cameras: 60, hours: 1 });
    const large = await startServiceUnderTest({ cameras: 120, hours: 1 });
    try {
      const s = await fetchAll<{ id: string }>(small, '/v1/cameras');
      const l = new Set((await fetchAll<{ id: string }>(large, '/v1/cameras')).map((c) => c.id));
      expect(s.every((c) => l.has(c.id))).toBe(true);
    } finally {
      await small.close();
      await large.close();
    }
  });
});

describe('time', () => {
  let t: ServiceUnderTest;

  it('adds an observation per camera at every ten-minute mark, linked by prev_id', async () => {
    t = await startServiceUnderTest({ cameras: 50, hours: 1 });
    const before = (await t.get<any>('/v1/observations', { limit: 0 })).body.properties.total;
    expect(before).toBe(50 * 6);
    t.service.clock.advance(20 * 60_000);
    const after = await fetchAll<any>(t, '/v1/observations', {
      time_min: '2026-11-21T12:10:00Z',
      sort: 'time',
    });
    expect(after).toHaveLength(100);
    const last = after.at(-1);
    expect(last.properties.time).toBe('2026-11-21T12:20:00Z');
    const prev = await t.get<any>(`/v1/observations/${last.properties.prev_id}`);
    expect(prev.status).toBe(200);
    expect(last.properties.sensors.road_weather.prev).toBe(
      prev.body.properties.sensors.road_weather.data,
    );
    // History stays one window long: the oldest marks are pruned.
    expect((await t.get<any>('/v1/observations', { limit: 0 })).body.properties.total).toBe(50 * 6);
    await t.close();
  });

  it('a restart on the same data dir reuses the world and catches up', async () => {
    const dataDir = tempDir();
    const first = await startService({ dataDir, seed: 3, cameras: 40, hours: 1, now: NOW });
    await first.close();
    const later = await startServiceUnderTest({
      dataDir,
      seed: 3,
      cameras: 40,
      now: '2026-11-21T13:05:00Z',
    });
    try {
      const latest = await later.get<any>('/v1/observations', {
        sort: 'time',
        sort_dir: 'desc',
        limit: 1,
      });
      expect(latest.body.features[0].properties.time).toBe('2026-11-21T13:00:00Z');
      expect(latest.body.properties.total).toBe(40 * 6);
      expect(latest.body.features[0].properties.prev_id).not.toBeNull();
    } finally {
      await later.close();
    }
  });

  it('refuses a data dir made with another seed, with a clear message', async () => {
    const dataDir = tempDir();
    const s = await startService({ dataDir, seed: 1, cameras: 20, hours: 1, now: NOW });
    await s.close();
    await expect(startService({ dataDir, seed: 2, now: NOW })).rejects.toThrow(/seed 1, not 2/);
  });

  it('validates options', async () => {
    await expect(startService({ dataDir: tempDir(), cameras: 0 })).rejects.toThrow(/cameras/);
    await expect(startService({ dataDir: tempDir(), cameras: 200_000 })).rejects.toThrow(/cameras/);
  });
});
