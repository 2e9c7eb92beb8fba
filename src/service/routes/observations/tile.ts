/**
 * Section 4.2 Tile: current observations (the latest ten-minute mark) as a Mapbox Vector
 * Tile (extent 512), layer "observations"; the variant `tiles: 'other'` names and fills it
 * as another provider might (see otherObservationLayers).
 */
import type { ServiceContext } from '../../context.ts';
import type { RequestContext } from '../../http/router.ts';
import {
  encodeTile,
  type TileAddress,
  type TileLayer,
  type LonLatTilePoint,
} from '../../media/mvt.ts';
import { observationId } from '../../search/observations.ts';
import { ParamReader } from '../../search/reader.ts';
import { isoFromSeconds } from '../../search/times.ts';
import { inTile, TILE_TYPE, readTileAddress } from '../tiles.ts';
import { cachedTile } from '../tileCache.ts';
import { markProperties, rowsAtMark, type MarkRow } from './rows.ts';

export function observationTile(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['sort_dir']);
  const dir = r.oneOf('sort_dir', ['asc', 'desc'] as const) ?? 'asc';
  const tile = readTileAddress(ctx);
  const body = cachedTile(s, 'observations', tile, dir, () =>
    encodeTile(tile, observationLayers(s, tile, dir)),
  );
  return { body, contentType: TILE_TYPE };
}

function observationLayers(s: ServiceContext, tile: TileAddress, dir: 'asc' | 'desc'): TileLayer[] {
  const rows = rowsAtMark(s, s.world.lastSlot, inTile(tile), `o.time ${dir}, c.id ${dir}`);
  if (s.variant.tiles === 'other') return otherObservationLayers(rows);
  const features: LonLatTilePoint[] = rows.map((o) => ({
    id: o.num,
    lon: o.lon,
    lat: o.lat,
    properties: { id: observationId(o.id, o.time), ...markProperties(o) },
  }));
  return [{ name: 'observations', features }];
}

/**
 * Another provider's observation tile: one layer called 'default', no observation id (the
 * camera id and the time name it), sensor values under their plain names.
 */
function otherObservationLayers(rows: MarkRow[]): TileLayer[] {
  const features = rows.map((o): LonLatTilePoint => ({
    id: o.num,
    lon: o.lon,
    lat: o.lat,
    properties: {
      camera_id: o.id,
      time: isoFromSeconds(o.time),
      name: o.description,
      city: o.city,
      state: o.state,
      country: o.country,
      road_weather: o.rw,
      visibility: o.vis / 10,
      precip: o.pr,
    },
  }));
  return [{ name: 'default', features }];
}
