/** Section 4.3: camera index and show. */
import {
  AGG_KEYS,
  PAGE_LIMITS,
  SORT_KEYS,
  type Camera,
  type FeatureCollection,
} from '../../shared/api/index.ts';
import { notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { SearchStore } from './common.ts';
import {
  addCameraArea,
  addLocation,
  ftsQuery,
  orderBy,
  PAGE_PARAMS,
  parseAggs,
  parsePage,
  parseSortDir,
  parseSortKey,
  runAggs,
  Where,
  type AggDef,
} from './common.ts';
import { ParamReader } from './reader.ts';
import { parseSpatial, SPATIAL_PARAMS } from './spatial.ts';

const PARAMS = ['q', ...SPATIAL_PARAMS, ...PAGE_PARAMS, 'country', 'state', 'city', 'provider'];

export interface CameraRow {
  num: number;
  id: string;
  lon: number;
  lat: number;
  country: string;
  state: string;
  city: string;
  provider: string;
  description: string;
  video: number;
}

const COLUMNS =
  'c.num, c.id, c.lon, c.lat, c.country, c.state, c.city, c.provider, c.description, c.video';

const AGGS: Record<(typeof AGG_KEYS.cameras)[number], AggDef> = {
  state: { key: 'c.state' },
  city: { key: 'c.city' },
  country: { key: 'c.country' },
  provider: { key: 'c.provider' },
  region: { key: 'c.region' },
  direction: { key: 'c.direction' },
  video: { key: 'c.video', toKey: (v) => (v === 1 ? 'true' : 'false') },
};

export function cameraFeature(row: CameraRow): Camera {
  return {
    type: 'Feature',
    id: row.id,
    geometry: { type: 'Point', coordinates: [row.lon, row.lat] },
    properties: {
      country: row.country,
      state: row.state,
      city: row.city,
      provider: row.provider,
      description: row.description,
      video: row.video === 1,
    },
  };
}

export function searchCameras(world: SearchStore, bag: ParamBag): FeatureCollection<Camera> {
  const r = new ParamReader(bag, PARAMS);
  const spatial = parseSpatial(r);
  const page = parsePage(r, PAGE_LIMITS.cameras);
  const sort = parseSortKey(r, SORT_KEYS.cameras, spatial.point);
  const dir = parseSortDir(r);
  const aggNames = parseAggs(r, AGG_KEYS.cameras);
  const where = new Where();
  const q = r.string('q');
  if (q !== undefined)
    where.add('c.num IN (SELECT rowid FROM cameras_fts WHERE cameras_fts MATCH ?)', ftsQuery(q));
  addLocation(r, where, ['country', 'state', 'city', 'provider']);
  addCameraArea(world, spatial, where, 'c.num');

  const from = 'cameras c';
  const st = world.statements;
  const summary = st
    .get(
      `SELECT COUNT(*) AS n, MIN(c.lon) AS x0, MIN(c.lat) AS y0, MAX(c.lon) AS x1, MAX(c.lat) AS y1 FROM ${from} ${where.sql}`,
    )
    .get(...where.args) as { n: number; x0: number | null; y0: number; x1: number; y1: number };
  let order: string[];
  const args = [...where.args];
  if (sort === 'distance') {
    order = ['distance_m(c.lon, c.lat, ?, ?)', 'c.num'];
  } else order = sort ? [`c.${sort}`, 'c.num'] : ['c.num'];
  const orderArgs = sort === 'distance' ? [spatial.point![0], spatial.point![1]] : [];
  const rows =
    page.limit === 0 || page.skip >= summary.n
      ? []
      : (st
          .get(
            `SELECT ${COLUMNS} FROM ${from} ${where.sql} ${orderBy(order, dir)} LIMIT ? OFFSET ?`,
          )
          .all(...args, ...orderArgs, page.limit, page.skip) as CameraRow[]);
  return {
    type: 'FeatureCollection',
    ...(summary.x0 === null
      ? {}
      : {
          bbox: [summary.x0, summary.y0, summary.x1, summary.y1] as [
            number,
            number,
            number,
            number,
          ],
        }),
    features: rows.map(cameraFeature),
    properties: {
      total: summary.n,
      skip: page.skip,
      limit: page.limit,
      aggs: runAggs(st, from, where, aggNames, AGGS),
    },
  };
}

export function showCamera(world: SearchStore, id: string): Camera {
  const row = world.statements.get(`SELECT ${COLUMNS} FROM cameras c WHERE c.id = ?`).get(id) as
    CameraRow | undefined;
  if (!row) throw notFound('camera', id);
  return cameraFeature(row);
}
