import { describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { frameName, imageNamesOf } from '../../../src/service/media/image-names.ts';
import { archiveTimes, demoClient, serviceNow } from '../../helpers/collections.ts';

// The embedded service's image names: ours, or opaque ones that still identify the frame.

const ours = imageNamesOf({ variant: { imageNames: 'camera-time' } });
const opaque = imageNamesOf({ variant: { imageNames: 'opaque' } });
const t0 = Date.parse('2026-11-21T11:58:00Z');

describe('opaque image names', () => {
  test('identify their frame, say nothing readable, and have one spelling', () => {
    for (const camera of ['US-CO-000042', 'a', 'Kamera_ä 7']) {
      for (const t of [t0, t0 + 500, 0, Date.parse('2199-01-01T00:00:00.001Z')]) {
        const name = opaque.name(camera, t);
        expect(name).toMatch(/^img-[0-9a-v]+\.jpg$/);
        if (camera.length > 3) expect(name).not.toContain(camera);
        expect(opaque.frame(name)).toEqual({ cameraId: camera, tMs: t });
        expect(opaque.stored(name)).toBe(frameName(camera, t));
        expect(opaque.shown(frameName(camera, t))).toBe(name);
      }
    }
    const name = opaque.name('C1', t0);
    for (const other of [
      name.toUpperCase(),
      `${name}x`,
      'img-.jpg',
      'img-zz.jpg',
      'C1_20261121T115800Z.jpg',
    ])
      expect(opaque.frame(other)).toBeUndefined();
    // Ours is itself in the other direction.
    expect(ours.shown(frameName('C1', t0))).toBe(frameName('C1', t0));
    expect(ours.stored(name)).toBeUndefined();
  });

  test('sort in time order within a camera, below the second too', () => {
    const times = Array.from({ length: 40 }, (_, i) => t0 + i * 250);
    const names = times.map((t) => opaque.name('US-CO-000042', t));
    expect([...names].sort()).toEqual(names);
  });
});

test.override({ world: { cameras: 20, hours: 2, variant: 'stranger-b' } });

describe('Show of a service with opaque names', () => {
  let client: ApiClient;

  test.beforeAll(async ({ service }) => {
    client = demoClient(service.url);
  }, 120_000);

  test('pages the shown names in their order; an exact marker starts after, a partial one at', async ({
    service,
  }) => {
    const { collection_id: id } = await client.collections.create({ name: 'Opaque' });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
    for (const time of archiveTimes(7, await serviceNow(service.url), 3))
      await client.collections.addImage(id, { camera_id: camera.id, time });
    const all = (await client.collections.show(id, { limit: 200 })).images;
    expect(all).toHaveLength(7);
    expect([...all].sort()).toEqual(all);
    expect(all.every((n) => opaque.frame(n)?.cameraId === camera.id)).toBe(true);
    expect((await client.collections.show(id, { limit: 2, marker: all[2]! })).images).toEqual(
      all.slice(3, 5),
    );
    const partial = all[4]!.slice(0, -6);
    expect((await client.collections.show(id, { limit: 1, marker: partial })).images).toEqual([
      all[4],
    ]);
    // The seeded collections are shown in the same form.
    const seeded = (await client.collections.search({ sort: 'name', limit: 100 })).results;
    const full = seeded.find((c) => c.name === 'Winter storm')!;
    const names = (await client.collections.show(full._id, { limit: 5 })).images;
    expect(names.every((n) => opaque.frame(n) !== undefined)).toBe(true);
    await expect(client.collections.removeImage(id, frameName(camera.id, 0))).rejects.toThrow(
      /404/,
    );
  });
});
