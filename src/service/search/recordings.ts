/**
 * Section 4.4: recording index and show. Recordings created more than 90 days ago have
 * expired: they are never found or shown (404), and the world removes them.
 */
import {
  AGG_KEYS,
  PAGE_LIMITS,
  RECORDING_STATUSES,
  RESOURCE_LIFETIME_DAYS,
  SORT_KEYS,
  type FeatureCollection,
  type Recording,
  type RecordingFormat,
  type RecordingStatus,
} from '../../shared/api/index.ts';
import { notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { SearchStore } from './common.ts';
import {
  addCameraArea,
  addLocation,
  orderBy,
  PAGE_PARAMS,
  parseAggs,
  parsePage,
  parseSortDir,
  parseSortKey,
  runAggs,
  Where,
  ftsQuery,
  type AggDef,
} from './common.ts';
import { checkRange, ParamReader } from './reader.ts';
import { parseSpatial, SPATIAL_PARAMS } from './spatial.ts';
import { isoSeconds, readBounds } from './times.ts';
import { invalidParameter } from '../http/errors.ts';

const PARAMS = [
  'q',
  ...SPATIAL_PARAMS,
  ...PAGE_PARAMS,
  'country',
  'state',
  'city',
  'camera_id',
  'status',
  'duration_min',
  'duration_max',
  'start_min',
  'start_max',
  'stop_min',
  'stop_max',
];

interface Row {
  id: string;
  camera_id: string;
  lon: number;
  lat: number;
  country: string;
  state: string;
  region: string;
  city: string;
  description: string;
  status: RecordingStatus;
  duration: number;
  rate: number;
  start: number;
  stop: number;
  tags: string;
  formats: string;
  created_at: number;
}

const COLUMNS = `r.id, c.id AS camera_id, c.lon, c.lat, c.country, c.state, c.region, c.city, c.description,
  r.status, r.duration, r.rate, r.start, r.stop, r.tags, r.formats, r.created_at`;
const FROM = 'recordings r JOIN cameras c ON c.num = r.camera';

const AGGS: Record<(typeof AGG_KEYS.recordings)[number], AggDef> = {
  state: { key: 'c.state' },
  city: { key: 'c.city' },
  country: { key: 'c.country' },
  region: { key: 'c.region' },
  status: { key: 'r.status' },
  camera_id: { key: 'c.id' },
  tags: { key: 't.tag', join: 'JOIN recording_tags t ON t.recording = r.num' },
};

const SORT_COLUMNS: Record<Exclude<(typeof SORT_KEYS.recordings)[number], 'distance'>, string> = {
  country: 'c.country',
  state: 'c.state',
  city: 'c.city',
  status: 'r.status',
  duration: 'r.duration',
  start: 'r.start',
  stop: 'r.stop',
};

function feature(row: Row): Recording {
  return {
    type: 'Feature',
    id: row.id,
    geometry: { type: 'Point', coordinates: [row.lon, row.lat] },
    properties: {
      camera_id: row.camera_id,
      country: row.country,
      state: row.state,
      region: row.region,
      city: row.city,
      description: row.description,
      status: row.status,
      duration: row.duration,
      rate: row.rate,
      start: isoSeconds(row.start),
      stop: isoSeconds(row.stop),
      tags: JSON.parse(row.tags) as string[],
      created_at: isoSeconds(row.created_at),
      formats: JSON.parse(row.formats) as RecordingFormat[],
    },
  };
}

export function expiryCutoff(nowS: number): number {
  return nowS - RESOURCE_LIFETIME_DAYS * 86400;
}

export function searchRecordings(
  world: SearchStore,
  bag: ParamBag,
  nowS: number,
): FeatureCollection<Recording> {
  const r = new ParamReader(bag, PARAMS);
  const spatial = parseSpatial(r);
  const page = parsePage(r, PAGE_LIMITS.recordings);
  const sort = parseSortKey(r, SORT_KEYS.recordings, spatial.point);
  const dir = parseSortDir(r);
  const aggNames = parseAggs(r, AGG_KEYS.recordings);
  const where = new Where().add('r.created_at > ?', expiryCutoff(nowS));
  const q = r.string('q');
  if (q !== undefined)
    where.add(
      'r.num IN (SELECT rowid FROM recordings_fts WHERE recordings_fts MATCH ?)',
      ftsQuery(q),
    );
  addLocation(r, where, ['country', 'state', 'city']);
  const cameraIds = r.strings('camera_id');
  if (cameraIds) where.in('c.id', cameraIds);
  const statuses = r.commaList('status');
  if (statuses) {
    const bad = statuses.find(
      (s) => !(RECORDING_STATUSES as readonly string[]).includes(s.toLowerCase()),
    );
    if (bad)
      throw invalidParameter(
        'status',
        `status must be one of ${RECORDING_STATUSES.join(', ')}; got "${bad}".`,
      );
    where.in('r.status', statuses);
  }
  const dMin = r.int('duration_min', { min: 0 });
  const dMax = r.int('duration_max', { min: 0 });
  checkRange('duration_min', dMin, dMax);
  if (dMin !== undefined) where.add('r.duration >= ?', dMin);
  if (dMax !== undefined) where.add('r.duration <= ?', dMax);
  for (const field of ['start', 'stop'] as const) {
    const b = readBounds(r, `${field}_min`, `${field}_max`);
    checkRange(`${field}_min`, b.min, b.max);
    if (b.min !== undefined) where.add(`r.${field} >= ?`, b.min);
    if (b.max !== undefined) where.add(`r.${field} <= ?`, b.max);
  }
  addCameraArea(world, spatial, where, 'c.num');

  const st = world.statements;
  const summary = st
    .get(
      `SELECT COUNT(*) AS n, MIN(c.lon) AS x0, MIN(c.lat) AS y0, MAX(c.lon) AS x1, MAX(c.lat) AS y1 FROM ${FROM} ${where.sql}`,
    )
    .get(...where.args) as { n: number; x0: number | null; y0: number; x1: number; y1: number };
  let order: string[];
  let orderArgs: number[] = [];
  if (sort === 'distance') {
    order = ['distance_m(c.lon, c.lat, ?, ?)', 'r.id'];
    orderArgs = [spatial.point![0], spatial.point![1]];
  } else order = sort ? [SORT_COLUMNS[sort], 'r.id'] : ['r.id'];
  const rows =
    page.limit === 0 || page.skip >= summary.n
      ? []
      : (st
          .get(
            `SELECT ${COLUMNS} FROM ${FROM} ${where.sql} ${orderBy(order, dir)} LIMIT ? OFFSET ?`,
          )
          .all(...where.args, ...orderArgs, page.limit, page.skip) as Row[]);
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
    features: rows.map(feature),
    properties: {
      total: summary.n,
      skip: page.skip,
      limit: page.limit,
      aggs: runAggs(st, FROM, where, aggNames, AGGS),
    },
  };
}

export function showRecording(world: SearchStore, id: string, nowS: number): Recording {
  const row = world.statements
    .get(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ? AND r.created_at > ?`)
    .get(id, expiryCutoff(nowS)) as Row | undefined;
  if (!row) throw notFound('recording', id);
  return feature(row);
}
