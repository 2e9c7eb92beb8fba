/**
 * Search parameters of the service interface (spec sections 2.1 and 4), their defaults and
 * limits (section 8), sort and aggregation keys, and the encoder of the bracket syntax used
 * in query strings and form bodies (sensors[road_weather][min]=2, aggs[]=state).
 */
import { encode } from '../brackets.ts';
import type { Bbox, LonLat } from '../geo.ts';
import type { SensorType } from '../sensors.ts';
import type { RecordingStatus } from './resources.ts';

export type SortDir = 'asc' | 'desc';

/** The spatial forms every geographic search takes. */
export const SPATIAL_PARAMS = [
  'bbox',
  'polygon',
  'lat',
  'lon',
  'radius',
  'polyline',
  'polyline_precision',
  'polyline_radius',
] as const;

/** Paging, sort and aggregations: every search takes them. */
export const PAGE_PARAMS = ['limit', 'skip', 'sort', 'sort_dir', 'aggs'] as const;

/**
 * Each search's own filters (spec section 4), besides q, the spatial forms, paging, sort and
 * aggregations: what the service accepts, and the flags of `roadcam search`.
 */
export const SEARCH_FILTERS = {
  observations: [
    'sensors',
    'time_min',
    'time_max',
    'date_min',
    'date_max',
    'country',
    'state',
    'city',
    'camera_id',
  ],
  cameras: ['country', 'state', 'city', 'provider'],
  recordings: [
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
  ],
  alerts: [
    'event',
    'state',
    'country',
    'effective_min',
    'effective_max',
    'expires_min',
    'expires_max',
    'urgency',
    'severity',
    'certainty',
    'expired',
  ],
  collections: ['created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max'],
} as const;

export interface SharedSearchParams {
  q?: string;
  /** min lon, min lat, max lon, max lat */
  bbox?: Bbox | string;
  /** ring of [lon, lat], or the wire form "lon lat,lon lat,..." */
  polygon?: readonly LonLat[] | string;
  lat?: number;
  lon?: number;
  /** meters as a number, or a string with unit: "500", "2.5km", "3mi" */
  radius?: number | string;
  polyline?: string;
  polyline_precision?: 5 | 6;
  /** kilometers */
  polyline_radius?: number;
  limit?: number;
  skip?: number;
  sort_dir?: SortDir;
  aggs?: readonly string[];
}

export interface Range {
  min?: number;
  max?: number;
}
/** Exact value, range, or the transition form with the current (data) and previous value. */
export type SensorFilter = number | Range | { data?: number | Range; prev?: number | Range };

export interface ObservationSearchParams extends SharedSearchParams {
  sensors?: Partial<Record<SensorType, SensorFilter>>;
  /** ISO 8601 UTC datetime, a date, or a UTC time of day HH:MM */
  time_min?: string;
  time_max?: string;
  /** yyyy-mm-dd (UTC); date_max includes the whole day */
  date_min?: string;
  date_max?: string;
  country?: string;
  state?: string;
  city?: string;
  camera_id?: string;
  sort?: ObservationSortKey;
}

export interface CameraSearchParams extends SharedSearchParams {
  country?: string;
  state?: string;
  city?: string;
  provider?: string;
  sort?: CameraSortKey;
}

export interface RecordingSearchParams extends SharedSearchParams {
  country?: string;
  state?: string;
  city?: string;
  camera_id?: string;
  status?: RecordingStatus;
  duration_min?: number;
  duration_max?: number;
  start_min?: string;
  start_max?: string;
  stop_min?: string;
  stop_max?: string;
  sort?: RecordingSortKey;
}

export interface AlertSearchParams extends SharedSearchParams {
  event?: string;
  state?: string;
  country?: string;
  effective_min?: string;
  effective_max?: string;
  expires_min?: string;
  expires_max?: string;
  urgency?: AlertUrgency;
  severity?: AlertSeverity;
  certainty?: AlertCertainty;
  /** omitted: current alerts only; true: expired only; any: both */
  expired?: boolean | 'true' | 'any';
  sort?: AlertSortKey;
}

export interface CollectionSearchParams {
  q?: string;
  created_at_min?: string;
  created_at_max?: string;
  updated_at_min?: string;
  updated_at_max?: string;
  limit?: number;
  skip?: number;
  sort?: CollectionSortKey;
  sort_dir?: SortDir;
  aggs?: readonly string[];
}

export interface CollectionShowParams {
  limit?: number;
  marker?: string;
}

export const SORT_KEYS = {
  observations: ['country', 'state', 'city', 'time', 'distance'],
  cameras: ['city', 'region', 'state', 'country', 'direction', 'distance'],
  recordings: ['country', 'state', 'city', 'status', 'duration', 'start', 'stop', 'distance'],
  alerts: ['event', 'state', 'country', 'effective', 'expires', 'urgency', 'severity', 'certainty'],
  collections: ['name', 'created_at', 'updated_at'],
} as const;
export type ObservationSortKey = (typeof SORT_KEYS.observations)[number];
export type CameraSortKey = (typeof SORT_KEYS.cameras)[number];
export type RecordingSortKey = (typeof SORT_KEYS.recordings)[number];
export type AlertSortKey = (typeof SORT_KEYS.alerts)[number];
export type CollectionSortKey = (typeof SORT_KEYS.collections)[number];

/** The aggregatable attributes of each search (the interface lists those "seen in use"). */
export const AGG_KEYS = {
  observations: [
    'state',
    'city',
    'country',
    'camera_id',
    'time',
    'sensors.road_weather',
    'sensors.visibility',
    'sensors.precip',
    'sensors.road_weather.prev',
    'sensors.visibility.prev',
    'sensors.precip.prev',
  ],
  cameras: ['state', 'city', 'country', 'provider', 'region', 'direction', 'video'],
  recordings: ['state', 'city', 'country', 'region', 'status', 'tags', 'camera_id'],
  alerts: ['event', 'state', 'origin', 'urgency', 'severity', 'certainty', 'status'],
  collections: ['tags'],
} as const;

export const ALERT_URGENCY = [
  'past',
  'future',
  'expected',
  'immediate',
  'unknown_urgency',
] as const;
export type AlertUrgency = (typeof ALERT_URGENCY)[number];
/** "uknown_severity" is spelled as in the interface document. */
export const ALERT_SEVERITY = [
  'minor',
  'moderate',
  'severe',
  'extreme',
  'uknown_severity',
] as const;
export type AlertSeverity = (typeof ALERT_SEVERITY)[number];
export const ALERT_CERTAINTY = [
  'unlikely',
  'possible',
  'likely',
  'observed',
  'unknown_certainty',
] as const;
export type AlertCertainty = (typeof ALERT_CERTAINTY)[number];

export interface PageLimits {
  limitDefault: number;
  limitMax: number;
  skipMax: number;
}

/** Section 8. Alert maxima are not given by the document; the service applies the same. */
export const PAGE_LIMITS = {
  observations: { limitDefault: 10, limitMax: 100, skipMax: 4000 },
  cameras: { limitDefault: 10, limitMax: 100, skipMax: 4000 },
  recordings: { limitDefault: 10, limitMax: 100, skipMax: 4000 },
  alerts: { limitDefault: 10, limitMax: 100, skipMax: 4000 },
  collections: { limitDefault: 10, limitMax: 100, skipMax: 4000 },
} as const satisfies Record<string, PageLimits>;

export const COLLECTION_IMAGES_LIMIT = { limitDefault: 20, limitMax: 200 } as const;
export const AGG_BUCKETS_MAX = 10;
export const DEFAULT_RADIUS_M = 10_000;
export const DEFAULT_POLYLINE_RADIUS_KM = 1;
export const TOKEN_LIFETIME_S = 7 * 24 * 3600;
export const RESOURCE_LIFETIME_DAYS = 90;

/**
 * Encodes search parameters for a query string or a form body, using the bracket syntax for
 * nested values (sensors[visibility][max]=0.2) and arrays (aggs[]=state). Bbox and polygon
 * given as arrays are written in their wire form.
 */
export function encodeSearchParams(params: object): URLSearchParams {
  return encode(Object.entries(params).map(([key, value]) => [key, wireForm(key, value)]));
}

/** Bbox and polygon given as arrays, as the service reads them ("w,s,e,n", "lon lat,..."). */
export function wireForm(key: string, value: unknown): unknown {
  if (key === 'bbox' && Array.isArray(value)) return value.join(',');
  if (key === 'polygon' && Array.isArray(value)) {
    return (value as LonLat[]).map((p) => `${p[0]} ${p[1]}`).join(',');
  }
  return value;
}
