/**
 * The wall's rewind (src/renderer/wall/rewind.svelte.ts) against a real demo core: the archived
 * times of the wall's cameras, the chosen moment and its steps within them, playback, going back
 * to live, and a camera whose archive cannot be listed, in words. The demo world's clock is
 * fixed at its start, so every time compared here comes from the core's own lists.
 */
import { describe, expect } from 'vitest';
import { RewindState } from '../../../../src/renderer/wall/rewind.svelte.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { sleep, waitFor } from '../../../helpers/wait.ts';
import { heldAnswers } from '../held-answers.ts';

const MINUTE = 60_000;

/** The core's Api, counting the archive listings asked for, per camera. */
function countingListings(api: Api): { api: Api; asked: string[] } {
  const asked: string[] = [];
  const invoke: Api['invoke'] = (channel, input) => {
    if (channel === 'cameras.imageTimes') asked.push((input as { cameraId: string }).cameraId);
    return api.invoke(channel, input);
  };
  return { api: { ...api, invoke }, asked };
}

/** What the wall shows of the rewind (a plain object: the rune class's fields are accessors). */
function shownOf(rewind: RewindState) {
  const { active, speed, times, range } = rewind;
  return { active, speed, times, range };
}

async function cameraIds(api: Api, n: number): Promise<string[]> {
  const page = await api.invoke('cameras.search', { limit: n });
  return page.features.map((f) => f.id);
}

describe("the wall's rewind", () => {
  test('starts at the newest archived frame of the cameras and steps a minute at a time within them', async ({
    core,
  }) => {
    const [a, b] = await cameraIds(core.api, 2);
    const rewind = new RewindState(core.api);
    expect(rewind.active).toBe(false);
    expect(rewind.range).toBeNull();

    await rewind.start([a!, b!]);
    const listed = (await core.api.invoke('cameras.imageTimes', { cameraId: a! })).map((t) =>
      Date.parse(t),
    );
    expect(rewind.active).toBe(true);
    expect([rewind.listing.busy, rewind.listing.error]).toEqual([false, null]);
    expect(rewind.times[a!]).toEqual(listed);
    expect(Object.keys(rewind.times).sort()).toEqual([a, b].sort());
    const { min, max } = rewind.range!;
    expect(max).toBe(Math.max(rewind.times[a!]!.at(-1)!, rewind.times[b!]!.at(-1)!));
    expect(min).toBe(Math.min(rewind.times[a!]![0]!, rewind.times[b!]![0]!));
    expect(rewind.time).toBe(max);

    rewind.step(-1);
    expect(rewind.time).toBe(max - MINUTE);
    rewind.step(-10);
    expect(rewind.time).toBe(max - 11 * MINUTE);
    rewind.step(1);
    expect(rewind.time).toBe(max - 10 * MINUTE);
    // Never past the archive's ends.
    rewind.step(60);
    expect(rewind.time).toBe(max);
    rewind.seek(min - 24 * 60 * MINUTE);
    expect(rewind.time).toBe(min);
    rewind.live();
  });

  test('another camera added while rewinding is listed alone, and the moment chosen stays', async ({
    core,
  }) => {
    const [a, b, c] = await cameraIds(core.api, 3);
    const counted = countingListings(core.api);
    const rewind = new RewindState(counted.api);
    await rewind.start([a!, b!]);
    rewind.step(-30);
    const chosen = rewind.time;

    await rewind.start([a!, b!, c!]);
    expect(counted.asked.sort()).toEqual([a, b, c].sort());
    expect(rewind.time).toBe(chosen);
    expect(Object.keys(rewind.times)).toHaveLength(3);

    // Live forgets the lists (they go stale by the minute): the next rewind lists again, newest first.
    rewind.live();
    expect(shownOf(rewind)).toEqual({ active: false, speed: 0, times: {}, range: null });
    await rewind.start([a!]);
    expect(counted.asked.filter((id) => id === a)).toHaveLength(2);
    expect(rewind.time).toBe(rewind.times[a!]!.at(-1));
    rewind.live();
  });

  test('lists that arrive after going back to live are not kept for the next rewind', async ({
    core,
  }) => {
    const [a] = await cameraIds(core.api, 1);
    const held = heldAnswers(core.api);
    const rewind = new RewindState(held.api);
    const release = held.hold((channel) => channel === 'cameras.imageTimes');
    const starting = rewind.start([a!]);
    rewind.live();
    release();
    await starting;
    expect(shownOf(rewind)).toEqual({ active: false, speed: 0, times: {}, range: null });
    expect(rewind.listing.error).toBeNull();
  });

  test('plays forward, pauses, and stops by itself at the newest frame', async ({ core }) => {
    const [a] = await cameraIds(core.api, 1);
    const rewind = new RewindState(core.api);
    await rewind.start([a!]);
    const newest = rewind.range!.max;

    rewind.seek(newest - 60 * MINUTE);
    const from = rewind.time;
    const started = performance.now();
    rewind.play(60);
    expect(rewind.speed).toBe(60);
    await waitFor(() => rewind.time > from, { what: 'the rewind to move forward' });
    rewind.pause();
    // A minute of archive a second of playback: never faster than asked for.
    expect(rewind.time - from).toBeLessThanOrEqual((performance.now() - started) * 60);
    expect(rewind.speed).toBe(0);
    const paused = rewind.time;
    await sleep(600); // paused, it must not move while time passes
    expect(rewind.time).toBe(paused);

    rewind.play(60);
    rewind.step(-1);
    expect(rewind.speed).toBe(0);
    expect(rewind.time).toBe(paused - MINUTE);

    rewind.seek(newest - 1000);
    rewind.play(10);
    await waitFor(() => rewind.speed === 0, { what: 'the rewind to stop at the newest image' });
    expect(rewind.time).toBe(newest);
    rewind.live();
  });

  test('a camera whose archive cannot be listed, or none at all, is explained in words', async ({
    core,
  }) => {
    const [a] = await cameraIds(core.api, 1);
    const rewind = new RewindState(core.api);
    await rewind.start([a!, 'CAMNOPE1']);
    expect(rewind.listing.error).toBe(
      'Could not list the archived images: camera CAMNOPE1 images failed: No camera with id "CAMNOPE1" (it may never have existed or may have expired) (HTTP 404 not_found).',
    );
    expect(rewind.listing.busy).toBe(false);

    rewind.live();
    expect(rewind.listing.error).toBeNull();
    await rewind.start([]);
    expect(rewind.listing.error).toBe(
      'These cameras have no archived images yet: rewind needs at least one.',
    );
    rewind.live();
  });
});
