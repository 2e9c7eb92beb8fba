/**
 * What the Map view selects (src/renderer/map/map-state.svelte.ts): one click on overlapping
 * layers picks once, a camera before an observation before an alert; the next click starts
 * afresh. No core: the state only arbitrates what the layers report.
 */
import { describe, expect, test } from 'vitest';
import { MapState, type Selection } from '../../../../src/renderer/map/map-state.svelte.ts';
import { sleep } from '../../../helpers/wait.ts';

const camera: Selection = { kind: 'camera', id: 'CA-AB-000001' };
const otherCamera: Selection = { kind: 'camera', id: 'CA-AB-000002' };
const observation: Selection = { kind: 'observation', id: 'obs_1' };
const alert: Selection = { kind: 'alert', id: 'alert_1' };

/** The rest of the click's task: every layer has reported its pick by then. */
const afterTheClick = () => sleep(0);

describe('the map selection', () => {
  test('one click on overlapping layers selects the camera, whatever the order the layers report in', async () => {
    for (const order of [
      [alert, observation, camera],
      [alert, camera, observation],
      [camera, alert, observation],
      [observation, camera, alert],
    ]) {
      const map = new MapState();
      for (const pick of order) map.pick(pick);
      // Nothing is chosen until every layer of the click has spoken.
      expect(map.selection).toBeNull();
      await afterTheClick();
      expect(map.selection).toEqual(camera);
    }
  });

  test('an observation beats an alert; of two cameras, the first reported wins', async () => {
    const map = new MapState();
    map.pick(alert);
    map.pick(observation);
    await afterTheClick();
    expect(map.selection).toEqual(observation);

    map.pick(camera);
    map.pick(otherCamera);
    await afterTheClick();
    expect(map.selection).toEqual(camera);
  });

  test('each click starts afresh: an alert clicked after a camera is selected', async () => {
    const map = new MapState();
    map.pick(camera);
    await afterTheClick();
    map.pick(alert);
    await afterTheClick();
    expect(map.selection).toEqual(alert);
    // A picked selection is cleared at once too, as one from the list is.
    map.select(null);
    expect(map.selection).toBeNull();
  });

  test('a selection from the list or the URL is shown at once, and can be cleared', () => {
    const map = new MapState();
    const { sidebar, sensor, replayOpen, selection } = map;
    expect({ sidebar, sensor, replayOpen, selection }).toEqual({
      sidebar: 'search',
      sensor: 'road_weather',
      replayOpen: false,
      selection: null,
    });
    map.select(observation);
    expect(map.selection).toEqual(observation);
    map.select(null);
    expect(map.selection).toBeNull();
  });

  test('a choice with a place asks the map to go there, each time anew; a pick on the map does not', () => {
    const map = new MapState();
    map.select({ kind: 'camera', id: 'c1' }, null);
    expect(map.placeWanted).toBeNull();
    const place = { kind: 'point', at: [-104.99, 39.74] } as const;
    map.select({ kind: 'camera', id: 'c1' }, place);
    expect(map.selection).toEqual({ kind: 'camera', id: 'c1' });
    const first = map.placeWanted;
    expect(first).toEqual(place);
    // The same place asked again is a new request: the map goes back there after a pan.
    map.show(place);
    expect(map.placeWanted).toEqual(place);
    expect(map.placeWanted).not.toBe(first);
  });
});
