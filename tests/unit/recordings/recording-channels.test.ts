/**
 * A recording's detail and its tags through the core's validating edge, as the renderer calls
 * them, against the embedded service: the tags really change on the service.
 */
import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { NOW } from '../../helpers/downloads.ts';
import { RECORDING_STATUSES } from '../../../src/shared/api/index.ts';

test.override({ demoWorld: { cameras: 60, hours: 2, now: NOW } });

describe('recordings channels', () => {
  test('show a recording and add tags to it: old tags stay, duplicates are dropped', async ({
    core,
  }) => {
    const page = await core.api.invoke('recordings.search', { limit: 1 });
    const first = page.features[0]!;
    const shown = await core.api.invoke('recordings.show', { id: first.id });
    expect(shown.id).toBe(first.id);
    expect(shown.properties.camera_id).toBe(first.properties.camera_id);
    const before = shown.properties.tags;

    const answer = await core.api.invoke('recordings.addTags', {
      id: first.id,
      tags: ['  night shift ', 'Night Shift', 'i-80'],
    });
    expect(answer.tags).toEqual([...before, 'night shift', 'i-80']);
    // Asked of the service again, not of anything the app remembers.
    const again = await core.client.recordings.show(first.id);
    expect(again.properties.tags).toEqual(answer.tags);
  });

  test('refuse tags the service would refuse, with the reason in words', async ({ core }) => {
    await expect(
      core.api.invoke('recordings.addTags', { id: 'rec_x', tags: ['a,b'] }),
    ).rejects.toThrow(/comma/);
    await expect(core.api.invoke('recordings.addTags', { id: 'rec_x', tags: [] })).rejects.toThrow(
      /at least one tag/,
    );
    await expect(core.api.invoke('recordings.show', { id: '../x' })).rejects.toThrow(
      /letters, digits/,
    );
  });

  test('a recording that does not exist says so', async ({ core }) => {
    await expect(core.api.invoke('recordings.show', { id: 'rec_doesnotexist' })).rejects.toThrow(
      /rec_doesnotexist/,
    );
  });

  test('recording search takes every filter the Downloads view offers, and the service applies them', async ({
    core,
  }) => {
    const any = await core.api.invoke('recordings.search', { limit: 100 });
    // The statuses split the recordings: each page holds its status only, and they add up.
    let counted = 0;
    for (const status of RECORDING_STATUSES) {
      const page = await core.api.invoke('recordings.search', { status, limit: 100 });
      expect(page.features.every((r) => r.properties.status === status)).toBe(true);
      counted += page.total;
    }
    expect(counted).toBe(any.total);

    const withStop = any.features.filter((r) => r.properties.stop !== null);
    const stops = withStop.map((r) => r.properties.stop!).sort();
    const middle = stops[Math.floor(stops.length / 2)]!;
    const before = await core.api.invoke('recordings.search', {
      stop_max: middle,
      limit: 100,
    });
    expect(before.total).toBeGreaterThan(0);
    expect(before.total).toBeLessThan(any.total);
    expect(before.features.every((r) => r.properties.stop! <= middle)).toBe(true);

    const [lon, lat] = any.features[0]!.geometry.coordinates;
    const near = await core.api.invoke('recordings.search', {
      lat,
      lon,
      radius: 1000,
      limit: 100,
    });
    expect(near.features.map((r) => r.id)).toContain(any.features[0]!.id);
    expect(near.total).toBeLessThan(any.total);
  });
});
