/**
 * Searches of the four GeoJSON resources (cameras, observations, recordings, alerts) with the
 * parameters of interface 2.1 (validated here, at the main-process edge): one page as a view shows
 * it (from the cache when the service is unreachable), and complete searches past the paging
 * limit, with progress. Every view that searches (the map, the wall's picker, Downloads) calls
 * these channels; what a resource offers beyond searching lives in its own file.
 */
import { z } from 'zod';
import {
  AGG_KEYS,
  ALERT_CERTAINTY,
  ALERT_SEVERITY,
  ALERT_URGENCY,
  RECORDING_STATUSES,
  SORT_KEYS,
  type Aggs,
  type Alert,
  type Camera,
  type Observation,
  type Recording,
} from '../api/index.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

const text = once(() => z.string().trim().max(200));
const iso = once(() => z.string().max(40));
const lon = once(() => z.number().min(-180).max(180));
const lat = once(() => z.number().min(-90).max(90));
const lonLat = once(() => z.tuple([lon(), lat()]));
const range = once(() =>
  z.object({ min: z.number().optional(), max: z.number().optional() }).strict(),
);
const valueOrRange = once(() => z.union([z.number(), range()]));
const sensorFilter = once(() =>
  z.union([
    valueOrRange(),
    z.object({ data: valueOrRange().optional(), prev: valueOrRange().optional() }).strict(),
  ]),
);

/** The location filters of cameras, observations and recordings (alerts: state and country). */
const place = once(() => ({
  country: text().optional(),
  state: text().optional(),
  city: text().optional(),
}));

/** The shared parameters of section 2.1 (sort and aggs are per resource). */
const shared = once(() => ({
  q: text().optional(),
  bbox: z.tuple([lon(), lat(), lon(), lat()]).optional(),
  polygon: z.array(lonLat()).min(3).max(2000).optional(),
  lat: lat().optional(),
  lon: lon().optional(),
  /** Meters, or a string with km / mi, as the service takes it. */
  radius: z
    .union([
      z.number().positive().max(5_000_000),
      z.string().regex(/^\d+(\.\d+)?(km|mi)?$/, 'radius is meters, or a number with km or mi'),
    ])
    .optional(),
  polyline: z.string().min(2).max(50_000).optional(),
  polyline_precision: z.union([z.literal(5), z.literal(6)]).optional(),
  polyline_radius: z.number().positive().max(500).optional(),
  limit: z.number().int().min(0).max(100).optional(),
  skip: z.number().int().min(0).max(4000).optional(),
  sort_dir: z.enum(['asc', 'desc']).optional(),
}));

export const cameraSearchSchema = once(() =>
  z
    .object({
      ...shared(),
      ...place(),
      provider: text().optional(),
      sort: z.enum(SORT_KEYS.cameras).optional(),
      aggs: z.array(z.enum(AGG_KEYS.cameras)).max(AGG_KEYS.cameras.length).optional(),
    })
    .strict(),
);

export const observationSearchSchema = once(() =>
  z
    .object({
      ...shared(),
      ...place(),
      camera_id: text().optional(),
      sensors: z
        .object({
          road_weather: sensorFilter().optional(),
          visibility: sensorFilter().optional(),
          precip: sensorFilter().optional(),
        })
        .strict()
        .optional(),
      time_min: iso().optional(),
      time_max: iso().optional(),
      date_min: iso().optional(),
      date_max: iso().optional(),
      sort: z.enum(SORT_KEYS.observations).optional(),
      aggs: z.array(z.enum(AGG_KEYS.observations)).max(AGG_KEYS.observations.length).optional(),
    })
    .strict(),
);

export const recordingSearchSchema = once(() =>
  z
    .object({
      ...shared(),
      ...place(),
      camera_id: text().optional(),
      status: z.enum(RECORDING_STATUSES).optional(),
      duration_min: z.number().int().min(0).optional(),
      duration_max: z.number().int().min(0).optional(),
      start_min: iso().optional(),
      start_max: iso().optional(),
      stop_min: iso().optional(),
      stop_max: iso().optional(),
      sort: z.enum(SORT_KEYS.recordings).optional(),
      aggs: z.array(z.enum(AGG_KEYS.recordings)).max(AGG_KEYS.recordings.length).optional(),
    })
    .strict(),
);

export const alertSearchSchema = once(() =>
  z
    .object({
      ...shared(),
      event: text().optional(),
      state: place().state,
      country: place().country,
      effective_min: iso().optional(),
      effective_max: iso().optional(),
      expires_min: iso().optional(),
      expires_max: iso().optional(),
      urgency: z.enum(ALERT_URGENCY).optional(),
      severity: z.enum(ALERT_SEVERITY).optional(),
      certainty: z.enum(ALERT_CERTAINTY).optional(),
      expired: z.enum(['true', 'any']).optional(),
      sort: z.enum(SORT_KEYS.alerts).optional(),
      aggs: z.array(z.enum(AGG_KEYS.alerts)).max(AGG_KEYS.alerts.length).optional(),
    })
    .strict(),
);

export type CameraSearch = z.infer<ReturnType<typeof cameraSearchSchema>>;
export type ObservationSearch = z.infer<ReturnType<typeof observationSearchSchema>>;
export type RecordingSearch = z.infer<ReturnType<typeof recordingSearchSchema>>;
export type AlertSearch = z.infer<ReturnType<typeof alertSearchSchema>>;

/** One page of a search, as the map shows it: with its age, from the cache when offline. */
export interface SearchPage<F> {
  features: F[];
  total: number;
  aggs: Aggs;
  /** When the service answered, ISO 8601 UTC. */
  fetchedAt: string;
  /** True when the service could not be reached and this is the cached answer. */
  fromCache: boolean;
}

export interface SearchAllAnswer<F> {
  features: F[];
  requests: number;
  /** Parts of the area that still held more than 4,100 results at one point. */
  incompleteAreas: number;
  fetchedAt: string;
  fromCache: boolean;
}

export interface SearchAllProgress {
  requestId: string;
  found: number;
  requests: number;
}

const requestId = once(() => z.string().regex(/^[\w-]{1,64}$/));

export const searchChannels = onFirstUse({
  'cameras.search': { input: cameraSearchSchema, result: type<SearchPage<Camera>>() },
  'observations.search': {
    input: observationSearchSchema,
    result: type<SearchPage<Observation>>(),
  },
  'recordings.search': { input: recordingSearchSchema, result: type<SearchPage<Recording>>() },
  'alerts.search': { input: alertSearchSchema, result: type<SearchPage<Alert>>() },
  /** Every result past the 4,100 reachable by paging; progress as searches.progress. */
  'cameras.searchAll': {
    input: () => z.object({ requestId: requestId(), params: cameraSearchSchema() }).strict(),
    result: type<SearchAllAnswer<Camera>>(),
  },
  'observations.searchAll': {
    input: () => z.object({ requestId: requestId(), params: observationSearchSchema() }).strict(),
    result: type<SearchAllAnswer<Observation>>(),
  },
  /** Current alerts anywhere (they are few); cached for offline use like searches. */
  'alerts.all': { input: () => z.object({}).strict(), result: type<SearchAllAnswer<Alert>>() },
  'searches.cancel': {
    input: () => z.object({ requestId: requestId() }).strict(),
    result: type<boolean>(),
  },
} as const);

export const searchEvents = {
  'searches.progress': type<SearchAllProgress>(),
} as const;
