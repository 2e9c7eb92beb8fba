/**
 * The Alerts view's state (src/renderer/alerts/alerts.svelte.ts) against a real core on a
 * service that silently lowers the alert search limit (a variant the interface allows): "Load
 * more" must page by what was listed, not by the limit asked, or it would skip alerts.
 */
import { afterAll, describe, expect } from 'vitest';
import { AlertsState } from '../../../../src/renderer/alerts/alerts.svelte.ts';
import type { Core } from '../../../../src/engine/core.ts';
import { apiTest as test } from '../../../helpers/fixtures.ts';
import { startAccountCore, tempDir } from '../../../helpers/core.ts';

test.override({
  world: { cameras: 40, hours: 2, variant: { name: 'lowering', alertLimitMax: 40 } },
});

const AREA = '-124,30,-120,33';
const bbox = [-124, 30, -120, 33] as [number, number, number, number];
let core: Core | undefined;
const dir = tempDir('roadcam-alerts-state-');
afterAll(async () => {
  await core?.close();
  dir.remove();
});

describe('the Alerts view state', () => {
  test('pages past a lowered limit by the count listed, until every alert is listed once', async ({
    service,
  }) => {
    for (let i = 0; i < 130; i++) {
      const west = -123.8 + (i % 6) * 0.5;
      const south = 30.2 + Math.floor(i / 26) * 0.5;
      service.control.addAlert({
        event: 'Paging Test Advisory',
        polygon: [
          [west, south],
          [west + 0.5, south],
          [west + 0.5, south + 0.5],
          [west, south + 0.5],
          [west, south],
        ],
      });
    }
    core = await startAccountCore(dir.path, service.url);
    const m = new AlertsState(core.api);
    m.filters.area = AREA;
    await m.search();
    expect(m.error).toBeNull();
    const expected = await core.client.alerts.searchAll({ bbox });
    const total = expected.features.length;
    expect(total).toBeGreaterThanOrEqual(130);
    expect(m.total).toBe(total);
    expect(m.alerts).toHaveLength(40); // the service lowered the limit of 100 asked

    let pages = 1;
    while (m.canLoadMore) {
      await m.loadMore();
      expect(m.error).toBeNull();
      pages++;
      expect(pages).toBeLessThan(10);
    }
    expect(m.alerts).toHaveLength(total);
    expect(new Set(m.alerts.map((a) => a.id))).toEqual(new Set(expected.features.map((a) => a.id)));
  });

  test('opens an alert the list does not hold by its id, and an unknown id in words', async () => {
    const m = new AlertsState(core!.api);
    const expired = await core!.client.alerts.search({ expired: 'true', limit: 1 });
    const id = expired.features[0]!.id;
    await m.search();
    expect(m.alerts.map((a) => a.id)).not.toContain(id);
    await m.open(id);
    expect(m.selected?.id).toBe(id);
    await m.open('no-such-alert');
    expect(m.selected).toBeNull();
    expect(m.openError).toMatch(/No alert with id "no-such-alert"/);
  });
});
