/**
 * Section 4.2 and 4.3 Tile: Mapbox Vector Tiles (extent 512) of current observations (layer
 * "observations", the latest ten-minute mark) and of cameras (layer "cameras"). Layer names
 * and attributes are "not shown": ours are documented in docs/service.md; the variant
 * `tiles: 'other'` names and fills them as another provider might (see `otherCameraLayers`).
 */
import type { ServiceContext } from '../context.ts';
import { invalidParameter } from '../http/errors.ts';
import type { RequestContext, Router } from '../http/router.ts';
import {
  encodeTile,
  isValidTile,
  tileBbox,
  type TileAddress,
  type TileLayer,
  type TilePoint,
} from '../media/mvt.ts';
import { observationId } from '../search/observations.ts';
import { ParamReader } from '../search/reader.ts';
import { isoSeconds } from '../search/times.ts';

const TILE_TYPE = 'application/x-protobuf';

function address(ctx: RequestContext): TileAddress {
  const [z, x, y] = ['z', 'x', 'y'].map((k) => {
    const v = ctx.pathParams[k]!;
    if (!/^\d{1,8}$/.test(v))
      throw invalidParameter(
        k,
        `${k} must be a whole number in the tile path /{z}/{x}/{y}.mvt, not "${v}".`,
      );
    return Number(v);
  }) as [number, number, number];
  const tile = { z, x, y };
  if (!isValidTile(tile))
    throw invalidParameter(
      'z',
      `There is no tile ${z}/${x}/${y}: z is 0 to 24 and x, y are below 2^z.`,
    );
  return tile;
}

/** Cameras in the tile's box (with its buffer), through the R*Tree. */
function inTile(tile: TileAddress): { sql: string; args: number[] } {
  const [w, s, e, n] = tileBbox(tile);
  return {
    sql: 'c.num IN (SELECT num FROM cameras_rtree WHERE min_lon <= ? AND max_lon >= ? AND min_lat <= ? AND max_lat >= ?)',
    args: [e, w, n, s],
  };
}

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

function observationTile(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['sort_dir']);
  const dir = r.oneOf('sort_dir', ['asc', 'desc'] as const) ?? 'asc';
  const tile = address(ctx);
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

interface CameraRow {
  num: number;
  id: string;
  lon: number;
  lat: number;
  description: string;
  city: string;
  state: string;
  country: string;
  provider: string;
  video: number;
}

function cameraTile(s: ServiceContext, ctx: RequestContext) {
  new ParamReader(ctx.params, []);
  const tile = address(ctx);
  const area = inTile(tile);
  const rows = s.world.db
    .prepare(
      `SELECT c.num, c.id, c.lon, c.lat, c.description, c.city, c.state, c.country, c.provider, c.video FROM cameras c WHERE ${area.sql} ORDER BY c.id`,
    )
    .all(...area.args) as CameraRow[];
  if (s.variant.tiles === 'other') {
    return { body: Buffer.from(encodeTile(tile, otherCameraLayers(rows))), contentType: TILE_TYPE };
  }
  const features: TilePoint[] = rows.map((c) => ({
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
  return {
    body: Buffer.from(encodeTile(tile, [{ name: 'cameras', features }])),
    contentType: TILE_TYPE,
  };
}

/**
 * Another provider's camera tile: still and video cameras in two layers ('points', 'live'),
 * no `id` attribute (the camera is named by `camera_id`), `has_video` as 0/1 and the
 * description as `name`. A client that reads only a layer called 'cameras' draws nothing.
 */
function otherCameraLayers(rows: CameraRow[]): TileLayer[] {
  const feature = (c: CameraRow): TilePoint => ({
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

export function registerTileRoutes(router: Router, s: ServiceContext): void {
  router.get('/v1/observations/:z/:x/:y.mvt', (ctx) => observationTile(s, ctx));
  router.get('/v1/cameras/:z/:x/:y.mvt', (ctx) => cameraTile(s, ctx));
}
