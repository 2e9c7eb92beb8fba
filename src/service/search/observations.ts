/** Section 4.2: observation search and show. */
import {
  AGG_KEYS,
  PAGE_LIMITS,
  SORT_KEYS,
  type FeatureCollection,
  type Observation,
} from '../../shared/api/index.ts';
import type { SensorReading } from '../../shared/api/index.ts';
import { haversineMeters, type LonLat } from '../../shared/geo.ts';
import { invalidParameter, notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { World } from '../world/world.ts';
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
import { checkRange, ParamReader } from './reader.ts';
import { addSensorFilters } from './sensors.ts';
import { parseSpatial, SPATIAL_PARAMS } from './spatial.ts';
import { isoSeconds, parseInstant, parseTimeOfDay } from './times.ts';

const PARAMS = [
  'q',
  ...SPATIAL_PARAMS,
  ...PAGE_PARAMS,
  'sensors',
  'time_min',
  'time_max',
  'date_min',
  'date_max',
  'country',
  'state',
  'city',
  'camera_id',
];

interface Row {
  camera_id: string;
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
  prev_rw: number | null;
  prev_vis: number | null;
  prev_pr: number | null;
}

const COLUMNS =
  'c.id AS camera_id, c.lon, c.lat, c.description, c.city, c.state, c.country, o.time, o.rw, o.vis, o.pr, o.prev_rw, o.prev_vis, o.prev_pr';
const FROM = 'observations o JOIN cameras c ON c.num = o.camera';

const value = (v: unknown): number => v as number;
const AGGS: Record<(typeof AGG_KEYS.observations)[number], AggDef> = {
  state: { key: 'c.state' },
  city: { key: 'c.city' },
  country: { key: 'c.country' },
  camera_id: { key: 'c.id' },
  time: { key: 'o.time', order: 'ORDER BY n DESC, k DESC', toKey: (v) => isoSeconds(v as number) },
  'sensors.road_weather': { key: 'o.rw', toKey: value },
  'sensors.visibility': { key: 'o.vis', toKey: (v) => (v as number) / 10 },
  'sensors.precip': { key: 'o.pr', toKey: value },
  'sensors.road_weather.prev': { key: 'o.prev_rw', toKey: value },
  'sensors.visibility.prev': { key: 'o.prev_vis', toKey: (v) => (v as number) / 10 },
  'sensors.precip.prev': { key: 'o.prev_pr', toKey: value },
};

/** "US-CO-000042_20261121T1020Z": camera id, underscore, observation time (UTC). */
export function observationId(cameraId: string, time: number): string {
  const iso = new Date(time * 1000).toISOString();
  return `${cameraId}_${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}

function parseObservationId(id: string): { cameraId: string; time: number } | undefined {
  const m = /^(.+)_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/.exec(id);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[2]), Number(m[3]) - 1, Number(m[4]), Number(m[5]), Number(m[6]));
  return Number.isFinite(ms) ? { cameraId: m[1]!, time: ms / 1000 } : undefined;
}

function reading(data: number, prev: number | null, scale: number): SensorReading {
  return prev === null ? { data: data / scale } : { data: data / scale, prev: prev / scale };
}

function feature(row: Row): Observation {
  return {
    type: 'Feature',
    id: observationId(row.camera_id, row.time),
    geometry: { type: 'Point', coordinates: [row.lon, row.lat] },
    properties: {
      camera_id: row.camera_id,
      prev_id: row.prev_rw === null ? null : observationId(row.camera_id, row.time - 600),
      description: row.description,
      city: row.city,
      state: row.state,
      country: row.country,
      time: isoSeconds(row.time),
      sensors: {
        road_weather: reading(row.rw, row.prev_rw, 1),
        visibility: reading(row.vis, row.prev_vis, 10),
        precip: reading(row.pr, row.prev_pr, 1),
      },
    },
  };
}

function addTimes(r: ParamReader, where: Where): void {
  const tod: { min?: number; max?: number } = {};
  for (const bound of ['min', 'max'] as const) {
    const name = `time_${bound}`;
    const text = r.string(name);
    if (text === undefined) continue;
    const t = parseTimeOfDay(name, text);
    if (t !== undefined) tod[bound] = bound === 'max' && !/:\d{2}:\d{2}/.test(text) ? t + 59 : t;
    else
      where.add(
        `o.time ${bound === 'min' ? '>=' : '<='} ?`,
        parseInstant(name, text, bound === 'max'),
      );
  }
  if (tod.min !== undefined && tod.max !== undefined && tod.min > tod.max) {
    where.add('(o.time % 86400 >= ? OR o.time % 86400 <= ?)', tod.min, tod.max); // wraps past midnight
  } else {
    if (tod.min !== undefined) where.add('o.time % 86400 >= ?', tod.min);
    if (tod.max !== undefined) where.add('o.time % 86400 <= ?', tod.max);
  }
  const dates: { min?: number; max?: number } = {};
  for (const bound of ['min', 'max'] as const) {
    const name = `date_${bound}`;
    const text = r.string(name);
    if (text === undefined) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim()))
      throw invalidParameter(name, `${name} must be a date, yyyy-mm-dd (UTC).`);
    dates[bound] = parseInstant(name, text, bound === 'max');
    where.add(`o.time ${bound === 'min' ? '>=' : '<='} ?`, dates[bound]);
  }
  checkRange('date_min', dates.min, dates.max);
}

export function searchObservations(world: World, bag: ParamBag): FeatureCollection<Observation> {
  const r = new ParamReader(bag, PARAMS);
  const spatial = parseSpatial(r);
  const page = parsePage(r, PAGE_LIMITS.observations);
  const sort = parseSortKey(r, SORT_KEYS.observations, spatial.point);
  const dir = parseSortDir(r);
  const aggNames = parseAggs(r, AGG_KEYS.observations);
  const where = new Where();
  const cameraWhere = new Where();
  const q = r.string('q');
  if (q !== undefined)
    cameraWhere.add(
      'c.num IN (SELECT rowid FROM cameras_fts WHERE cameras_fts MATCH ?)',
      ftsQuery(q),
    );
  addLocation(r, cameraWhere, ['country', 'state', 'city']);
  const cameraIds = r.strings('camera_id');
  if (cameraIds) cameraWhere.in('c.id', cameraIds);
  addCameraArea(world, spatial, cameraWhere, 'c.num');
  let nums: number[] | undefined;
  if (cameraWhere.parts.length > 0) {
    // Resolve the camera conditions first: the observation scan then walks its primary key.
    nums = world.statements
      .get(`SELECT c.num FROM cameras c ${cameraWhere.sql}`)
      .pluck()
      .all(...cameraWhere.args) as number[];
    where.add('o.camera IN (SELECT value FROM json_each(?))', JSON.stringify(nums));
  }
  addTimes(r, where);
  const sensors = r.nested('sensors');
  if (sensors) addSensorFilters(sensors, where);

  const st = world.statements;
  const total =
    (st
      .get(`SELECT COUNT(*) FROM observations o ${where.sql}`)
      .pluck()
      .get(...where.args) as number) ?? 0;
  let rows: Row[] = [];
  if (page.limit > 0 && page.skip < total) {
    if (sort === 'distance') {
      // Distance depends on the camera only: rank the cameras once, then walk each camera's
      // observations in time order; no per-row distance and no sort of the whole result.
      const ranked = rankByDistance(world, nums ?? [], spatial.point!, dir);
      const sql = `SELECT ${COLUMNS} FROM json_each(?) d JOIN ${FROM.replace('observations o JOIN', 'observations o ON o.camera = d.value JOIN')} ${where.sql} ORDER BY d.key, o.time${dir === 'desc' ? ' DESC' : ''} LIMIT ? OFFSET ?`;
      rows = st.get(sql).all(JSON.stringify(ranked), ...where.args, page.limit, page.skip) as Row[];
    } else {
      let order: string[];
      if (sort === 'time') order = ['o.time', 'o.camera'];
      else if (sort) order = [`c.${sort}`, 'o.camera', 'o.time'];
      else order = ['o.camera', 'o.time'];
      rows = st
        .get(`SELECT ${COLUMNS} FROM ${FROM} ${where.sql} ${orderBy(order, dir)} LIMIT ? OFFSET ?`)
        .all(...where.args, page.limit, page.skip) as Row[];
    }
  }
  return {
    type: 'FeatureCollection',
    features: rows.map(feature),
    properties: {
      total,
      skip: page.skip,
      limit: page.limit,
      aggs: runAggs(st, FROM, where, aggNames, AGGS),
    },
  };
}

/** Camera nums by distance from the point, ties by camera; reversed for descending order. */
function rankByDistance(
  world: World,
  nums: number[],
  point: LonLat,
  dir: 'asc' | 'desc',
): number[] {
  const points = world.cameraPoints();
  const d = new Map(
    nums.map((n) => [n, haversineMeters(point, [points[n - 1]!.lon, points[n - 1]!.lat])]),
  );
  const ranked = [...nums].sort((a, b) => d.get(a)! - d.get(b)! || a - b);
  return dir === 'desc' ? ranked.reverse() : ranked;
}

export function showObservation(world: World, id: string): Observation {
  const parsed = parseObservationId(id);
  const row = parsed
    ? (world.statements
        .get(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = ? AND o.time = ?`)
        .get(parsed.cameraId, parsed.time) as Row | undefined)
    : undefined;
  if (!row) throw notFound('observation', id);
  return feature(row);
}
