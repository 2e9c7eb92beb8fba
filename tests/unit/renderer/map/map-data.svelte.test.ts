/**
 * What the Map view draws besides the search (src/renderer/map/map-data.svelte.ts) against a
 * real core: the alerts and the recordings of the searched place, busy while asked for, a
 * failure in words, and an older answer that comes too late dropped.
 */
import { describe, expect } from 'vitest';
import { MapData } from '../../../../src/renderer/map/map-data.svelte.ts';
import { MapState } from '../../../../src/renderer/map/map-state.svelte.ts';
import { emptyForm, type SearchForm } from '../../../../src/renderer/map/search/params.ts';
import { startOfflineCore } from '../../../helpers/core.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { heldAnswers } from '../held-answers.ts';

function inState(state: string): SearchForm {
  return { ...emptyForm('cameras'), state };
}

describe('the map data', () => {
  test('the alerts: busy while asked for, then every active alert, no error', async ({ core }) => {
    const mapState = new MapState();
    const data = new MapData(core.api, mapState);
    const loading = data.loadAlerts();
    expect(mapState.alertsOp.busy).toBe(true);
    await loading;
    const direct = await core.api.invoke('alerts.all', {});
    expect(direct.features.length).toBeGreaterThan(0);
    expect(mapState.alerts.map((a) => a.id)).toEqual(direct.features.map((a) => a.id));
    expect(mapState.alertsOp.busy).toBe(false);
    expect(mapState.alertsOp.error).toBeNull();
  });

  test('the recordings of the searched place; an older place answered late is dropped', async ({
    core,
  }) => {
    const cameras = await core.client.cameras.search({ limit: 60 });
    const states = [...new Set(cameras.features.map((c) => c.properties.state!))];
    const counts = await Promise.all(
      states.map(async (state) => {
        const page = await core.api.invoke('recordings.search', { state, limit: 100 });
        return { state, ids: page.features.map((r) => r.id) };
      }),
    );
    const [older, newer] = counts.filter((c) => c.ids.length > 0);
    expect(newer, 'two states with recordings in the demo world').toBeDefined();

    const held = heldAnswers(core.api);
    const data = new MapData(held.api, new MapState());
    const release = held.hold(
      (channel, input) =>
        channel === 'recordings.search' && (input as { state?: string }).state === older!.state,
    );
    const first = data.loadRecordings(inState(older!.state));
    await data.loadRecordings(inState(newer!.state));
    expect(data.recordings.map((r) => r.id)).toEqual(newer!.ids);
    release();
    await first;
    expect(data.recordings.map((r) => r.id)).toEqual(newer!.ids);
    expect(data.recordingsOp).toMatchObject({ busy: false, error: null });
  });

  test('a service that cannot be reached: the alerts say why, the recordings layer empties', async () => {
    const offline = await startOfflineCore();
    try {
      const mapState = new MapState();
      const data = new MapData(offline.api, mapState);
      await data.loadAlerts();
      expect(mapState.alerts).toEqual([]);
      expect(mapState.alertsOp.error).toMatch(/^Could not load the alerts: .{10,}/);
      expect(mapState.alertsOp.busy).toBe(false);
      await data.loadRecordings(inState('CA'));
      expect(data.recordings).toEqual([]);
      expect(data.recordingsOp.error).toMatch(/^Could not load the recordings: .{10,}/);
      expect(`${mapState.alertsOp.error} ${data.recordingsOp.error}`).not.toContain('unused');
    } finally {
      await offline.cleanup();
    }
  });
});
