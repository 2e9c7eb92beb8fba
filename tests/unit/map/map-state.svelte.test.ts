/**
 * What the Map view shows besides the search (src/renderer/map/map-state.svelte.ts): one click
 * that hits several layers opens the best thing it hit, whatever order the layers report in.
 */
import { describe, expect, it } from 'vitest';
import { MapState } from '../../../src/renderer/map/map-state.svelte.ts';

const nextTask = () => new Promise((r) => setTimeout(r, 0));

describe('the map state', () => {
  it('a camera beats an observation beats an alert picked by the same click', async () => {
    const map = new MapState();
    map.pick({ kind: 'alert', id: 'a1' });
    map.pick({ kind: 'camera', id: 'c1' });
    map.pick({ kind: 'observation', id: 'o1' });
    expect(map.selection).toBeNull();
    await nextTask();
    expect(map.selection).toEqual({ kind: 'camera', id: 'c1' });
  });

  it('a later click picks anew, and select() replaces the selection at once', async () => {
    const map = new MapState();
    map.pick({ kind: 'camera', id: 'c1' });
    await nextTask();
    map.pick({ kind: 'alert', id: 'a1' });
    await nextTask();
    expect(map.selection).toEqual({ kind: 'alert', id: 'a1' });
    map.select(null);
    expect(map.selection).toBeNull();
  });

  it('a choice with a place asks the map to go there, each time anew; a pick on the map does not', () => {
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
