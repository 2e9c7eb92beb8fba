/** Section 4.3: camera index and show. */
import { type Camera, type FeatureCollection, SEARCH_FILTERS } from '../../shared/api/index.ts';
import { notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import {
  addCameraArea,
  addLocation,
  addTextQuery,
  runAggs,
  Where,
  type AggDef,
  type SearchStore,
} from './common.ts';
import {
  countPoints,
  featurePage,
  readPage,
  readSearch,
  sortTerms,
  type AggKey,
  type SearchShape,
} from './paging.ts';

const SEARCH = {
  resource: 'cameras',
  params: ['q', ...SEARCH_FILTERS.cameras],
  spatial: true,
} satisfies SearchShape<'cameras'>;

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

const AGGS: Record<AggKey<'cameras'>, AggDef> = {
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
  const { r, spatial, page, sort, dir, aggNames } = readSearch(bag, SEARCH);
  const where = new Where();
  addTextQuery(r, where, 'c.num', 'cameras_fts');
  addLocation(r, where, ['country', 'state', 'city', 'provider']);
  addCameraArea(world, spatial, where, 'c.num');

  const from = 'cameras c';
  const st = world.statements;
  const { total, bbox } = countPoints(st, from, where);
  const order = sortTerms(sort, (key) => `c.${key}`, 'c.num', spatial.point);
  const rows = readPage<CameraRow>(st, { columns: COLUMNS, from, where, order }, dir, page, total);
  return featurePage(
    rows.map(cameraFeature),
    total,
    page,
    runAggs(st, from, where, aggNames, AGGS),
    bbox,
  );
}

export function showCamera(world: SearchStore, id: string): Camera {
  const row = world.statements.get(`SELECT ${COLUMNS} FROM cameras c WHERE c.id = ?`).get(id) as
    CameraRow | undefined;
  if (!row) throw notFound('camera', id);
  return cameraFeature(row);
}
