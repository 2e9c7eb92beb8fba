import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { Core } from '../../../src/engine/core.ts';
import type { NewAlertsNotice } from '../../../src/shared/ipc/alerts.ts';
import { tempDir, startAccountCore } from '../../helpers/core.ts';

// A square in the Pacific far from every generated alert, so only the test's alerts fall in it.
const square: [number, number][] = [
  [-150, 10],
  [-149, 10],
  [-149, 11],
  [-150, 11],
];
const closed = [...square, square[0]!];

let core: Core;
const dir = tempDir();

test.override({ world: { cameras: 30, hours: 1 } });
test.beforeAll(async ({ service }) => {
  core = await startAccountCore(dir.path, service.url, { watchIntervalMs: 3_600_000 });
}, 120_000);
afterAll(async () => {
  await core.close();
  dir.remove();
});

describe('watched areas', () => {
  test('validate the area: a polygon needs three points, a route a radius', async () => {
    await expect(
      core.api.invoke('alerts.watches.add', { name: 'x', area: { polygon: square.slice(0, 2) } }),
    ).rejects.toThrow(/Invalid input for alerts\.watches\.add/);
    await expect(
      core.api.invoke('alerts.watches.add', { name: 'x', area: { route: square } as never }),
    ).rejects.toThrow(/Invalid input/);
  });

  test('take the alerts already there as their baseline, then announce each new one once', async ({
    service,
  }) => {
    const before = service.control.addAlert({
      event: 'Dense Fog Advisory',
      polygon: closed,
      headline: 'Fog before',
    });
    const list = await core.api.invoke('alerts.watches.add', {
      name: 'Pacific square',
      area: { polygon: square },
    });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Pacific square', currentAlerts: 1 });

    const notices: NewAlertsNotice[] = [];
    const off = core.api.on('alerts.watchedNew', (n) => notices.push(n));
    const fresh = service.control.addAlert({
      event: 'Winter Storm Warning',
      polygon: closed,
      headline: 'Snow now',
      severity: 'Severe',
    });
    service.control.addAlert({
      event: 'Flood Watch',
      polygon: [
        [10, 10],
        [11, 10],
        [11, 11],
        [10, 10],
      ],
    });
    const after = await core.api.invoke('alerts.watches.check', {});
    await core.api.invoke('alerts.watches.check', {});
    off();
    expect(after[0]!.currentAlerts).toBe(2);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      areaName: 'Pacific square',
      alerts: [{ id: fresh, event: 'Winter Storm Warning', headline: 'Snow now' }],
    });
    expect(notices[0]!.alerts.map((a) => a.id)).not.toContain(before);
  });

  test('find alerts along a route with a buffer', async () => {
    const list = await core.api.invoke('alerts.watches.add', {
      name: 'Route across the square',
      area: {
        route: [
          [-151, 10.5],
          [-148, 10.5],
        ],
        radiusKm: 5,
      },
    });
    expect(list.find((a) => a.name === 'Route across the square')?.currentAlerts).toBe(2);
  });

  test('are removed', async () => {
    const list = await core.api.invoke('alerts.watches.list', {});
    const remaining = await core.api.invoke('alerts.watches.remove', { id: list[0]!.id });
    expect(remaining).toHaveLength(list.length - 1);
  });
});
