/**
 * The routes channels against a real core on the embedded service: saved by name per service,
 * renamed and removed, shown with their cameras' readings and the alerts that touch them, and
 * every refusal in words.
 */
import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { encodePolyline } from '../../../src/shared/geo.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { IpcError } from '../../../src/shared/ipc.ts';
import { haversine } from '../../helpers/independent-geo.ts';
import { latestReadings } from '../../helpers/readings.ts';

test.override({ demoWorld: { cameras: 300, hours: 2, now: '2026-11-20T12:00:00Z' } });

const BAY: [number, number][] = [
  [-122.4, 37.75],
  [-122.1, 37.45],
  [-121.9, 37.3],
];

describe('the routes channels', () => {
  test('save, list, rename and remove a route by name', async ({ core }) => {
    const saved = await core.api.invoke('routes.save', { name: 'Bay', line: BAY, bufferKm: 5 });
    expect(saved).toMatchObject({ name: 'Bay', line: BAY, bufferKm: 5 });
    expect(saved.lengthKm * 1000).toBeCloseTo(
      haversine(BAY[0]!, BAY[1]!) + haversine(BAY[1]!, BAY[2]!),
      3,
    );
    // Saved again by name: the same route, replaced.
    const again = await core.api.invoke('routes.save', {
      name: 'Bay',
      line: BAY.slice(0, 2),
      bufferKm: 2,
    });
    expect(again.id).toBe(saved.id);
    expect(await core.api.invoke('routes.list', {})).toEqual([again]);

    const renamed = await core.api.invoke('routes.save', {
      id: saved.id,
      name: 'Peninsula',
      line: BAY,
      bufferKm: 2,
    });
    expect(renamed).toMatchObject({ id: saved.id, name: 'Peninsula' });
    await core.api.invoke('routes.save', { name: 'Other', line: BAY, bufferKm: 1 });
    await expect(
      core.api.invoke('routes.save', { id: saved.id, name: 'Other', line: BAY, bufferKm: 1 }),
    ).rejects.toThrow(
      'A route named "Other" already exists: choose another name, or remove that one first.',
    );
    expect((await core.api.invoke('routes.list', {})).map((r) => r.name)).toEqual([
      'Other',
      'Peninsula',
    ]);

    expect(await core.api.invoke('routes.remove', { name: 'Other' })).toEqual({ removed: true });
    expect(await core.api.invoke('routes.remove', { id: saved.id })).toEqual({ removed: true });
    expect(await core.api.invoke('routes.remove', { id: saved.id })).toEqual({ removed: false });
    expect(await core.api.invoke('routes.list', {})).toEqual([]);
  });

  test("show a saved route with each camera's latest readings, the same as a given line", async ({
    core,
  }) => {
    await core.api.invoke('routes.save', { name: 'Bay show', line: BAY, bufferKm: 10 });
    const byName = await core.api.invoke('routes.show', { name: 'Bay show' });
    const byLine = await core.api.invoke('routes.show', { line: BAY, bufferKm: 10 });
    expect(byName.route).toMatchObject({ name: 'Bay show', bufferKm: 10 });
    expect(byName.cameras.map((c) => c.id)).toEqual(byLine.cameras.map((c) => c.id));
    expect(byName.cameras.length).toBeGreaterThan(2);
    for (const camera of byName.cameras) {
      expect(camera.sensors).toEqual(await latestReadings(core.client, camera.id));
    }
    await core.api.invoke('routes.remove', { name: 'Bay show' });
  });

  test("list the alerts the route's buffer touches, as the service finds them", async ({
    core,
  }) => {
    // Through the first current alert's area, from well west of it to well east.
    const [alert] = (await core.client.alerts.search({ limit: 1 })).features;
    const [w, south, e, north] = alert!.bbox!;
    const mid = (south + north) / 2;
    const across: [number, number][] = [
      [w - 1, mid],
      [(w + e) / 2, mid + 0.01],
      [e + 1, mid],
    ];
    const shown = await core.api.invoke('routes.show', { line: across, bufferKm: 50 });
    const service = await core.client.alerts.search({
      polyline: encodePolyline(across),
      polyline_radius: 50,
      limit: 100,
    });
    expect(shown.alerts.length).toBeGreaterThan(0);
    expect(shown.alerts.map((a) => a.id).sort()).toEqual(service.features.map((a) => a.id).sort());
    const atSea = await core.api.invoke('routes.show', {
      line: [
        [-150, 0],
        [-149, 1],
      ],
      bufferKm: 1,
    });
    expect(atSea).toMatchObject({ cameras: [], alerts: [], complete: true });
  });

  test('refuse in words: an unknown route, a place no camera matches, a bad line', async ({
    core,
  }) => {
    await expect(core.api.invoke('routes.show', { name: 'Nowhere' })).rejects.toThrow(
      'No saved route named "Nowhere": see the saved routes (roadcam route list).',
    );
    const de = await loadTranslator('de');
    const unknown = (key: { name: string } | { id: number }) =>
      core.api.invoke('routes.show', key).then(
        () => 'shown',
        (error: IpcError) => de.say(error.said!),
      );
    expect(await unknown({ name: 'Nowhere' })).toBe(
      'Keine gespeicherte Route namens „Nowhere“: Sehen Sie sich die gespeicherten Routen an (roadcam route list).',
    );
    expect(await unknown({ id: 987_654 })).toBe(
      'Keine gespeicherte Route mit der ID 987654: Sehen Sie sich die gespeicherten Routen an (roadcam route list).',
    );
    await expect(core.api.invoke('routes.place', { q: 'zzqxv' })).rejects.toThrow(
      'No city or camera matches "zzqxv": type a city ("Denver", "Springfield, MO"), a road or a camera\'s name, or "lat,lon".',
    );
    await expect(core.api.invoke('routes.show', { line: [[0, 0]], bufferKm: 1 })).rejects.toThrow(
      /A route needs at least two points/,
    );
    const place = await core.api.invoke('routes.place', { q: 'San Jose, CA' });
    expect(place.place).toMatchObject({ name: 'San Jose, CA, US', kind: 'city' });
  });
});
