/**
 * Where the service's cameras are, for "Show all cameras": the extent of the points of the
 * camera tile of the whole world (zoom 0). One tile of 512 pixels places each camera within
 * about 0.7°, close enough to fit the map to them with a margin; the interface gives no other
 * way to ask for the extent short of listing every camera. Pure: tested in Node.
 */
import type { Bbox } from '../../../shared/geo.ts';
import { decodePoints } from './mvt.ts';

const TILE_SIZE = 512;

/** [west, south, east, north] of the tile's points; null when it holds none. */
export function extentOfWorldTile(bytes: ArrayBuffer): Bbox | null {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { x, y } of decodePoints(bytes, 'cameras', TILE_SIZE)) {
    // Points in the tile's buffer are the world's other side, repeated.
    if (x < 0 || y < 0 || x > TILE_SIZE || y > TILE_SIZE) continue;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  if (x0 > x1) return null;
  const lon = (x: number) => (x / TILE_SIZE) * 360 - 180;
  const lat = (y: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / TILE_SIZE))) * 180) / Math.PI;
  return [lon(x0), lat(y1), lon(x1), lat(y0)];
}
