/**
 * A watch's history from the ten-minute snapshots (observations/_all): consecutive snapshots
 * compared for the watch's cameras, the slots the service has no snapshot for said, and each
 * snapshot read once however often the history is asked for.
 */
import { afterAll, describe, expect } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { demoClient } from '../../helpers/api.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';

let core: Core;
const dir = tempDir();

test.override({ world: { cameras: 60, hours: 3 } });
test.beforeAll(async ({ proxy }) => {
  core = await startAccountCore(dir.path, proxy.url);
}, 120_000);
afterAll(async () => {
  await core.close();
  dir.remove();
});

const snapshotReads = (paths: { path: string }[]) =>
  paths.filter((r) => r.path.startsWith('/v1/observations/_all/')).length;

describe('the history of a condition watch', () => {
  test('lists each change between consecutive snapshots, and the slots without one', async ({
    service,
    proxy,
  }) => {
    const client = demoClient(service.url);
    const cameras = (await client.cameras.search({ limit: 100 })).features.map((c) => c.id);
    const [watch] = await core.api.invoke('conditions.watches.add', {
      name: 'Some cameras',
      target: { cameraIds: cameras.slice(0, 20) },
    });
    const reads = snapshotReads(proxy.requests);
    const { history } = await core.api.invoke('conditions.changes', {
      id: watch!.id,
      history: true,
      hours: 6,
    });
    expect(history!.slots).toBe(36);
    expect(Date.parse(history!.to!) - Date.parse(history!.from!)).toBe(35 * 600_000);
    // The world began 3 hours before the clock's start: the older half has no snapshots.
    expect(history!.missing.length).toBeGreaterThanOrEqual(17);
    expect(history!.missing.length).toBeLessThan(20);
    expect(history!.cameras).toBe(20);

    // The same changes, read from the observations themselves: a change at slot t is an
    // observation at t whose previous value (t - 10 min) differs, when both slots had snapshots.
    const had = new Set(
      Array.from({ length: 36 - history!.missing.length }, (_, i) =>
        new Date(Date.parse(history!.missing.at(-1)!) + (i + 1) * 600_000).toISOString(),
      ),
    );
    const expected: string[] = [];
    for (const id of cameras.slice(0, 20)) {
      for await (const o of client.observations.iterate({ camera_id: id, limit: 100 })) {
        const time = new Date(Date.parse(o.properties.time!)).toISOString();
        const before = new Date(Date.parse(time) - 600_000).toISOString();
        if (!had.has(time) || !had.has(before)) continue;
        const s = o.properties.sensors;
        if (s.precip!.data === 1 && s.precip!.prev === 0)
          expected.push(`heavy-precip ${id} ${time}`);
        if (s.visibility!.data === 0 && [0.2, 0.5, 1].includes(s.visibility!.prev!))
          expected.push(`poor-visibility ${id} ${time}`);
        const rw = s.road_weather!;
        if ([6, 10].includes(rw.data) && [0, 1, 2, 3].includes(rw.prev!))
          expected.push(`snow ${id} ${time}`);
        if (rw.data === 3 && [0, 1, 2, 6, 10].includes(rw.prev!))
          expected.push(`ponding ${id} ${time}`);
      }
    }
    const found = history!.changes.map((c) => `${c.kind} ${c.cameraId} ${c.time}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.sort()).toEqual(expected.sort());
    const one = history!.changes[0]!;
    expect(Date.parse(one.time) - Date.parse(one.from)).toBe(600_000);
    expect(one.before).not.toBe(one.after);

    // Asked again: the snapshots already read are not read again; only the missing are asked.
    const firstReads = snapshotReads(proxy.requests) - reads;
    await core.api.invoke('conditions.changes', { id: watch!.id, history: true, hours: 6 });
    const againReads = snapshotReads(proxy.requests) - reads - firstReads;
    expect(firstReads).toBe(36);
    expect(againReads).toBe(history!.missing.length);
  });
});
