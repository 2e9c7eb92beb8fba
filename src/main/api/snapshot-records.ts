/**
 * Observations of the worldwide snapshot (spec 2.2, "All"): flat properties, one
 * `sensor.<type>` number per sensor. Read liberally like the search records (records.ts).
 */
import type { Feature } from '../../shared/api/index.ts';
import type { SnapshotObservationProperties } from './groups.ts';
import { fields, finite, isObject, text, time, type Json } from './liberal.ts';
import type { RecordReader } from './records.ts';

const snapshotFields = fields<Omit<SnapshotObservationProperties, `sensor.${string}`>>({
  image: text,
  camera_id: text,
  description: text,
  city: text,
  state: text,
  country: text,
  time,
});

export const readSnapshotObservation: RecordReader<Feature<SnapshotObservationProperties>> = (
  raw,
  odd,
) => {
  if (!isObject(raw)) return void odd.drop('not an object');
  const p = raw['properties'];
  if (!isObject(p)) return void odd.drop('no properties object');
  const c = isObject(raw['geometry']) ? raw['geometry']['coordinates'] : undefined;
  const lon = Array.isArray(c) ? finite(c[0]) : undefined;
  const lat = Array.isArray(c) ? finite(c[1]) : undefined;
  if (lon === undefined || lat === undefined) return void odd.drop('no usable geometry');
  const properties: Json = snapshotFields(p, odd, 'properties.');
  for (const [key, value] of Object.entries(p)) {
    if (!key.startsWith('sensor.')) continue;
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
    properties: properties as unknown as SnapshotObservationProperties,
  };
};
