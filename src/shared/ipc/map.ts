/**
 * The Map view's channels: searches of the four GeoJSON resources with the parameters of the
 * interface document (validated here, at the main-process edge), complete searches with progress,
 * camera images and timelines, recordings, collections, favourites and weather snapshots.
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
import { type } from './marker.ts';

const text = z.string().trim().max(200);
const iso = z.string().max(40);
const lon = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);
const lonLat = z.tuple([lon, lat]);
const range = z.object({ min: z.number().optional(), max: z.number().optional() }).strict();
const valueOrRange = z.union([z.number(), range]);
const sensorFilter = z.union([
  valueOrRange,
  z.object({ data: valueOrRange.optional(), prev: valueOrRange.optional() }).strict(),
]);

/** The location filters of cameras, observations and recordings (alerts: state and country). */
const place = {
  country: text.optional(),
  state: text.optional(),
  city: text.optional(),
};

/** The shared parameters of section 2.1 (sort and aggs are per resource). */
const shared = {
  q: text.optional(),
  bbox: z.tuple([lon, lat, lon, lat]).optional(),
  polygon: z.array(lonLat).min(3).max(2000).optional(),
  lat: lat.optional(),
  lon: lon.optional(),
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
};

export const cameraSearchSchema = z
  .object({
    ...shared,
    ...place,
    provider: text.optional(),
    sort: z.enum(SORT_KEYS.cameras).optional(),
    aggs: z.array(z.enum(AGG_KEYS.cameras)).max(AGG_KEYS.cameras.length).optional(),
  })
  .strict();

export const observationSearchSchema = z
  .object({
    ...shared,
    ...place,
    camera_id: text.optional(),
    sensors: z
      .object({
        road_weather: sensorFilter.optional(),
        visibility: sensorFilter.optional(),
        precip: sensorFilter.optional(),
      })
      .strict()
      .optional(),
    time_min: iso.optional(),
    time_max: iso.optional(),
    date_min: iso.optional(),
    date_max: iso.optional(),
    sort: z.enum(SORT_KEYS.observations).optional(),
    aggs: z.array(z.enum(AGG_KEYS.observations)).max(AGG_KEYS.observations.length).optional(),
  })
  .strict();

export const recordingSearchSchema = z
  .object({
    ...shared,
    ...place,
    camera_id: text.optional(),
    status: z.enum(RECORDING_STATUSES).optional(),
    duration_min: z.number().int().min(0).optional(),
    duration_max: z.number().int().min(0).optional(),
    start_min: iso.optional(),
    start_max: iso.optional(),
    stop_min: iso.optional(),
    stop_max: iso.optional(),
    sort: z.enum(SORT_KEYS.recordings).optional(),
    aggs: z.array(z.enum(AGG_KEYS.recordings)).max(AGG_KEYS.recordings.length).optional(),
  })
  .strict();

export const alertSearchSchema = z
  .object({
    ...shared,
    event: text.optional(),
    state: place.state,
    country: place.country,
    effective_min: iso.optional(),
    effective_max: iso.optional(),
    expires_min: iso.optional(),
    expires_max: iso.optional(),
    urgency: z.enum(ALERT_URGENCY).optional(),
    severity: z.enum(ALERT_SEVERITY).optional(),
    certainty: z.enum(ALERT_CERTAINTY).optional(),
    expired: z.enum(['true', 'any']).optional(),
    sort: z.enum(SORT_KEYS.alerts).optional(),
    aggs: z.array(z.enum(AGG_KEYS.alerts)).max(AGG_KEYS.alerts.length).optional(),
  })
  .strict();

export type CameraSearch = z.infer<typeof cameraSearchSchema>;
export type ObservationSearch = z.infer<typeof observationSearchSchema>;
export type RecordingSearch = z.infer<typeof recordingSearchSchema>;
export type AlertSearch = z.infer<typeof alertSearchSchema>;

/** One page of a search, as the map shows it: with its age, from the cache when offline. */
export interface MapSearchResult<F> {
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

/** A camera's sensor history, column-wise for the chart (times in epoch seconds). */
export interface CameraTimeline {
  times: number[];
  road_weather: (number | null)[];
  visibility: (number | null)[];
  precip: (number | null)[];
}

/** The worldwide snapshot of a ten-minute mark, column-wise (it holds every camera). */
export interface WeatherSnapshot {
  mark: string;
  time: string;
  ids: string[];
  lon: number[];
  lat: number[];
  road_weather: number[];
  visibility: number[];
  precip: number[];
}

/** An alert in force at a ten-minute mark, as the replay draws it. */
export interface ReplayAlert {
  id: string;
  event: string;
  headline: string;
  /** As the service wrote it: the map colours words it does not know as unknown. */
  severity: string;
  /** Polygons, each as rings of [lat, lon] (Leaflet's order), big ones simplified. */
  polygons: [number, number][][][];
}

/** The alerts of a ten-minute mark (alerts/_all), least severe first (most severe on top). */
export interface AlertSnapshot {
  mark: string;
  time: string;
  alerts: ReplayAlert[];
}

export interface Favourite {
  cameraId: string;
  name: string;
  /** ISO 8601 UTC. */
  addedAt: string;
}

const requestId = z.string().regex(/^[\w-]{1,64}$/);
const cameraId = z.string().regex(/^[\w.:-]{1,200}$/);

export const mapChannels = {
  'map.cameras.search': { input: cameraSearchSchema, result: type<MapSearchResult<Camera>>() },
  'map.observations.search': {
    input: observationSearchSchema,
    result: type<MapSearchResult<Observation>>(),
  },
  'map.recordings.search': {
    input: recordingSearchSchema,
    result: type<MapSearchResult<Recording>>(),
  },
  'map.alerts.search': { input: alertSearchSchema, result: type<MapSearchResult<Alert>>() },
  /** Every result past the 4,100 reachable by paging; progress as map.searchAllProgress. */
  'map.cameras.searchAll': {
    input: z.object({ requestId, params: cameraSearchSchema }).strict(),
    result: type<SearchAllAnswer<Camera>>(),
  },
  'map.observations.searchAll': {
    input: z.object({ requestId, params: observationSearchSchema }).strict(),
    result: type<SearchAllAnswer<Observation>>(),
  },
  /** Current alerts anywhere (they are few); cached for offline use like searches. */
  'map.alerts.all': { input: z.object({}).strict(), result: type<SearchAllAnswer<Alert>>() },
  'map.searchAll.cancel': { input: z.object({ requestId }).strict(), result: type<boolean>() },
  'map.camera.show': { input: z.object({ id: cameraId }).strict(), result: type<Camera>() },
  'map.camera.images': {
    input: z
      .object({ id: cameraId, time: iso.optional(), limit: z.number().int().min(1).max(500) })
      .strict(),
    result: type<{ total: number; times: string[] }>(),
  },
  'map.camera.timeline': {
    input: z.object({ id: cameraId, hours: z.number().int().min(1).max(48) }).strict(),
    result: type<CameraTimeline>(),
  },
  'map.observation.show': {
    input: z.object({ id: z.string().regex(/^[\w.:-]{1,240}$/) }).strict(),
    result: type<Observation>(),
  },
  'map.recordings.create': {
    input: z
      .object({
        cameraId,
        duration: z.number().int().min(1).max(1800),
        /** UTC ISO 8601; omitted means now. The service allows up to 15 minutes ahead. */
        start: iso.optional(),
        tags: z
          .array(
            z
              .string()
              .trim()
              .min(1)
              .max(60)
              .regex(/^[^,]+$/),
          )
          .max(20),
      })
      .strict(),
    result: type<{ recordingId: string }>(),
  },
  /** The ten-minute marks of the last `hours` whose snapshots should exist, oldest first. */
  'map.snapshot.marks': {
    input: z.object({ hours: z.number().int().min(1).max(48) }).strict(),
    result: type<string[]>(),
  },
  'map.snapshot': {
    input: z.object({ time: iso }).strict(),
    result: type<WeatherSnapshot>(),
  },
  /** The alerts in force at the same mark (alerts/_all), for the replay to draw. */
  'map.snapshot.alerts': {
    input: z.object({ time: iso }).strict(),
    result: type<AlertSnapshot>(),
  },
  'favourites.list': { input: z.object({}).strict(), result: type<Favourite[]>() },
  'favourites.add': {
    input: z.object({ cameraId, name: z.string().trim().min(1).max(200) }).strict(),
    result: type<Favourite[]>(),
  },
  'favourites.remove': { input: z.object({ cameraId }).strict(), result: type<Favourite[]>() },
} as const;

export const mapEvents = {
  'map.searchAllProgress': type<SearchAllProgress>(),
  /** Favourites changed (from any window or view). */
  'favourites.changed': type<Favourite[]>(),
} as const;
