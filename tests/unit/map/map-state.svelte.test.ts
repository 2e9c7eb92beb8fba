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
});
