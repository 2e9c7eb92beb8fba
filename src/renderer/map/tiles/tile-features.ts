/**
 * What a vector tile feature says, read in one place. The interface does not show the layer
 * names or the attributes of its tiles, so another provider may call the camera id `camera_id`,
 * give the video flag as 0/1 or put sensor values under their plain names. Every reader of a
 * tile point (colours, markers, clicks, counts) goes through `readFeature`, never through raw
 * attribute names. Pure: runs in the tile worker and in Node tests.
 */
import { SENSOR_TYPES, SENSOR_VALUES, type SensorType } from '../../../shared/sensors.ts';

export type TileProps = Record<string, number | string | boolean>;
export type TileKind = 'cameras' | 'observations';

export interface TileFeature {
  /**
   * The id the app opens: the camera id (camera tiles) or the observation id (observation
   * tiles). Null when the tile does not name it: a click then finds it by a search at the
   * point (pick-resolve.ts).
   */
  id: string | null;
  /** The camera the point belongs to, when the tile names it. */
  cameraId: string | null;
  /** The observation's time as the tile gives it (observation tiles). */
  time: string | null;
  /** True only when the tile says so; a tile that says nothing shows a still camera. */
  video: boolean;
  description: string | null;
  /** Sensor values the tile carries (observation tiles); absent ones are not reported. */
  sensors: Partial<Record<SensorType, number>>;
  /** The MVT feature id: a number, unique in its layer at best; never a camera id. */
  featureId: number | null;
}

const CAMERA_ID_KEYS = ['camera_id', 'cameraId', 'camera', 'cameraID'];
const OBSERVATION_ID_KEYS = ['observation_id', 'observationId'];
const VIDEO_KEYS = ['video', 'has_video', 'live_video', 'hasVideo', 'liveVideo'];
const DESCRIPTION_KEYS = ['description', 'name', 'title'];
const TIME_KEYS = ['time', 'observed_at', 'timestamp'];

/** The app's view of one tile feature: its properties and (MVT) feature id. */
export function readFeature(
  kind: TileKind,
  props: TileProps,
  featureId: number | undefined,
): TileFeature {
  const cameraId = firstText(props, CAMERA_ID_KEYS) ?? (kind === 'cameras' ? text(props.id) : null);
  const id =
    kind === 'cameras'
      ? (text(props.id) ?? cameraId)
      : (text(props.id) ?? firstText(props, OBSERVATION_ID_KEYS));
  const sensors: TileFeature['sensors'] = {};
  for (const type of SENSOR_TYPES) {
    const value = sensorValue(props, type);
    if (value !== null) sensors[type] = value;
  }
  return {
    id,
    cameraId,
    time: firstText(props, TIME_KEYS),
    video: VIDEO_KEYS.some((k) => flag(props[k])),
    description: firstText(props, DESCRIPTION_KEYS),
    sensors,
    featureId: typeof featureId === 'number' && Number.isFinite(featureId) ? featureId : null,
  };
}

/**
 * What tells two drawn points apart as features: the id, or the camera and time, or nothing
 * (null: never merged with another point).
 */
export function featureKey(f: TileFeature): string | null {
  if (f.id !== null) return `id:${f.id}`;
  if (f.cameraId !== null) return `camera:${f.cameraId}@${f.time ?? ''}`;
  return null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  // A numeric id (some encoders store "123" as an integer) names the thing all the same.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function firstText(props: TileProps, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = text(props[key]);
    if (value !== null) return value;
  }
  return null;
}

/** true, 1, "true", "1", "yes": on; anything else (absent included): off. */
function flag(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string')
    return ['true', '1', 'yes', 't', 'y'].includes(value.trim().toLowerCase());
  return false;
}

function number(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function sensorValue(props: TileProps, type: SensorType): number | null {
  for (const key of [
    `sensor.${type}`,
    `sensors.${type}`,
    type,
    `sensor_${type}`,
    `sensors.${type}.data`,
  ]) {
    const value = number(props[key]);
    if (value !== null) return snap(type, value);
  }
  // Encoders that flatten nested objects into JSON text (tippecanoe does) keep `sensors` whole.
  const nested = props.sensors;
  if (typeof nested === 'string' && nested.trimStart().startsWith('{')) {
    try {
      const parsed = JSON.parse(nested) as Record<string, unknown>;
      const entry = parsed[type];
      const value = number(
        typeof entry === 'object' && entry !== null ? (entry as { data?: unknown }).data : entry,
      );
      if (value !== null) return snap(type, value);
    } catch {
      // Not JSON after all: the point is drawn without this sensor (neutral colour).
    }
  }
  return null;
}

/**
 * A value stored as a 32-bit float (0.2 reads 0.20000000298) is the table's value it rounds
 * to, so that it gets that value's colour.
 */
function snap(type: SensorType, value: number): number {
  const known = SENSOR_VALUES[type].find((v) => Math.abs(v.value - value) < 1e-6);
  return known ? known.value : value;
}
