import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { until } from '../../helpers/wait.ts';
import { demoHostTest as test } from '../../helpers/fixtures.ts';
import type { Core } from '../../../src/main/core.ts';
import type { WebHost } from '../../../src/main/web/host.ts';

// The wall's channels through the real dispatcher, against the embedded service over HTTP.
const token = 'wall-test-token';
let core: Core;
let host: WebHost;
let stillCamera: string;
let videoCamera: string;

test.override({ hostToken: token });
test.beforeAll(({ demo }) => {
  ({ core, host, stillCamera, videoCamera } = demo);
}, 120_000);

describe('wall channels', () => {
  test('finds cameras by words of their id', async () => {
    const found = await core.api.invoke('wall.searchCameras', { q: videoCamera, limit: 5 });
    expect(found[0]).toMatchObject({ id: videoCamera, video: true });
    expect(found[0]!.name.length).toBeGreaterThan(3);
  });

  test('resolves the ids of a link, listing unknown ones apart', async () => {
    const answer = await core.api.invoke('wall.cameras', {
      ids: [stillCamera, 'US-XX-999999', videoCamera],
    });
    expect(answer.cameras.map((c) => [c.id, c.video])).toEqual([
      [stillCamera, false],
      [videoCamera, true],
    ]);
    expect(answer.missing).toEqual(['US-XX-999999']);
  });

  test('lists "." and ".." of a link as unknown cameras, not as another path of the service', async () => {
    // Both pass the id pattern; as a path segment, /v1/cameras/. would be the camera search.
    const answer = await core.api.invoke('wall.cameras', { ids: ['.', stillCamera, '..'] });
    expect(answer.cameras.map((c) => c.id)).toEqual([stillCamera]);
    expect(answer.missing).toEqual(['.', '..']);
  });

  test('refuses malformed camera ids at the edge', async () => {
    await expect(core.api.invoke('wall.cameras', { ids: ['../etc'] })).rejects.toThrow(
      /Invalid input for wall.cameras/,
    );
  });

  test('reads the latest observation of each camera for its badges', async () => {
    const [reading] = await core.api.invoke('wall.sensors', { ids: [stillCamera] });
    expect(reading!.cameraId).toBe(stillCamera);
    expect(reading!.time).toBe('2026-11-20T12:00:00Z');
    expect([-1, 0, 1, 2, 3, 6, 10]).toContain(reading!.road_weather);
    expect([-1, 0, 0.2, 0.5, 1]).toContain(reading!.visibility);
  });

  test('lists a whole day of archived image times across pages of 500', async () => {
    const times = await core.api.invoke('wall.imageTimes', { cameraId: stillCamera });
    expect(times.length).toBe(1440);
    expect(new Set(times).size).toBe(times.length);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(new Date(times.at(-1)!).toISOString()).toBe('2026-11-20T12:00:00.000Z');
  });

  test('snapshots a current and an archived frame into a new, then an existing collection', async () => {
    const times = await core.api.invoke('wall.imageTimes', { cameraId: stillCamera });
    const made = await core.api.invoke('wall.snapshot', {
      cameraId: stillCamera,
      newCollectionName: 'Wall test',
    });
    expect(made.collectionName).toBe('Wall test');
    const again = await core.api.invoke('wall.snapshot', {
      cameraId: stillCamera,
      time: new Date(times[100]!).toISOString(),
      collectionId: made.collectionId,
    });
    expect(again).toEqual(made);
    const collection = await core.client.collections.show(made.collectionId);
    expect(collection.images).toHaveLength(2);
    const listed = await core.api.invoke('wall.collections', {});
    expect(listed[0]).toEqual({ id: made.collectionId, name: 'Wall test' });
  });

  test('a snapshot into a collection kept offline reaches its kept copy at once', async () => {
    const made = await core.api.invoke('wall.snapshot', {
      cameraId: stillCamera,
      newCollectionName: 'Kept wall frames',
    });
    const id = made.collectionId;
    await core.api.invoke('collections.keepOffline', { id, keep: true });
    expect(await core.api.invoke('collections.sync', { id })).toMatchObject({ done: 1, total: 1 });
    const statuses: { done: number; total: number; state: string }[] = [];
    const stop = core.api.on('collections.offline', (s) => {
      if (s.collectionId === id) statuses.push(s);
    });
    try {
      // An archived frame: the current one is already in the collection under the same name.
      const times = await core.api.invoke('wall.imageTimes', { cameraId: stillCamera });
      await core.api.invoke('wall.snapshot', {
        cameraId: stillCamera,
        time: new Date(times[200]!).toISOString(),
        collectionId: id,
      });
      // The collections' own add follows a kept collection at once (the periodic sync is 5
      // minutes away): the new image is on disk within seconds.
      await until(() => statuses.find((s) => s.state === 'synced' && s.done === 2), 20_000);
    } finally {
      stop();
    }
  });

  test('records the last minutes: a recording that starts in the past', async () => {
    const made = await core.api.invoke('wall.recordLast', { cameraId: stillCamera, minutes: 5 });
    expect(made).toMatchObject({ start: '2026-11-20T11:55:00Z', duration: 300 });
    const recording = await core.client.recordings.show(made.recordingId);
    expect(recording.properties.camera_id).toBe(stillCamera);
    expect(recording.properties.start).toBe('2026-11-20T11:55:00Z');
    expect(recording.properties.tags).toContain('wall');
  });

  test('saves walls through the channel, refusing invalid ones with a readable message', async () => {
    const [camera] = (await core.api.invoke('wall.cameras', { ids: [videoCamera] })).cameras;
    const wall = await core.api.invoke('wall.save', {
      name: 'Through IPC',
      layout: '3x3',
      columns: 4,
      tiles: [{ ...camera!, colSpan: 1, rowSpan: 1 }],
    });
    expect((await core.api.invoke('wall.open', {}))?.id).toBe(wall.id);
    await expect(
      core.api.invoke('wall.save', { name: 'x', layout: '5x5' as '3x3', columns: 1, tiles: [] }),
    ).rejects.toThrow(/Invalid input for wall.save: layout/);
  });
});

describe('still images in browser mode', () => {
  function get(path: string) {
    return new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: host.port, path, headers: { Cookie: `roadcam_token=${token}` } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  test('serves a live image whatever cache-busting query the tile adds', async () => {
    const path = `/media/cameras/${encodeURIComponent(stillCamera)}/live`;
    const plain = await get(path);
    const busted = await get(`${path}?t=1763720000000`);
    expect(plain.status).toBe(200);
    expect(busted).toEqual(plain);
    expect(busted.type).toMatch(/^image\//);
  });
});
