/**
 * Decoding of the service's vector tiles (cameras, observations) into plain points in tile
 * pixels, ready to draw on a canvas and to hit-test. Layer names are not shown by the
 * interface: every point feature of every layer is drawn, whatever the layer is called, and a
 * feature found twice (the same id at the same place, in two layers) is drawn once. Pure: runs
 * in the tile worker and in Node tests.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { featureKey, readFeature, type TileFeature, type TileKind } from './tile-features.ts';

export type { TileFeature, TileKind, TileProps } from './tile-features.ts';

export interface TilePoint {
  /** Position in the drawn tile's pixels (0..tileSize). */
  x: number;
  y: number;
  feature: TileFeature;
}

/** MVT geometry types: 1 is Point; 0 (Unknown) is read as points too, as far as it goes. */
const POINT_TYPES = new Set([0, 1]);

export function decodePoints(bytes: ArrayBuffer, kind: TileKind, tileSize: number): TilePoint[] {
  if (bytes.byteLength === 0) return [];
  const tile = new VectorTile(new PbfReader(new Uint8Array(bytes)));
  const points: TilePoint[] = [];
  const seen = new Set<string>();
  for (const source of Object.values(tile.layers)) {
    const scale = tileSize / (source.extent || 4096);
    for (let i = 0; i < source.length; i++) {
      const raw = source.feature(i);
      if (!POINT_TYPES.has(raw.type)) continue;
      const feature = readFeature(kind, raw.properties, raw.id);
      const key = featureKey(feature);
      for (const ring of loadGeometry(raw)) {
        for (const p of ring) {
          if (key !== null) {
            const place = `${key}|${p.x}|${p.y}`;
            if (seen.has(place)) continue;
            seen.add(place);
          }
          points.push({ x: p.x * scale, y: p.y * scale, feature });
        }
      }
    }
  }
  return points;
}

/** A feature whose geometry cannot be read is left out; the rest of the tile is drawn. */
function loadGeometry(raw: { loadGeometry(): { x: number; y: number }[][] }) {
  try {
    return raw.loadGeometry();
  } catch {
    return [];
  }
}
