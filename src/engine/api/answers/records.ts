/**
 * The service's records, read liberally (liberal.ts): each record of a page on its own, as well
 * as its fields allow. A record that cannot be used at all is dropped from its page with a
 * note: no id, no properties object, or no geometry the map can place (a Point of two numbers;
 * for an alert a Polygon or MultiPolygon, else its bbox as one). Everything else is kept.
 */
import type {
  Alert,
  AlertProperties,
  AreaGeometry,
  Camera,
  CameraProperties,
  Collection,
  GeoJsonFeature,
  Observation,
  ObservationProperties,
  PointGeometry,
  Recording,
  RecordingProperties,
  SensorReading,
} from '../../../shared/api/index.ts';
import { lonLatPolygonsOf, RECORDING_FORMATS } from '../../../shared/api/index.ts';
import { SENSOR_TYPES } from '../../../shared/sensors.ts';
import { normaliseTime } from '../times.ts';
import {
  fields,
  finite,
  bool,
  idOf,
  isObject,
  knownOf,
  number,
  strings,
  text,
  textOrNull,
  time,
  type Field,
  type Json,
  type Oddities,
} from './liberal.ts';

/** One record read, or undefined when it was dropped (with a note). */
export type RecordReader<T> = (raw: unknown, odd: Oddities) => T | undefined;

type Box = [number, number, number, number];
type LonLat = [number, number];

function lonLat(value: unknown): LonLat | undefined {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  const [lon, lat] = value.map(finite);
  return lon === undefined || lat === undefined ? undefined : [lon, lat];
}

function box(value: unknown): Box | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const n = value.map(finite);
  return n.every((x) => x !== undefined) ? (n as Box) : undefined;
}

function point(value: unknown): PointGeometry | undefined {
  if (!isObject(value) || value['type'] !== 'Point') return undefined;
  const coordinates = lonLat(value['coordinates']);
  return coordinates && { ...value, type: 'Point', coordinates };
}

/** A polygon's rings, or undefined when one of them does not read. */
function ringsOf(value: unknown): LonLat[][] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const rings = value.map((r: unknown) => (Array.isArray(r) ? r.map(lonLat) : []));
  return rings.every((r) => r.length > 0 && !r.includes(undefined))
    ? (rings as LonLat[][])
    : undefined;
}

/**
 * A Polygon; a MultiPolygon with every polygon that reads (a stranger's way to give an area in
 * parts); else a polygon from the bbox.
 */
function area(value: unknown, bbox: Box | undefined): AreaGeometry | undefined {
  if (isObject(value)) {
    const c: unknown = value['coordinates'];
    if (value['type'] === 'MultiPolygon' && Array.isArray(c)) {
      const polygons = c.map(ringsOf).filter((p) => p !== undefined);
      if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0]! };
      if (polygons.length > 1) return { type: 'MultiPolygon', coordinates: polygons };
    } else {
      const rings = ringsOf(c);
      if (rings) return { type: 'Polygon', coordinates: rings };
    }
  }
  if (!bbox) return undefined;
  const [w, s, e, n] = bbox;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}

function boxOf(geometry: AreaGeometry): Box {
  const points = lonLatPolygonsOf(geometry).flat(2);
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/** The parts every feature shares; undefined (noted as dropped) when one cannot be read. */
function featureBase<G>(
  raw: unknown,
  odd: Oddities,
  geometryOf: (value: unknown, bbox: Box | undefined) => G | undefined,
): { raw: Json; id: string; properties: Json; geometry: G; bbox: Box | undefined } | undefined {
  if (!isObject(raw)) return void odd.drop('not an object');
  const id = idOf(raw['id'], (what) => odd.note('id', what));
  if (id === undefined) return void odd.drop('no id');
  const properties = raw['properties'];
  if (!isObject(properties)) return void odd.drop('no properties object');
  const bbox = box(raw['bbox']);
  if (raw['bbox'] !== undefined && !bbox) odd.note('bbox', 'not four numbers');
  const geometry = geometryOf(raw['geometry'], bbox);
  if (geometry === undefined) return void odd.drop('no usable geometry');
  if (raw['type'] !== 'Feature') odd.note('type', 'not "Feature"');
  return { raw, id, properties, geometry, bbox };
}

function featureReader<P>(read: (properties: Json, odd: Oddities, raw: Json) => P) {
  return (raw: unknown, odd: Oddities): GeoJsonFeature<P> | undefined => {
    const base = featureBase(raw, odd, point);
    if (!base) return undefined;
    const rest = { ...base.raw };
    delete rest['bbox'];
    return {
      ...rest,
      ...(base.bbox ? { bbox: base.bbox } : {}),
      type: 'Feature',
      id: base.id,
      geometry: base.geometry,
      properties: read(base.properties, odd, { ...base.raw, id: base.id }),
    };
  };
}

const cameraProperties = fields<CameraProperties>({
  country: text,
  state: text,
  city: text,
  provider: text,
  description: text,
  video: bool,
});
export const readCamera: RecordReader<Camera> = featureReader((p, odd) =>
  cameraProperties(p, odd, 'properties.'),
);

/** A sensor's reading: {data, prev} as in search, or a bare number as in the snapshot. */
function reading(value: unknown): SensorReading | undefined {
  const data = finite(isObject(value) ? value['data'] : value);
  if (data === undefined) return undefined;
  const prev = isObject(value) ? finite(value['prev']) : undefined;
  return prev === undefined ? { data } : { data, prev };
}

/**
 * Sensors in the search form (`sensors: {type: {data, prev}}`) or flat (`sensor.<type>` keys as
 * in the snapshot, or `<type>` keys of the known types). Unknown types and values are kept.
 */
export const sensors: Field<Record<string, SensorReading>> = (value, note) => {
  const out: Record<string, SensorReading> = {};
  if (!isObject(value)) {
    if (value !== undefined) note('not an object');
    return out;
  }
  for (const [type, v] of Object.entries(value)) {
    const read = reading(v);
    if (read) out[type] = read;
    else note(`${type} unreadable`);
  }
  return out;
};

function flatSensors(p: Json): Json | undefined {
  const flat: Json = {};
  for (const [key, value] of Object.entries(p)) {
    const m = /^sensors?\.([\w-]+)(\.prev)?$/.exec(key);
    if (m) {
      const type = m[1]!;
      const entry = isObject(flat[type]) ? (flat[type] as Json) : {};
      flat[type] = { ...entry, [m[2] ? 'prev' : 'data']: value };
    } else if ((SENSOR_TYPES as readonly string[]).includes(key) && finite(value) !== undefined) {
      flat[key] = { data: value };
    }
  }
  return Object.keys(flat).length > 0 ? flat : undefined;
}

const observationProperties = fields<ObservationProperties>({
  camera_id: text,
  prev_id: textOrNull,
  description: text,
  city: text,
  state: text,
  country: text,
  time,
  sensors,
});
/**
 * The id is "<camera id>_<time>" (interface 2.2): what a record lacks of these is taken from it.
 */
export const readObservation: RecordReader<Observation> = featureReader((p, odd, raw) => {
  const cut = String(raw['id']).lastIndexOf('_');
  const fromId: Json =
    cut > 0
      ? { camera_id: String(raw['id']).slice(0, cut), time: String(raw['id']).slice(cut + 1) }
      : {};
  const filled: Json = {
    ...p,
    camera_id: p['camera_id'] ?? fromId['camera_id'],
    time: p['time'] ?? (normaliseTime(fromId['time']) === null ? undefined : fromId['time']),
    sensors: p['sensors'] ?? flatSensors(p) ?? {},
    prev_id: p['prev_id'] ?? null,
  };
  return observationProperties(filled, odd, 'properties.');
});

const recordingProperties = fields<RecordingProperties>({
  camera_id: text,
  country: text,
  state: text,
  region: text,
  city: text,
  description: text,
  status: text,
  duration: number,
  rate: number,
  start: time,
  stop: time,
  tags: strings,
  created_at: time,
  formats: knownOf(RECORDING_FORMATS, 'format'),
});
export const readRecording: RecordReader<Recording> = featureReader((p, odd) =>
  recordingProperties(p, odd, 'properties.'),
);

const alertProperties = fields<AlertProperties>({
  origin: text,
  event: text,
  headline: text,
  states: strings,
  areaDesc: text,
  description: text,
  effective: time,
  expires: time,
  updated: time,
  urgency: text,
  severity: text,
  certainty: text,
  status: text,
});
export const readAlert: RecordReader<Alert> = (raw, odd) => {
  const base = featureBase(raw, odd, area);
  if (!base) return undefined;
  return {
    ...base.raw,
    type: 'Feature',
    id: base.id,
    bbox: base.bbox ?? boxOf(base.geometry),
    geometry: base.geometry,
    properties: alertProperties(base.properties, odd, 'properties.'),
  };
};

/** A collection's time: ISO 8601 UTC, else the text as sent ('' when none). */
const collectionTime: Field<string> = (value, note) =>
  time(value, note) ?? (typeof value === 'string' ? value : '');

const collectionFields = fields<Omit<Collection, '_id'>>({
  name: text,
  description: text,
  tags: strings,
  created_at: collectionTime,
  updated_at: collectionTime,
});
/** A collection of the index: dropped without an id (`_id`, or `id` as some services say). */
export const readCollection: RecordReader<Collection> = (raw, odd) => {
  if (!isObject(raw)) return void odd.drop('not an object');
  const id = idOf(raw['_id'] ?? raw['id'], (what) => odd.note('_id', what));
  if (id === undefined) return void odd.drop('no _id');
  return { ...withTimes(collectionFields(raw, odd, '')), _id: id };
};

/** One time the client cannot read stands in for the other (updated_at for created_at). */
function withTimes<C extends Omit<Collection, '_id'>>(c: C): C {
  const readable = (t: string) => normaliseTime(t) !== null;
  if (!readable(c.created_at) && readable(c.updated_at)) return { ...c, created_at: c.updated_at };
  if (!readable(c.updated_at) && readable(c.created_at)) return { ...c, updated_at: c.created_at };
  return c;
}

/** The collection of a show answer: asked for by its id, so kept even without one ('' then). */
export function collectionOf(raw: Json, odd: Oddities): Collection {
  const id = idOf(raw['_id'] ?? raw['id'], (what) => odd.note('_id', what));
  if (id === undefined) odd.note('_id', kindOfId(raw['_id']));
  return { ...withTimes(collectionFields(raw, odd, '')), _id: id ?? '' };
}

function kindOfId(value: unknown): string {
  return value === undefined ? 'missing' : value === null ? 'null' : 'not an id';
}
