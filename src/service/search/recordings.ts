/**
 * Section 4.4: recording index and show. Recordings created more than 90 days ago have
 * expired: they are never found or shown (404), and the world removes them.
 */
import {
  RECORDING_STATUSES,
  RESOURCE_LIFETIME_DAYS,
  type FeatureCollection,
  type Recording,
  type RecordingFormat,
  type RecordingStatus,
} from '../../shared/api/index.ts';
import { invalidParameter, notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import {
  addAnyOf,
  addCameraArea,
  addLocation,
  addRange,
  addTextQuery,
  addTimeRanges,
  Where,
  type SearchStore,
} from './common.ts';
import { featurePage, readSearch, searchTable, type Table } from './paging.ts';
import { isoFromSeconds } from './times.ts';

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

const TABLE: Table<'recordings'> = {
  columns: COLUMNS,
  from: FROM,
  areaFirst: 'cameras c CROSS JOIN recordings r ON c.num = r.camera',
  sortColumns: {
    country: 'c.country',
    state: 'c.state',
    city: 'c.city',
    status: 'r.status',
    duration: 'r.duration',
    start: 'r.start',
    stop: 'r.stop',
  },
  tieBreaker: 'r.id',
  rowid: 'r.num',
  aggs: {
    state: { key: 'c.state' },
    city: { key: 'c.city' },
    country: { key: 'c.country' },
    region: { key: 'c.region' },
    status: { key: 'r.status' },
    camera_id: { key: 'c.id' },
    tags: { key: 't.tag', join: 'JOIN recording_tags t ON t.recording = r.num' },
  },
  points: true,
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
      start: isoFromSeconds(row.start),
      stop: isoFromSeconds(row.stop),
      tags: JSON.parse(row.tags) as string[],
      created_at: isoFromSeconds(row.created_at),
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
  const request = readSearch(bag, 'recordings');
  const r = request.r;
  const where = new Where().add('r.created_at > ?', expiryCutoff(nowS));
  addTextQuery(r, where, 'r.num', 'recordings_fts');
  addLocation(r, where, ['country', 'state', 'city']);
  addAnyOf(r, where, 'camera_id', 'c.id');
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
  addRange(where, 'r.duration', 'duration_min', {
    min: r.int('duration_min', { min: 0 }),
    max: r.int('duration_max', { min: 0 }),
  });
  addTimeRanges(r, where, 'r', ['start', 'stop']);
  addCameraArea(world, request.spatial, where, 'c.num');
  const found = searchTable<'recordings', Row>(world.statements, TABLE, where, request);
  return featurePage(found.rows.map(feature), found, request.page);
}

export function showRecording(world: SearchStore, id: string, nowS: number): Recording {
  const row = world.statements
    .get(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ? AND r.created_at > ?`)
    .get(id, expiryCutoff(nowS)) as Row | undefined;
  if (!row) throw notFound('recording', id);
  return feature(row);
}
