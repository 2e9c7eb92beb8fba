import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { readMediaPath } from '../../../src/engine/media/routes.ts';

// The map's channels through the core's own transport, against the embedded service.
test.override({ demoWorld: { cameras: 120, hours: 3, now: '2026-11-20T12:00:00Z' } });

describe('map channels', () => {
  test('a camera search answers what the service answers, with its age and facets', async ({
    core,
  }) => {
    const answer = await core.api.invoke('cameras.search', {
      state: 'CA',
      limit: 100,
      aggs: ['city'],
    });
    const direct = await core.client.cameras.search({ state: 'CA', limit: 100 });
    expect(answer.total).toBe(direct.properties.total);
    expect(answer.features.map((f) => f.id)).toEqual(direct.features.map((f) => f.id));
    expect(answer.fromCache).toBe(false);
    expect(Date.parse(answer.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Array.isArray(answer.aggs.city)).toBe(true);
  });

  test('refuses parameters the service would refuse, before calling it', async ({ core }) => {
    await expect(core.api.invoke('cameras.search', { limit: 500 })).rejects.toThrow(
      /Invalid input for cameras\.search: limit/,
    );
  });

  test('searchAll reports progress and returns every camera once', async ({ core }) => {
    const progress: number[] = [];
    const stop = core.hub.on('searches.progress', (p) => {
      if (p.requestId === 't1') progress.push(p.found);
    });
    const answer = await core.api.invoke('cameras.searchAll', { requestId: 't1', params: {} });
    stop();
    expect(answer.features).toHaveLength(120);
    expect(new Set(answer.features.map((f) => f.id)).size).toBe(120);
    expect(progress.at(-1)).toBe(120);
  });

  test('a camera timeline holds its observations in time order, -1 as gaps', async ({ core }) => {
    const camera = (await core.client.cameras.search({ limit: 1 })).features[0]!;
    const t = await core.api.invoke('cameras.timeline', { id: camera.id, hours: 2 });
    const expected = await core.client.observations.search({ camera_id: camera.id, limit: 100 });
    expect(t.times.length).toBeGreaterThan(6);
    expect(t.times.length).toBeLessThanOrEqual(expected.properties.total);
    expect([...t.times].sort((a, b) => a - b)).toEqual(t.times);
    expect(t.road_weather.every((v) => v === null || v >= 0)).toBe(true);
  });

  test('snapshot marks end before the newest observation; a snapshot holds every camera', async ({
    core,
  }) => {
    const marks = await core.api.invoke('replay.marks', { hours: 2 });
    expect(marks).toHaveLength(12);
    const snapshot = await core.api.invoke('replay.observations', { time: marks.at(-1)! });
    expect(snapshot.ids).toHaveLength(120);
    expect(snapshot.time).toBe(marks.at(-1));
    expect(snapshot.road_weather.every((v) => typeof v === 'number')).toBe(true);
  });

  test('creates a recording the service then lists', async ({ core }) => {
    const camera = (await core.client.cameras.search({ limit: 1 })).features[0]!;
    const { recordingId } = await core.api.invoke('recordings.create', {
      cameraId: camera.id,
      duration: 120,
      start: new Date(Date.parse('2026-11-20T11:30:00Z')).toISOString(),
      tags: ['map-test'],
    });
    const shown = await core.client.recordings.show(recordingId);
    expect(shown.properties.camera_id).toBe(camera.id);
    expect(shown.properties.tags).toContain('map-test');
  });

  test('favourites are kept and announced', async ({ core }) => {
    const seen: number[] = [];
    const stop = core.hub.on('favourites.changed', (list) => seen.push(list.length));
    await core.api.invoke('favourites.add', { cameraId: 'US-CO-000001', name: 'Denver' });
    const list = await core.api.invoke('favourites.list', {});
    expect(list.map((f) => [f.cameraId, f.name])).toEqual([['US-CO-000001', 'Denver']]);
    await core.api.invoke('favourites.remove', { cameraId: 'US-CO-000001' });
    stop();
    expect(seen).toEqual([1, 0]);
  });
});

describe('tile media routes', () => {
  test('parse z-x-y names and refuse impossible tiles', () => {
    expect(readMediaPath('tiles/cameras/4-3-6.mvt')?.label).toBe('camera tile 4/3/6');
    expect(readMediaPath('tiles/observations/0-0-0.mvt')?.cacheKey).toBe('tile:observations:0/0/0');
    expect(readMediaPath('tiles/cameras/2-4-0.mvt')).toBeNull();
    expect(readMediaPath('tiles/recordings/1-0-0.mvt')).toBeNull();
    expect(readMediaPath('tiles/cameras/1-0-0.png')).toBeNull();
  });

  test('serve the service tile bytes', async ({ core }) => {
    const answer = await core.media.resolve(
      'tiles/cameras/0-0-0.mvt',
      new AbortController().signal,
    );
    expect(answer.status).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    const direct = await core.client.cameras.tile(0, 0, 0);
    expect(Buffer.concat(chunks).equals(Buffer.from(direct))).toBe(true);
  });
});
