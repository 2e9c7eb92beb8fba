/**
 * A Mapbox Vector Tile encoder (specification 2.1) for point layers, written with pbf: the
 * service only tiles points (observations and cameras). Extent 512, the "512x512 size" of the
 * interface; features keep a small buffer beyond the tile edge so symbols are not clipped.
 */
import { PbfWriter } from 'pbf';

export const TILE_EXTENT = 512;
const TILE_BUFFER = 16;

export type TileValue = string | number | boolean;

export interface LonLatTilePoint {
  id?: number;
  lon: number;
  lat: number;
  properties: Record<string, TileValue | null | undefined>;
}

export interface TileLayer {
  name: string;
  features: LonLatTilePoint[];
}

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The lon/lat box of a tile, with `bufferPx` of the 512 extent around it. */
export function tileBbox(
  { z, x, y }: TileAddress,
  bufferPx = TILE_BUFFER,
): [number, number, number, number] {
  const n = 2 ** z;
  const pad = bufferPx / TILE_EXTENT;
  const lon = (px: number): number => (px / n) * 360 - 180;
  const lat = (py: number): number =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / n))) * 180) / Math.PI;
  return [lon(x - pad), lat(y + 1 + pad), lon(x + 1 + pad), lat(y - pad)];
}

/** Position of a point in tile coordinates (0..512 inside the tile). */
export function project({ z, x, y }: TileAddress, lon: number, lat: number): [number, number] {
  const n = 2 ** z;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  const wx = ((lon + 180) / 360) * n;
  const wy = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
  return [Math.round((wx - x) * TILE_EXTENT), Math.round((wy - y) * TILE_EXTENT)];
}

export function isValidTile({ z, x, y }: TileAddress): boolean {
  return (
    Number.isInteger(z) &&
    z >= 0 &&
    z <= 24 &&
    [x, y].every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** z)
  );
}

const zigzag = (n: number): number => (n << 1) ^ (n >> 31);

interface EncodedLayer {
  name: string;
  keys: string[];
  values: TileValue[];
  features: { id?: number; tags: number[]; geometry: number[] }[];
}

function prepareLayer(tile: TileAddress, layer: TileLayer): EncodedLayer {
  const keys = new Map<string, number>();
  // Keyed by the value itself: a Map tells 1, '1' and true apart, and a dense tile has tens of
  // thousands of distinct values, where building a text key for each one cost a third of the
  // encoding.
  const values = new Map<TileValue, number>();
  const index = <K>(map: Map<K, number>, key: K): number => {
    let i = map.get(key);
    if (i === undefined) map.set(key, (i = map.size));
    return i;
  };
  const features: EncodedLayer['features'] = [];
  for (const f of layer.features) {
    const [px, py] = project(tile, f.lon, f.lat);
    if (
      px < -TILE_BUFFER ||
      py < -TILE_BUFFER ||
      px > TILE_EXTENT + TILE_BUFFER ||
      py > TILE_EXTENT + TILE_BUFFER
    )
      continue;
    const tags: number[] = [];
    for (const k in f.properties) {
      const v = f.properties[k];
      if (v === null || v === undefined) continue;
      tags.push(index(keys, k), index(values, v));
    }
    // One MoveTo command (id 1, count 1) with zigzag-encoded coordinates.
    features.push({ id: f.id, tags, geometry: [(1 << 3) | 1, zigzag(px), zigzag(py)] });
  }
  return { name: layer.name, keys: [...keys.keys()], values: [...values.keys()], features };
}

function writeValue(v: TileValue, pbf: PbfWriter): void {
  if (typeof v === 'string') pbf.writeStringField(1, v);
  else if (typeof v === 'boolean') pbf.writeBooleanField(7, v);
  else if (Number.isInteger(v) && Math.abs(v) < 2 ** 31) {
    if (v >= 0) pbf.writeVarintField(5, v);
    else pbf.writeSVarintField(6, v);
  } else pbf.writeDoubleField(3, v);
}

function writeLayer(layer: EncodedLayer, pbf: PbfWriter): void {
  pbf.writeVarintField(15, 2);
  pbf.writeStringField(1, layer.name);
  for (const f of layer.features) {
    pbf.writeMessage(
      2,
      (feature: EncodedLayer['features'][number], p: PbfWriter) => {
        if (feature.id !== undefined) p.writeVarintField(1, feature.id);
        p.writePackedVarint(2, feature.tags);
        p.writeVarintField(3, 1);
        p.writePackedVarint(4, feature.geometry);
      },
      f,
    );
  }
  for (const k of layer.keys) pbf.writeStringField(3, k);
  for (const v of layer.values) pbf.writeMessage(4, writeValue, v);
  pbf.writeVarintField(5, TILE_EXTENT);
}

/** Encodes point layers into one tile; empty layers are left out, as the interface allows. */
export function encodeTile(tile: TileAddress, layers: TileLayer[]): Uint8Array {
  const pbf = new PbfWriter();
  for (const layer of layers) {
    const encoded = prepareLayer(tile, layer);
    if (encoded.features.length > 0) pbf.writeMessage(3, writeLayer, encoded);
  }
  return pbf.finish();
}
