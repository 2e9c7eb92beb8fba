/**
 * Observations of the worldwide snapshot (interface 2.2, "All"): flat properties, one
 * `sensor.<type>` number per sensor. Read liberally like the search records (records.ts).
 */
import type { GeoJsonFeature } from '../../../shared/api/index.ts';
import { fields, finite, isObject, text, time } from './liberal.ts';
import type { RecordReader } from './records.ts';

/**
 * The worldwide observation snapshot's flat properties (interface 2.2, "All"). Defined here
 * because src/shared/api has no type for it yet.
 */
export interface SnapshotObservationProperties {
  /** URL of the camera image (a service address: it needs the token). */
  image: string;
  camera_id: string;
  description: string;
  city: string;
  state: string;
  country: string;
  /** null when the file gave no readable time */
  time: string | null;
  [sensor: SensorKey]: number;
}

type SensorKey = `sensor.${string}`;

/** Snapshot files are FeatureCollections without the search envelope. */
export interface Snapshot<F> {
  type: 'FeatureCollection';
  features: F[];
}

const isSensorKey = (key: string): key is SensorKey => key.startsWith('sensor.');

const snapshotFields = fields<Omit<SnapshotObservationProperties, SensorKey>>({
  image: text,
  camera_id: text,
  description: text,
  city: text,
  state: text,
  country: text,
  time,
});

export const readSnapshotObservation: RecordReader<
  GeoJsonFeature<SnapshotObservationProperties>
> = (raw, odd) => {
  if (!isObject(raw)) return void odd.drop('not an object');
  const p = raw['properties'];
  if (!isObject(p)) return void odd.drop('no properties object');
  const c = isObject(raw['geometry']) ? raw['geometry']['coordinates'] : undefined;
  const lon = Array.isArray(c) ? finite(c[0]) : undefined;
  const lat = Array.isArray(c) ? finite(c[1]) : undefined;
  if (lon === undefined || lat === undefined) return void odd.drop('no usable geometry');
  const properties: SnapshotObservationProperties = snapshotFields(p, odd, 'properties.');
  for (const [key, value] of Object.entries(p)) {
    if (!isSensorKey(key)) continue;
    const n = finite(value);
    if (n === undefined) {
      odd.note(`properties.${key}`, 'not a number');
      delete properties[key];
    } else properties[key] = n;
  }
  const id = raw['id'];
  return {
    ...raw,
    type: 'Feature',
    id: typeof id === 'string' || typeof id === 'number' ? String(id) : String(p['camera_id']),
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties,
  };
};
