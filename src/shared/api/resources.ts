/**
 * Resources of the service interface (spec section 2) as they travel over the wire. One
 * definition used by the embedded service and by the client.
 */
import type { LonLat } from '../geo.ts';
import type { SensorType } from '../sensors.ts';

export interface PointGeometry {
  type: 'Point';
  coordinates: LonLat;
}

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: LonLat[][];
}

/** Not in the interface (an alert's area is a Polygon), but GeoJSON's way to give several. */
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: LonLat[][][];
}

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

/** The polygons of an area, each as its rings (the outer ring first, then its holes). */
export function lonLatPolygonsOf(area: AreaGeometry): LonLat[][][] {
  return area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
}

export interface GeoJsonFeature<P, G = PointGeometry> {
  type: 'Feature';
  id: string;
  bbox?: [number, number, number, number];
  geometry: G;
  properties: P;
}

export interface AggBucket {
  key: string | number;
  doc_count: number;
}
export type Aggs = Record<string, AggBucket[]>;

export interface SearchEnvelope {
  total: number;
  skip: number;
  limit: number;
  aggs: Aggs;
}

export interface FeatureCollection<F> {
  type: 'FeatureCollection';
  /** Present on camera and recording indexes: the bbox of the features of the page. */
  bbox?: [number, number, number, number];
  features: F[];
  properties: SearchEnvelope;
}

/**
 * Fields the client reads liberally (src/engine/api/answers/records.ts): text the service left out or sent
 * as null reads '' (shown as nothing); a time it left out or sent in no readable form reads null;
 * other times are ISO 8601 UTC ('...Z') whatever form the service used.
 */
export interface SensorReading {
  data: number;
  /** The previous observation's value; absent on a camera's first observation. */
  prev?: number;
}

export interface ObservationProperties {
  camera_id: string;
  /** null on the first observation of a camera */
  prev_id: string | null;
  description: string;
  city: string;
  state: string;
  country: string;
  /** null when the service gave no readable time */
  time: string | null;
  /** The known types (interface 2.3) and any other the service reports, as it reports them. */
  sensors: Partial<Record<SensorType, SensorReading>> & {
    [type: string]: SensorReading | undefined;
  };
}
export type Observation = GeoJsonFeature<ObservationProperties>;

export interface CameraProperties {
  country: string;
  state: string;
  city: string;
  provider: string;
  description: string;
  video: boolean;
}
export type Camera = GeoJsonFeature<CameraProperties>;

export const RECORDING_STATUSES = ['complete', 'submitted', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
export const RECORDING_FORMATS = ['jpg', 'zip', 'mp4'] as const;
export type RecordingFormat = (typeof RECORDING_FORMATS)[number];

export interface RecordingProperties {
  camera_id: string;
  country: string;
  state: string;
  region: string;
  city: string;
  description: string;
  /** One of RECORDING_STATUSES, or another word of a service (kept and shown as it is). */
  status: RecordingStatus | (string & {});
  /** Seconds; not range-checked (0 when the service gave none). */
  duration: number;
  /** Meaning and unit not shown by the interface: not range-checked, nothing computed from it. */
  rate: number;
  start: string | null;
  stop: string | null;
  tags: string[];
  created_at: string | null;
  /** The known formats only: one the client cannot download is not offered (records.ts). */
  formats: RecordingFormat[];
}
export type Recording = GeoJsonFeature<RecordingProperties>;

export interface AlertProperties {
  origin: string;
  event: string;
  headline: string;
  states: string[];
  areaDesc: string;
  description: string;
  effective: string | null;
  expires: string | null;
  updated: string | null;
  urgency: string;
  severity: string;
  certainty: string;
  status: string;
}
export type Alert = GeoJsonFeature<AlertProperties, AreaGeometry> & {
  bbox: [number, number, number, number];
};

export interface Collection {
  _id: string;
  name: string;
  description: string;
  tags: string[];
  created_at: string;
  updated_at: string;
}

export interface CollectionWithImages extends Collection {
  images: string[];
  limit: number;
  marker: string;
}

export interface CollectionIndex {
  results: Collection[];
  total: number;
  skip: number;
  limit: number;
  aggs: Aggs;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** seconds */
  expires_in: number;
}

export interface SessionResponse {
  name: string;
  /** Contents not shown by the interface: the client reads each role as text (records.ts). */
  roles: string[];
  /** Contents not shown: any object, {} when the service sent none. */
  context: Record<string, unknown>;
  /** seconds */
  expires_in: number;
}

/**
 * The GeoJSON records as our service writes them, every time present (the types above are as
 * the client reads any service: null where a time could not be read). Tests of our service use
 * these.
 */
export type WrittenObservation = Observation & {
  properties: ObservationProperties & { time: string };
};
export type WrittenRecording = Recording & {
  properties: RecordingProperties & { start: string; stop: string; created_at: string };
};
export type WrittenAlert = Alert & {
  properties: AlertProperties & { effective: string; expires: string; updated: string };
};
