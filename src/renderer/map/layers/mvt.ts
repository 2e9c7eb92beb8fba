/**
 * Decoding of the service's vector tiles (cameras, observations: point layers, extent 512) into
 * plain points in tile pixels, ready to draw on a canvas and to hit-test.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

export type TileProps = Record<string, number | string | boolean>;

export interface TilePoint {
  /** Position in the drawn tile's pixels (0..tileSize). */
  x: number;
  y: number;
  props: TileProps;
}

export function decodePoints(bytes: ArrayBuffer, layer: string, tileSize: number): TilePoint[] {
  const tile = new VectorTile(new PbfReader(new Uint8Array(bytes)));
  const source = tile.layers[layer];
  if (!source) return [];
  const points: TilePoint[] = [];
  const scale = tileSize / source.extent;
  for (let i = 0; i < source.length; i++) {
    const feature = source.feature(i);
    for (const ring of feature.loadGeometry()) {
      for (const p of ring)
        points.push({ x: p.x * scale, y: p.y * scale, props: feature.properties });
    }
  }
  return points;
}
