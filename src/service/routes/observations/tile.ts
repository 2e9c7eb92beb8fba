/**
 * Section 4.2 Tile: current observations (the latest ten-minute mark) as a Mapbox Vector
 * Tile (extent 512), layer "observations"; the variant `tiles: 'other'` names and fills it
 * as another provider might (see otherObservationLayers).
 */
import type { ServiceContext } from '../../context.ts';
import type { RequestContext } from '../../http/router.ts';
import { encodeTile, type TileLayer, type TilePoint } from '../../media/mvt.ts';
import { observationId } from '../../search/observations.ts';
import { ParamReader } from '../../search/reader.ts';
import { isoSeconds } from '../../search/times.ts';
import { inTile, TILE_TYPE, tileAddress } from '../tiles.ts';

interface ObservationRow {
  num: number;
  id: string;
  lon: number;
  lat: number;
  description: string;
  city: string;
  state: string;
  country: string;
  time: number;
  rw: number;
  vis: number;
  pr: number;
}

export function observationTile(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['sort_dir']);
  const dir = r.oneOf('sort_dir', ['asc', 'desc'] as const) ?? 'asc';
  const tile = tileAddress(ctx);
  const area = inTile(tile);
  const rows = s.world.db
    .prepare(
      `SELECT c.num, c.id, c.lon, c.lat, c.description, c.city, c.state, c.country, o.time, o.rw, o.vis, o.pr
       FROM observations o JOIN cameras c ON c.num = o.camera
       WHERE o.time = ? AND ${area.sql} ORDER BY o.time ${dir}, c.id ${dir}`,
    )
    .all(s.world.lastSlot, ...area.args) as ObservationRow[];
  if (s.variant.tiles === 'other') {
    return {
      body: Buffer.from(encodeTile(tile, otherObservationLayers(rows))),
      contentType: TILE_TYPE,
    };
  }
  const features: TilePoint[] = rows.map((o) => ({
    id: o.num,
    lon: o.lon,
    lat: o.lat,
    properties: {
      id: observationId(o.id, o.time),
      camera_id: o.id,
      time: isoSeconds(o.time),
      description: o.description,
      city: o.city,
      state: o.state,
      country: o.country,
      'sensor.road_weather': o.rw,
      'sensor.visibility': o.vis / 10,
      'sensor.precip': o.pr,
    },
  }));
  return {
    body: Buffer.from(encodeTile(tile, [{ name: 'observations', features }])),
    contentType: TILE_TYPE,
  };
}

/**
 * Another provider's observation tile: one layer called 'default', no observation id (the
 * camera id and the time name it), sensor values under their plain names.
 */
function otherObservationLayers(rows: ObservationRow[]): TileLayer[] {
  const features = rows.map((o): TilePoint => ({
    id: o.num,
    lon: o.lon,
    lat: o.lat,
    properties: {
      camera_id: o.id,
      time: isoSeconds(o.time),
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
