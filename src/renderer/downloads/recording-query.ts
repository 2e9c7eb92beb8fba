/**
 * The recording search form's fields, as typed, and the query they make (interface 4.4). Times are
 * typed and sent as UTC, so a search means the same on every machine.
 */
import { t } from '../lib/words.svelte.ts';
import { RECORDING_STATUSES, type RecordingStatus } from '../../shared/api/index.ts';
import type { RecordingSearch } from '../../shared/ipc/searches.ts';
import { areaQuery, emptyArea, type AreaFields } from './recording-area.ts';

export interface RecordingFilters extends AreaFields {
  q: string;
  country: string;
  state: string;
  city: string;
  cameraId: string;
  /** '' for any status. */
  status: RecordingStatus | '';
  /** `datetime-local` values, read as UTC. */
  startMin: string;
  startMax: string;
  stopMin: string;
  stopMax: string;
  minMinutes: number | null;
  maxMinutes: number | null;
  /** "minLon,minLat,maxLon,maxLat". */
  bbox: string;
  /** "lat,lon" and kilometers. */
  near: string;
  radiusKm: number | null;
}

export const STATUS_CHOICES = ['', ...RECORDING_STATUSES] as const;

export function emptyFilters(): RecordingFilters {
  return {
    ...{ q: '', country: '', state: '', city: '', cameraId: '', status: 'complete' },
    ...{ startMin: '', startMax: '', stopMin: '', stopMax: '' },
    ...{ minMinutes: null, maxMinutes: null, bbox: '', near: '', radiusKm: null },
    ...emptyArea(),
  };
}

/** The query of the fields; throws with what to fix when a field does not read. */
export function recordingQuery(f: RecordingFilters): RecordingSearch {
  const out: RecordingSearch = {};
  const text = { q: f.q, country: f.country, state: f.state, city: f.city, camera_id: f.cameraId };
  for (const [key, value] of Object.entries(text)) {
    if (value.trim()) out[key as keyof typeof text] = value.trim();
  }
  if (f.status) out.status = f.status;
  const times = { start_min: f.startMin, start_max: f.startMax, stop_min: f.stopMin };
  for (const [key, value] of Object.entries({ ...times, stop_max: f.stopMax })) {
    if (value) out[key as 'start_min'] = utc(value);
  }
  if (f.minMinutes) out.duration_min = Math.round(f.minMinutes * 60);
  if (f.maxMinutes) out.duration_max = Math.round(f.maxMinutes * 60);
  if (f.bbox.trim()) out.bbox = box(f.bbox);
  if (f.near.trim()) {
    const [lat, lon] = numbers(f.near, 2, t('downloads.query.near'));
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new Error(t('downloads.query.nearRange'));
    out.lat = lat;
    out.lon = lon;
    out.radius = Math.round((f.radiusKm || 10) * 1000);
  }
  return { ...out, ...areaQuery(f) };
}

/** A `datetime-local` value ("2026-11-20T10:00") as UTC ISO 8601. */
function utc(local: string): string {
  if (local.length === 10) return `${local}T00:00:00Z`;
  return local.length === 16 ? `${local}:00Z` : `${local}Z`;
}

function box(text: string): [number, number, number, number] {
  const [w, s, e, n] = numbers(text, 4, t('downloads.query.box'));
  if (w < -180 || e > 180 || s < -90 || n > 90 || w >= e || s >= n)
    throw new Error(t('downloads.query.notBox'));
  return [w, s, e, n];
}

function numbers(text: string, count: number, message: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (
    parts.length !== count ||
    parts.some((p) => p === '') ||
    values.some((v) => !Number.isFinite(v))
  )
    throw new Error(message);
  return values;
}

/**
 * The Area field's text for a box (the map's view): west, south, east, north to 4 decimals
 * (about 10 m), rounded outwards so the whole view is inside, and kept on the globe.
 */
export function boxText([w, s, e, n]: readonly [number, number, number, number]): string {
  const out = (v: number, down: boolean, limit: number) =>
    (Math.max(-limit, Math.min(limit, (down ? Math.floor : Math.ceil)(v * 1e4) / 1e4)) + 0).toFixed(
      4,
    );
  return [out(w, true, 180), out(s, true, 90), out(e, false, 180), out(n, false, 90)].join(',');
}

/**
 * "Near" and "Within" for the map's last view (saved in Settings as centre and zoom, not as a
 * box): the centre, and about half the width a 1000-pixel-wide map shows at that zoom.
 */
export function nearView(view: { lat: number; lon: number; zoom: number }): {
  near: string;
  radiusKm: number;
} {
  const halfWidthKm = (40_075 * 1000) / (256 * 2 ** view.zoom) / 2;
  const radiusKm = Math.max(1, Math.round(halfWidthKm * Math.cos((view.lat * Math.PI) / 180)));
  return { near: `${view.lat.toFixed(4)},${view.lon.toFixed(4)}`, radiusKm };
}
