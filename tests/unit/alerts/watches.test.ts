import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core.ts';
import type { NewAlertsNotice } from '../../../src/shared/ipc/alerts.ts';
import { tempDir, startAccountCore } from '../../helpers/core.ts';
import { startTestService, type TestService } from '../../helpers/api.ts';

// A square in the Pacific far from every generated alert, so only the test's alerts fall in it.
const square: [number, number][] = [
  [-150, 10],
  [-149, 10],
  [-149, 11],
  [-150, 11],
];
const closed = [...square, square[0]!];

let service: TestService;
let core: Core;
const dir = tempDir();

beforeAll(async () => {
  service = await startTestService({ cameras: 30, hours: 1 });
  core = await startAccountCore(dir.path, service.url, { watchIntervalMs: 3_600_000 });
}, 120_000);
afterAll(async () => {
  await core.close();
  await service.stop();
  dir.remove();
});

describe('watched areas', () => {
  it('validate the area: a polygon needs three points, a route a radius', async () => {
    await expect(
      core.api.invoke('watches.add', { name: 'x', area: { polygon: square.slice(0, 2) } }),
    ).rejects.toThrow(/Invalid input for watches\.add/);
    await expect(
      core.api.invoke('watches.add', { name: 'x', area: { route: square } as never }),
    ).rejects.toThrow(/Invalid input/);
  });

  it('take the alerts already there as their baseline, then announce each new one once', async () => {
    const before = service.control.addAlert({
      event: 'Dense Fog Advisory',
      polygon: closed,
      headline: 'Fog before',
    });
    const list = await core.api.invoke('watches.add', {
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
    const after = await core.api.invoke('watches.check', {});
    await core.api.invoke('watches.check', {});
    off();
    expect(after[0]!.currentAlerts).toBe(2);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      areaName: 'Pacific square',
      alerts: [{ id: fresh, event: 'Winter Storm Warning', headline: 'Snow now' }],
    });
    expect(notices[0]!.alerts.map((a) => a.id)).not.toContain(before);
  });

  it('find alerts along a route with a buffer', async () => {
    const list = await core.api.invoke('watches.add', {
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

  it('are removed', async () => {
    const list = await core.api.invoke('watches.list', {});
    const remaining = await core.api.invoke('watches.remove', { id: list[0]!.id });
    expect(remaining).toHaveLength(list.length - 1);
  });
});
