/**
 * Section 4.3 Tile: cameras as a Mapbox Vector Tile (extent 512), layer "cameras"; the
 * variant `tiles: 'other'` splits them as another provider might (see otherCameraLayers).
 */
import type { ServiceContext } from '../../context.ts';
import type { RequestContext } from '../../http/router.ts';
import {
  encodeTile,
  type TileAddress,
  type TileLayer,
  type LonLatTilePoint,
} from '../../media/mvt.ts';
import { ParamReader } from '../../search/reader.ts';
import { inTile, TILE_TYPE, readTileAddress, type CameraPointRow } from '../tiles.ts';
import { cachedTile } from '../tileCache.ts';

interface CameraRow extends CameraPointRow {
  provider: string;
  video: number;
}

export function cameraTile(s: ServiceContext, ctx: RequestContext) {
  new ParamReader(ctx.params, []);
  const tile = readTileAddress(ctx);
  const body = cachedTile(s, 'cameras', tile, '', () => encodeTile(tile, cameraLayers(s, tile)));
  return { body, contentType: TILE_TYPE };
}

function cameraLayers(s: ServiceContext, tile: TileAddress): TileLayer[] {
  const area = inTile(tile);
  // In id order: `num` follows it (the world numbers its cameras sorted by id), and sorting
  // by the integer key is cheaper than by the text over tens of thousands of rows.
  const rows = s.world.db
    .prepare(
      `SELECT c.num, c.id, c.lon, c.lat, c.description, c.city, c.state, c.country, c.provider, c.video FROM cameras c WHERE ${area.sql} ORDER BY c.num`,
    )
    .all(...area.args) as CameraRow[];
  if (s.variant.tiles === 'other') return otherCameraLayers(rows);
  const features: LonLatTilePoint[] = rows.map((c) => ({
    id: c.num,
    lon: c.lon,
    lat: c.lat,
    properties: {
      id: c.id,
      description: c.description,
      city: c.city,
      state: c.state,
      country: c.country,
      provider: c.provider,
      video: c.video === 1,
    },
  }));
  return [{ name: 'cameras', features }];
}

/**
 * Another provider's camera tile: still and video cameras in two layers ('points', 'live'),
 * no `id` attribute (the camera is named by `camera_id`), `has_video` as 0/1 and the
 * description as `name`. A client that reads only a layer called 'cameras' draws nothing.
 */
function otherCameraLayers(rows: CameraRow[]): TileLayer[] {
  const feature = (c: CameraRow): LonLatTilePoint => ({
    id: c.num,
    lon: c.lon,
    lat: c.lat,
    properties: {
      camera_id: c.id,
      name: c.description,
      city: c.city,
      state: c.state,
      country: c.country,
      provider: c.provider,
      has_video: c.video === 1 ? 1 : 0,
    },
  });
  return [
    { name: 'points', features: rows.filter((c) => c.video !== 1).map(feature) },
    { name: 'live', features: rows.filter((c) => c.video === 1).map(feature) },
  ];
}
