/**
 * The search form as the user fills it, and its translation into the service's parameters
 * (interface 2.1 and 4.2/4.3). Pure, so that the translation is unit-tested.
 */
import {
  bboxOf,
  circleBbox,
  encodePolyline,
  expandBbox,
  type Bbox,
  type LonLat,
} from '../../../shared/geo.ts';
import { SENSOR_TYPES, type SensorType } from '../../../shared/sensors.ts';
import { radiusParam, toKm, type DistanceUnit } from '../../../shared/units.ts';
import type { CameraSearch, ObservationSearch } from '../../../shared/ipc/searches.ts';

export type MapSearchKind = 'cameras' | 'observations';

export type Spatial =
  | { type: 'none' }
  | { type: 'bbox'; bbox: Bbox }
  | { type: 'polygon'; ring: LonLat[] }
  | { type: 'route'; line: LonLat[]; radiusKm: number; unit?: DistanceUnit }
  | { type: 'radius'; center: LonLat; radiusKm: number; unit?: DistanceUnit };

/** The shapes drawn on the map by clicking (leaflet/draw-tool.ts). */
export type DrawMode = 'polygon' | 'route' | 'radius';

/** A new route's buffer and a new circle's radius, round numbers in either unit. */
const FIRST_DISTANCE: Record<DistanceUnit, { route: number; radius: number }> = {
  km: { route: 2, radius: 25 },
  mi: { route: 1, radius: 15 },
};

/**
 * The search area after a shape was drawn: a route or radius keeps the distance the form had
 * (a new one starts at 2 km or 1 mi for a route, 25 km or 15 mi for a radius). `unit` is the
 * unit the user reads distances in: the radius goes to the service in it (`15mi`).
 */
export function drawnSpatial(
  previous: Spatial,
  mode: DrawMode,
  points: LonLat[],
  unit: DistanceUnit = 'km',
): Spatial {
  const keepKm =
    previous.type === 'route' || previous.type === 'radius'
      ? previous.radiusKm
      : toKm(FIRST_DISTANCE[unit][mode === 'route' ? 'route' : 'radius'], unit);
  const inUnit = unit === 'km' ? {} : { unit };
  if (mode === 'polygon') return { type: 'polygon', ring: points };
  if (mode === 'route') return { type: 'route', line: points, radiusKm: keepKm, ...inUnit };
  return { type: 'radius', center: points[0]!, radiusKm: keepKm, ...inUnit };
}

export interface SensorForm {
  mode: 'any' | 'exact' | 'range' | 'transition' | 'transitionRange';
  exact: string;
  /** Range, and the current value's range of a transitionRange. */
  min: string;
  max: string;
  /** Transition: the previous value (from) and the current one (to). */
  from: string;
  to: string;
  /** TransitionRange: the previous value's range (`[prev]` of interface 4.2). */
  prevMin: string;
  prevMax: string;
}

export interface SearchForm {
  kind: MapSearchKind;
  q: string;
  country: string;
  state: string;
  city: string;
  provider: string;
  cameraId: string;
  sensors: Record<SensorType, SensorForm>;
  /** ISO datetime (or HH:MM, a UTC time of day) */
  timeMin: string;
  timeMax: string;
  /** yyyy-mm-dd */
  dateMin: string;
  dateMax: string;
  sort: string;
  sortDir: 'asc' | 'desc';
  spatial: Spatial;
}

export const emptySensor = (): SensorForm => ({
  mode: 'any',
  exact: '',
  min: '',
  max: '',
  from: '',
  to: '',
  prevMin: '',
  prevMax: '',
});

export function emptyForm(kind: MapSearchKind = 'cameras'): SearchForm {
  return {
    kind,
    q: '',
    country: '',
    state: '',
    city: '',
    provider: '',
    cameraId: '',
    sensors: { road_weather: emptySensor(), visibility: emptySensor(), precip: emptySensor() },
    timeMin: '',
    timeMax: '',
    dateMin: '',
    dateMax: '',
    sort: '',
    sortDir: 'asc',
    spatial: { type: 'none' },
  };
}

export const AGGS = {
  cameras: ['state', 'city', 'provider'],
  /**
   * Every aggregation interface 4.2 shows: current and previous sensor values, and ten-minute
   * marks.
   */
  observations: [
    'state',
    'city',
    'time',
    'sensors.road_weather',
    'sensors.visibility',
    'sensors.precip',
    'sensors.road_weather.prev',
    'sensors.visibility.prev',
    'sensors.precip.prev',
  ],
} as const;

/** Page size of the list: the service's maximum. */
export const SEARCH_PAGE = 100;

const num = (s: string): number | undefined => {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};
const str = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim());

function range(minText: string, maxText: string) {
  const min = num(minText);
  const max = num(maxText);
  if (min === undefined && max === undefined) return undefined;
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function sensorFilter(s: SensorForm) {
  if (s.mode === 'exact') return num(s.exact);
  if (s.mode === 'range') return range(s.min, s.max);
  if (s.mode === 'transition') {
    const data = num(s.to);
    const prev = num(s.from);
    if (data === undefined && prev === undefined) return undefined;
    return { ...(data === undefined ? {} : { data }), ...(prev === undefined ? {} : { prev }) };
  }
  if (s.mode === 'transitionRange') {
    const data = range(s.min, s.max);
    const prev = range(s.prevMin, s.prevMax);
    if (data === undefined && prev === undefined) return undefined;
    return { ...(data === undefined ? {} : { data }), ...(prev === undefined ? {} : { prev }) };
  }
  return undefined;
}

/**
 * The spatial form's parameters; a route travels as an encoded polyline with its buffer, in km
 * as the service takes it, and a radius in the unit the user gave it (`5mi`, `25km`).
 */
export function spatialParams(spatial: Spatial) {
  switch (spatial.type) {
    case 'bbox':
      return { bbox: roundBbox(spatial.bbox) };
    case 'polygon':
      return { polygon: spatial.ring.map(round) };
    case 'route':
      return {
        polyline: encodePolyline(spatial.line, 5),
        polyline_precision: 5 as const,
        polyline_radius: spatial.radiusKm,
      };
    case 'radius':
      return {
        lat: round(spatial.center)[1],
        lon: round(spatial.center)[0],
        radius: radiusParam(spatial.radiusKm, spatial.unit ?? 'km'),
      };
    default:
      return {};
  }
}

function round(p: LonLat): [number, number] {
  return [Math.round(p[0] * 1e5) / 1e5, Math.round(p[1] * 1e5) / 1e5];
}

function roundBbox(b: Bbox): [number, number, number, number] {
  const clamp = (v: number, lim: number) => Math.max(-lim, Math.min(lim, v));
  const [w, s] = round([clamp(b[0], 180), clamp(b[1], 90)]);
  const [e, n] = round([clamp(b[2], 180), clamp(b[3], 90)]);
  return [w, s, e, n];
}

/** Drops undefined values: the contract's objects are strict and tidy. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** What every map search filters by: its text, its place and its spatial form. */
function placeOf(form: SearchForm) {
  return {
    q: str(form.q),
    country: str(form.country),
    state: str(form.state),
    city: str(form.city),
    ...spatialParams(form.spatial),
  };
}

/** The sort (the form offers the kind's own keys) and the page from `skip`. */
function pageOf<Sort>(form: SearchForm, skip: number) {
  return {
    sort: str(form.sort) as Sort | undefined,
    sort_dir: form.sort ? form.sortDir : undefined,
    limit: SEARCH_PAGE,
    skip,
  };
}

export function cameraParams(form: SearchForm, skip = 0): CameraSearch {
  return compact({
    ...placeOf(form),
    provider: str(form.provider),
    ...pageOf<CameraSearch['sort']>(form, skip),
    aggs: skip === 0 ? [...AGGS.cameras] : undefined, // the facets, with the first page
  });
}

export function observationParams(form: SearchForm, skip = 0): ObservationSearch {
  const sensors: NonNullable<ObservationSearch['sensors']> = {};
  for (const type of SENSOR_TYPES) {
    const filter = sensorFilter(form.sensors[type]);
    if (filter !== undefined) sensors[type] = filter;
  }
  return compact({
    ...placeOf(form),
    camera_id: str(form.cameraId),
    sensors: Object.keys(sensors).length > 0 ? sensors : undefined,
    time_min: str(form.timeMin),
    time_max: str(form.timeMax),
    date_min: str(form.dateMin),
    date_max: str(form.dateMax),
    ...pageOf<ObservationSearch['sort']>(form, skip),
    aggs: skip === 0 ? [...AGGS.observations] : undefined,
  });
}

/** The part of a search that locates things, reused for the recordings of the current search. */
export function placeParams(form: SearchForm) {
  return compact({
    ...placeOf(form),
    camera_id: form.kind === 'observations' ? str(form.cameraId) : undefined,
  });
}

/** The box around the search's area, for showing it whole on the map; null for none. */
export function spatialBbox(spatial: Spatial): Bbox | null {
  if (spatial.type === 'bbox') return spatial.bbox;
  if (spatial.type === 'polygon') return bboxOf(spatial.ring);
  if (spatial.type === 'radius') return circleBbox(spatial.center, spatial.radiusKm * 1000);
  if (spatial.type === 'route') return expandBbox(bboxOf(spatial.line), spatial.radiusKm * 1000);
  return null;
}
