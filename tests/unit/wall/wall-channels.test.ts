import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { cameraSummary } from '../../../src/shared/ipc/cameras.ts';
import { demoHostTest as test } from '../../helpers/fixtures.ts';
import type { Core } from '../../../src/engine/core.ts';
import type { WebHost } from '../../../src/web/host.ts';
import { tokenPath } from '../../../src/shared/web-paths.ts';

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
  test("finds cameras by words of their id, as the wall's picker lists them", async () => {
    const found = await core.api.invoke('cameras.search', { q: videoCamera, limit: 5 });
    const first = cameraSummary(found.features[0]!);
    expect(first).toMatchObject({ id: videoCamera, video: true });
    expect(first.name.length).toBeGreaterThan(3);
  });

  test('resolves the ids of a link, listing unknown ones apart', async () => {
    const answer = await core.api.invoke('cameras.byIds', {
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
    const answer = await core.api.invoke('cameras.byIds', { ids: ['.', stillCamera, '..'] });
    expect(answer.cameras.map((c) => c.id)).toEqual([stillCamera]);
    expect(answer.missing).toEqual(['.', '..']);
  });

  test('refuses malformed camera ids at the edge', async () => {
    await expect(core.api.invoke('cameras.byIds', { ids: ['../etc'] })).rejects.toThrow(
      /Invalid input for cameras.byIds/,
    );
  });

  test('reads the latest observation of each camera for its badges', async () => {
    const [reading] = await core.api.invoke('observations.latest', { ids: [stillCamera] });
    expect(reading!.cameraId).toBe(stillCamera);
    expect(reading!.time).toBe('2026-11-20T12:00:00Z');
    expect([-1, 0, 1, 2, 3, 6, 10]).toContain(reading!.road_weather);
    expect([-1, 0, 0.2, 0.5, 1]).toContain(reading!.visibility);
  });

  test('lists a whole day of archived image times across pages of 500', async () => {
    const times = await core.api.invoke('cameras.imageTimes', { cameraId: stillCamera });
    expect(times.length).toBe(1440);
    const ms = times.map((t) => Date.parse(t));
    expect(ms.every((t, i) => i === 0 || t > ms[i - 1]!)).toBe(true);
    expect(times.at(-1)).toBe('2026-11-20T12:00:00Z');
  });

  test("records a tile's last minutes: a recording ending now on the service's clock", async () => {
    const made = await core.api.invoke('recordings.create', {
      cameraId: stillCamera,
      duration: 300,
      last: true,
      tags: ['wall'],
    });
    // This world's clock stands at 12:00 on 2026-11-20, whatever the date of this computer.
    const start = Date.parse(made.start!);
    expect(start).toBeGreaterThanOrEqual(Date.parse('2026-11-20T11:55:00Z'));
    expect(start).toBeLessThan(Date.parse('2026-11-20T11:56:00Z'));
    const recording = await core.client.recordings.show(made.recordingId);
    expect(recording.properties.camera_id).toBe(stillCamera);
    expect(recording.properties.start).toBe(made.start);
    expect(recording.properties.tags).toContain('wall');
    await expect(
      core.api.invoke('recordings.create', {
        cameraId: stillCamera,
        duration: 60,
        last: true,
        start: made.start!,
        tags: [],
      }),
    ).rejects.toThrow(/Give start, or last, not both/);
  });

  test('saves walls through the channel, refusing invalid ones with a readable message', async () => {
    const [camera] = (await core.api.invoke('cameras.byIds', { ids: [videoCamera] })).cameras;
    const wall = await core.api.invoke('walls.save', {
      name: 'Through IPC',
      layout: '3x3',
      columns: 4,
      tiles: [{ ...camera!, colSpan: 1, rowSpan: 1 }],
    });
    expect((await core.api.invoke('walls.open', {}))?.id).toBe(wall.id);
    await expect(
      core.api.invoke('walls.save', { name: 'x', layout: '7x7' as '3x3', columns: 1, tiles: [] }),
    ).rejects.toThrow(/Invalid input for walls.save: layout/);
  });
});

describe('still images in browser mode', () => {
  function get(path: string) {
    return new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: path.replace(/^\/media\//, tokenPath('media', token)),
        },
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
