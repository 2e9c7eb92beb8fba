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

export interface Feature<P, G = PointGeometry> {
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
  time: string;
  sensors: Partial<Record<SensorType, SensorReading>>;
}
export type Observation = Feature<ObservationProperties>;

export interface CameraProperties {
  country: string;
  state: string;
  city: string;
  provider: string;
  description: string;
  video: boolean;
}
export type Camera = Feature<CameraProperties>;

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
  status: RecordingStatus;
  duration: number;
  /** Images per second of the recorded sequence (the spec leaves the unit open). */
  rate: number;
  start: string;
  stop: string;
  tags: string[];
  created_at: string;
  formats: RecordingFormat[];
}
export type Recording = Feature<RecordingProperties>;

export interface AlertProperties {
  origin: string;
  event: string;
  headline: string;
  states: string[];
  areaDesc: string;
  description: string;
  effective: string;
  expires: string;
  updated: string;
  urgency: string;
  severity: string;
  certainty: string;
  status: string;
}
export type Alert = Feature<AlertProperties, PolygonGeometry> & {
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
  roles: string[];
  context: Record<string, unknown>;
  /** seconds */
  expires_in: number;
}
