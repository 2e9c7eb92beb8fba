/**
 * Where a tour's cameras come from (src/renderer/wall/tour-sources.ts), against a real demo core
 * through its validating transport: favourites, ids, a collection's images, a search by words
 * or area, a saved route; and the check that a live image arrived whole (image-check.ts), on the
 * service's own JPEGs and PNGs.
 */
import { describe, expect } from 'vitest';
import type { MediaAnswer } from '../../../../src/engine/media/resolver.ts';
import { imageIsWhole } from '../../../../src/renderer/wall/image-check.ts';
import { resolveTourSource } from '../../../../src/renderer/wall/tour-sources.ts';
import { english } from '../../../../src/shared/i18n/english.ts';
import { cameraSummary } from '../../../../src/shared/ipc/cameras.ts';
import { liveImageMode } from '../../../../src/service/media/services.ts';
import { test } from '../../../helpers/renderer-core.ts';

async function bytesOf(answer: MediaAnswer): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('tour sources', () => {
  test('favourites, in their order; none is an error in words', async ({ core }) => {
    await expect(resolveTourSource(core.api, { kind: 'favourites' })).rejects.toThrow(
      'There are no favourites to tour: star cameras on the map first.',
    );
    const found = (await core.api.invoke('cameras.search', { q: 'US', limit: 3 })).features.map(
      cameraSummary,
    );
    for (const camera of [...found].reverse()) {
      await core.api.invoke('favourites.add', { cameraId: camera.id, name: camera.name });
    }
    const favourites = await core.api.invoke('favourites.list', {});
    const tour = await resolveTourSource(core.api, { kind: 'favourites' });
    expect(tour.cameras.map((c) => c.id)).toEqual(favourites.map((f) => f.cameraId));
    for (const f of favourites)
      await core.api.invoke('favourites.remove', { cameraId: f.cameraId });
  });

  test('ids keep their order past one request of 36; unknown ones are named', async ({ core }) => {
    const many = (await core.api.invoke('cameras.search', { q: 'US', limit: 50 })).features.map(
      cameraSummary,
    );
    expect(many.length).toBeGreaterThan(40);
    const ids = many.map((c) => c.id).reverse();
    const tour = await resolveTourSource(core.api, { kind: 'cameras', ids: [...ids, 'NOPE-1'] });
    expect(tour.cameras.map((c) => c.id)).toEqual(ids);
    expect(tour.notes.map((note) => english.say(note))).toEqual([
      'Left out, unknown to the service: NOPE-1.',
    ]);
    await expect(resolveTourSource(core.api, { kind: 'cameras', ids: ['NOPE-2'] })).rejects.toThrow(
      'None of the cameras named for the tour is known to the service.',
    );
  });

  test("a collection's cameras, each once, in the collection's order", async ({ core }) => {
    const cameras = (await core.api.invoke('cameras.search', { q: 'US', limit: 3 })).features.map(
      cameraSummary,
    );
    const [a, b] = cameras as [(typeof cameras)[0], (typeof cameras)[0]];
    const made = await core.api.invoke('collections.create', { name: 'Tour me' });
    const id = made.id;
    for (const camera of [b, a, b]) {
      await core.api.invoke('collections.addImage', {
        id,
        source: { kind: 'camera', cameraId: camera.id },
      });
    }
    const tour = await resolveTourSource(core.api, { kind: 'collection', id });
    expect(new Set(tour.cameras.map((c) => c.id))).toEqual(new Set([a.id, b.id]));
    expect(tour.cameras).toHaveLength(2);
    const empty = await core.api.invoke('collections.create', { name: 'Nothing' });
    await expect(resolveTourSource(core.api, { kind: 'collection', id: empty.id })).rejects.toThrow(
      /holds no images of cameras/,
    );
  });

  test('a search, as the camera picker searches', async ({ core }) => {
    const picker = (await core.api.invoke('cameras.search', { q: 'CO', limit: 50 })).features.map(
      cameraSummary,
    );
    const tour = await resolveTourSource(core.api, { kind: 'search', q: 'CO' });
    expect(tour.cameras).toEqual(picker);
    await expect(
      resolveTourSource(core.api, { kind: 'search', q: 'zzzz-no-such-place' }),
    ).rejects.toThrow('No camera matches “zzzz-no-such-place”: try other words.');
  });

  test('the cameras in an area, as the service lists them', async ({ core }) => {
    const [a] = (await core.api.invoke('cameras.search', { q: 'US', limit: 1 })).features.map(
      cameraSummary,
    );
    const bbox: [number, number, number, number] = [a!.lon - 1, a!.lat - 1, a!.lon + 1, a!.lat + 1];
    const listed = await core.api.invoke('cameras.search', { bbox, limit: 100 });
    const tour = await resolveTourSource(core.api, { kind: 'area', bbox });
    expect(tour.cameras.map((c) => c.id)).toEqual(listed.features.map((f) => f.id));
    expect(tour.cameras.map((c) => c.id)).toContain(a!.id);
    await expect(
      resolveTourSource(core.api, { kind: 'area', bbox: [-10, -60, -9, -59] }),
    ).rejects.toThrow('No camera lies in the area -10, -60, -9, -59: choose a larger one.');
  });

  test("a saved route's cameras, in driving order", async ({ core }) => {
    const [a, b] = (await core.api.invoke('cameras.search', { q: 'US', limit: 2 })).features.map(
      cameraSummary,
    );
    const line: [number, number][] = [
      [a!.lon, a!.lat],
      [b!.lon, b!.lat],
    ];
    await core.api.invoke('routes.save', { name: 'Tour road', line, bufferKm: 2 });
    const shown = await core.api.invoke('routes.show', { name: 'Tour road' });
    const tour = await resolveTourSource(core.api, { kind: 'route', name: 'Tour road' });
    expect(tour.cameras.map((c) => c.id)).toEqual(shown.cameras.map((c) => c.id));
    expect(tour.cameras.map((c) => c.id)).toEqual(expect.arrayContaining([a!.id, b!.id]));
    // Only what a tile needs travels on: no readings or places along the route.
    expect(Object.keys(tour.cameras[0]!).sort()).toEqual(
      ['city', 'country', 'id', 'lat', 'lon', 'name', 'state', 'video'].sort(),
    );
    await expect(
      resolveTourSource(core.api, { kind: 'route', name: 'No such road' }),
    ).rejects.toThrow();
  });

  test('a live image is whole as the service sends it, and not once cut off', async ({ core }) => {
    const cameras = (await core.api.invoke('cameras.search', { q: 'US', limit: 50 })).features.map(
      cameraSummary,
    );
    for (const mode of ['jpeg', 'png'] as const) {
      const camera = cameras.find((c) => liveImageMode(c.id) === mode)!;
      const answer = await core.media.resolve(
        `cameras/${encodeURIComponent(camera.id)}/live`,
        AbortSignal.timeout(20_000),
      );
      expect(answer.status).toBe(200);
      const bytes = await bytesOf(answer);
      expect(imageIsWhole(bytes), `${mode} whole`).toBe(true);
      expect(imageIsWhole(bytes.subarray(0, Math.floor(bytes.length * 0.7))), `${mode} cut`).toBe(
        false,
      );
    }
    expect(imageIsWhole(new Uint8Array())).toBe(false);
  });
});
