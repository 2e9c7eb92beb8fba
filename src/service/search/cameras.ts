/** Section 4.3: camera index and show. */
import type { Camera, FeatureCollection } from '../../shared/api/index.ts';
import { notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import { addCameraArea, addLocation, addTextQuery, Where, type SearchStore } from './common.ts';
import { featurePage, readSearch, searchTable, type Table } from './paging.ts';

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

const TABLE: Table<'cameras'> = {
  columns: COLUMNS,
  from: 'cameras c',
  sortColumns: {
    city: 'c.city',
    region: 'c.region',
    state: 'c.state',
    country: 'c.country',
    direction: 'c.direction',
  },
  tieBreaker: 'c.num',
  rowid: 'c.num',
  aggs: {
    state: { key: 'c.state' },
    city: { key: 'c.city' },
    country: { key: 'c.country' },
    provider: { key: 'c.provider' },
    region: { key: 'c.region' },
    direction: { key: 'c.direction' },
    video: { key: 'c.video', toKey: (v) => (v === 1 ? 'true' : 'false') },
  },
  points: true,
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
  const request = readSearch(bag, 'cameras');
  const r = request.r;
  const where = new Where();
  addTextQuery(r, where, 'c.num', 'cameras_fts');
  addLocation(r, where, ['country', 'state', 'city', 'provider']);
  addCameraArea(world, request.spatial, where, 'c.num');
  const found = searchTable<'cameras', CameraRow>(world.statements, TABLE, where, request);
  return featurePage(found.rows.map(cameraFeature), found, request.page);
}

export function showCamera(world: SearchStore, id: string): Camera {
  const row = world.statements.get(`SELECT ${COLUMNS} FROM cameras c WHERE c.id = ?`).get(id) as
    CameraRow | undefined;
  if (!row) throw notFound('camera', id);
  return cameraFeature(row);
}
