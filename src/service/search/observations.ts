/** Section 4.2: observation search and show. */
import {
  type FeatureCollection,
  type Observation,
  type SensorReading,
} from '../../shared/api/index.ts';
import { haversineMeters, type LonLat } from '../../shared/geo.ts';
import { invalidParameter, notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import {
  addAnyOf,
  addCameraArea,
  addLocation,
  addTextQuery,
  Where,
  type AggDef,
  type SearchStore,
} from './common.ts';
import {
  cameraOrder,
  countsPerCamera,
  countTotal,
  fullWhere,
  observationAggs,
  OBSERVATIONS_FROM,
  pagePieces,
  readPieces,
  type ObservationQuery,
} from './observation-pages.ts';
import { featurePage, readPage, readSearch, type AggKey } from './paging.ts';
import { checkRange, type ParamReader } from './reader.ts';
import { addSensorFilters } from './sensors.ts';
import { withTextSet } from './text-sets.ts';
import { isoFromSeconds, parseInstant, parseTimeOfDay } from './times.ts';

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

const value = (v: unknown): number => v as number;
const AGGS: Record<AggKey<'observations'>, AggDef> = {
  state: { key: 'c.state' },
  city: { key: 'c.city' },
  country: { key: 'c.country' },
  camera_id: { key: 'c.id' },
  time: {
    key: 'o.time',
    order: 'ORDER BY n DESC, k DESC',
    toKey: (v) => isoFromSeconds(v as number),
  },
  'sensors.road_weather': { key: 'o.rw', toKey: value },
  'sensors.visibility': { key: 'o.vis', toKey: (v) => (v as number) / 10 },
  'sensors.precip': { key: 'o.pr', toKey: value },
  'sensors.road_weather.prev': { key: 'o.prev_rw', toKey: value },
  'sensors.visibility.prev': { key: 'o.prev_vis', toKey: (v) => (v as number) / 10 },
  'sensors.precip.prev': { key: 'o.prev_pr', toKey: value },
};

/**
 * The two spellings of an observation time, remembered: a page of 100 features repeats a
 * few hundred ten-minute marks, and formatting dates was a tenth of a search's time.
 */
const stamps = new Map<number, { iso: string; compact: string }>();
function stamp(time: number): { iso: string; compact: string } {
  let s = stamps.get(time);
  if (!s) {
    const iso = new Date(time * 1000).toISOString();
    s = {
      iso: iso.replace('.000Z', 'Z'),
      compact: `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`,
    };
    if (stamps.size >= 4096) stamps.clear();
    stamps.set(time, s);
  }
  return s;
}

/** "US-CO-000042_20261121T1020Z": camera id, underscore, observation time (UTC). */
export function observationId(cameraId: string, time: number): string {
  return `${cameraId}_${stamp(time).compact}`;
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
      time: stamp(row.time).iso,
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

export function searchObservations(
  world: SearchStore,
  bag: ParamBag,
): FeatureCollection<Observation> {
  const { r, spatial, page, sort, dir, aggNames } = readSearch(bag, 'observations');
  const cameraWhere = new Where();
  addTextQuery(r, cameraWhere, 'c.num', 'cameras_fts');
  addLocation(r, cameraWhere, ['country', 'state', 'city']);
  addAnyOf(r, cameraWhere, 'camera_id', 'c.id');
  addCameraArea(world, spatial, cameraWhere, 'c.num');
  const st = world.statements;
  // Camera conditions are resolved first: the observations are then read camera by camera.
  const cameras = withTextSet(st, { from: 'cameras c' }, cameraWhere).where;
  const nums =
    cameras.parts.length > 0
      ? (st
          .get(`SELECT c.num FROM cameras c ${cameras.sql} ORDER BY c.num`)
          .pluck()
          .all(...cameras.args) as number[])
      : undefined;
  const rows = new Where();
  addTimes(r, rows);
  const timed = rows.parts.length > 0;
  const sensors = r.nested('sensors');
  if (sensors) addSensorFilters(sensors, rows);
  const query: ObservationQuery = { nums, rows, timed };

  // sort=time is not camera-major: it needs the total only.
  const counts = sort === 'time' ? undefined : countsPerCamera(st, query);
  let total = 0;
  if (counts) for (const n of counts.values()) total += n;
  else total = countTotal(st, query);
  let found: Row[] = [];
  if (page.limit > 0 && page.skip < total) {
    if (counts && sort !== 'time') {
      const order =
        sort === 'distance'
          ? rankByDistance(world, [...counts.keys()], spatial.point!, dir)
          : cameraOrder(st, counts, sort, dir);
      found = readPieces<Row>(st, COLUMNS, query, pagePieces(order, counts, page), dir);
    } else {
      // sort=time, or a time bound on every camera: the (time, camera) index and OFFSET.
      let exprs: string[];
      if (sort === 'time') exprs = ['o.time', 'o.camera'];
      else if (sort) exprs = [`c.${sort}`, 'o.camera', 'o.time'];
      else exprs = ['o.camera', 'o.time'];
      const q = {
        columns: COLUMNS,
        from: OBSERVATIONS_FROM,
        where: fullWhere(query),
        order: { exprs, args: [] },
      };
      found = readPage<Row>(st, q, dir, page, total);
    }
  }
  const aggs = observationAggs(st, query, aggNames, AGGS);
  return featurePage(found.map(feature), { total, aggs }, page);
}

/** Camera nums by distance from the point, ties by camera; reversed for descending order. */
function rankByDistance(
  world: SearchStore,
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

export function showObservation(world: SearchStore, id: string): Observation {
  const parsed = parseObservationId(id);
  const row = parsed
    ? (world.statements
        .get(`SELECT ${COLUMNS} FROM ${OBSERVATIONS_FROM} WHERE c.id = ? AND o.time = ?`)
        .get(parsed.cameraId, parsed.time) as Row | undefined)
    : undefined;
  if (!row) throw notFound('observation', id);
  return feature(row);
}
