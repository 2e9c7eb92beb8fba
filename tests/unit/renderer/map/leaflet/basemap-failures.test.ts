import L from 'leaflet';
import { expect, test } from 'vitest';
import {
  OUTLINE_MAX_ZOOM,
  watchRasterTiles,
} from '../../../../../src/renderer/map/leaflet/basemap.ts';

/** Leaflet's events of one view's raster tiles: each tile loaded or failed, then `load`. */
function view(tiles: L.TileLayer, outcomes: ('ok' | 'fail')[]) {
  tiles.fire('loading');
  for (const o of outcomes) tiles.fire(o === 'ok' ? 'tileload' : 'tileerror');
  tiles.fire('load');
}

test('a view whose tiles all fail holds the zoom to the outlines and says so once', () => {
  let maxZoom = 18;
  const map = {
    getMaxZoom: () => maxZoom,
    setMaxZoom: (z: number) => (maxZoom = z),
  } as unknown as L.Map;
  const tiles = L.tileLayer('x/{z}/{x}/{y}.png');
  const said: boolean[] = [];
  watchRasterTiles(tiles, map, (failing) => said.push(failing));

  view(tiles, ['ok', 'fail']);
  expect(said).toEqual([]);
  view(tiles, ['fail', 'fail']);
  view(tiles, ['fail', 'fail', 'fail']);
  expect(said).toEqual([true]);
  expect(maxZoom).toBe(OUTLINE_MAX_ZOOM);
  // Back online: one view's tiles load, and the map may go close again.
  view(tiles, ['ok', 'fail']);
  expect(said).toEqual([true, false]);
  expect(maxZoom).toBe(18);
});
