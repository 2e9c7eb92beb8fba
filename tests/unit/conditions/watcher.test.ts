/**
 * Condition watches against the demo world's own weather: the service's clock is pinned at
 * the start and moved on by the test (never mixed with this machine's clock), the world makes
 * its observations for the new ten-minute marks, and each real change of the road conditions
 * is announced exactly once, also by a service that ignores the beta [prev] filter.
 */
import { afterAll, describe, expect } from 'vitest';
import type { Observation } from '../../../src/shared/api/index.ts';
import type { Core } from '../../../src/engine/core.ts';
import type { ConditionChange } from '../../../src/shared/ipc/conditions.ts';
import { demoClient } from '../../helpers/api.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import {
  startPrevIgnoringProxy,
  type PrevIgnoringProxy,
} from '../../helpers/prev-ignoring-proxy.ts';

const world: [number, number][] = [
  [-179, -80],
  [179, -80],
  [179, 80],
  [-179, 80],
];

/** The changes, written out from the interface's tables (2.3) rather than from the code. */
const EXPECTED: Record<string, (o: Observation) => boolean> = {
  snow: (o) =>
    [6, 10].includes(o.properties.sensors.road_weather!.data) &&
    [0, 1, 2, 3].includes(o.properties.sensors.road_weather!.prev!),
  ponding: (o) =>
    o.properties.sensors.road_weather!.data === 3 &&
    [0, 1, 2, 6, 10].includes(o.properties.sensors.road_weather!.prev!),
  'poor-visibility': (o) =>
    o.properties.sensors.visibility!.data === 0 &&
    [0.2, 0.5, 1].includes(o.properties.sensors.visibility!.prev!),
  'heavy-precip': (o) =>
    o.properties.sensors.precip!.data === 1 && o.properties.sensors.precip!.prev === 0,
};

let direct: Core;
let viaProxy: Core;
let proxy: PrevIgnoringProxy;
let baseline: string;
const dirs = [tempDir(), tempDir()];
const changes = new Map<Core, ConditionChange[][]>();

test.override({ world: { cameras: 200, hours: 3 } });
test.beforeAll(async ({ service }) => {
  proxy = await startPrevIgnoringProxy(service.url);
  direct = await startAccountCore(dirs[0]!.path, service.url);
  viaProxy = await startAccountCore(dirs[1]!.path, proxy.url);
  for (const core of [direct, viaProxy]) {
    const notices: ConditionChange[][] = [];
    core.api.on('conditions.changed', (n) => notices.push(n.changes));
    changes.set(core, notices);
    const [watch] = await core.api.invoke('conditions.watches.add', {
      name: 'Everywhere',
      target: { area: { polygon: world } },
    });
    baseline = watch!.checkedUntil!;
  }
  // Two hours of the world's weather after the watches were added.
  service.clock.advance(2 * 3600_000);
}, 120_000);
afterAll(async () => {
  await direct?.close();
  await viaProxy?.close();
  await proxy?.close();
  for (const d of dirs) d.remove();
});

/** Every change after the baseline, found by reading every observation of those two hours. */
async function changesAfterBaseline(url: string): Promise<string[]> {
  const client = demoClient(url);
  const after = new Date(Date.parse(baseline) + 1000).toISOString();
  const out: string[] = [];
  for await (const o of client.observations.iterate({ time_min: after, limit: 100 })) {
    for (const [kind, is] of Object.entries(EXPECTED)) {
      if (o.properties.sensors.road_weather?.prev !== undefined && is(o))
        out.push(`${kind} ${o.id}`);
    }
  }
  return out.sort();
}

const keys = (list: ConditionChange[]) => list.map((c) => `${c.kind} ${c.observationId}`).sort();

describe('condition watches', () => {
  test('take what the first check finds as the baseline: listed, not announced', async () => {
    const [watch] = await direct.api.invoke('conditions.watches.list', {});
    const { changes: listed } = await direct.api.invoke('conditions.changes', { id: watch!.id });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((c) => !c.announced)).toBe(true);
    expect(changes.get(direct)).toEqual([]);
  });

  test('announce each change the world makes exactly once over two checks', async ({ service }) => {
    const expected = await changesAfterBaseline(service.url);
    expect(expected.length).toBeGreaterThan(3);
    await direct.api.invoke('conditions.watches.check', {});
    await direct.api.invoke('conditions.watches.check', {});
    const notices = changes.get(direct)!;
    expect(notices).toHaveLength(1);
    expect(keys(notices[0]!)).toEqual(expected);
    const one = notices[0]![0]!;
    expect(one.before).not.toBe(one.after);
    expect(one.prevId).toMatch(new RegExp(`^${one.cameraId}_`));
    expect(Date.parse(one.prevTime!)).toBeLessThan(Date.parse(one.time!));
  });

  test('announce no false change from a service that ignores the [prev] filter', async ({
    service,
  }) => {
    const expected = await changesAfterBaseline(service.url);
    await viaProxy.api.invoke('conditions.watches.check', {});
    await viaProxy.api.invoke('conditions.watches.check', {});
    expect(proxy.dropped).toBeGreaterThan(0);
    // Through the proxy, the search sends observations that are no change at all.
    const client = demoClient(proxy.url);
    const sent = await client.observations.search({
      sensors: { precip: { data: 1, prev: 0 } },
      time_min: baseline,
      limit: 100,
    });
    expect(sent.features.some((o) => o.properties.sensors.precip!.prev !== 0)).toBe(true);
    const notices = changes.get(viaProxy)!;
    expect(notices).toHaveLength(1);
    expect(keys(notices[0]!)).toEqual(expected);
  });

  test('refuse a camera list too long to search every ten minutes', async () => {
    const cameraIds = Array.from({ length: 21 }, (_, i) => `C${i}`);
    await expect(
      direct.api.invoke('conditions.watches.add', { name: 'Many', target: { cameraIds } }),
    ).rejects.toThrow(/Invalid input/);
  });
});
