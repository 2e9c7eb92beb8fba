/**
 * The sensor badges of a camera's latest observation, as text (tested in Node). Worse conditions
 * stand out (snow, ponding, poor visibility, heavy precipitation); a compact badge set, for a
 * small tile, keeps the road's state and only the readings that are not normal, in short words.
 */
import type { SensorReadings } from '../../shared/ipc/observations.ts';
import { SENSOR_TYPES, sensorLabel, type SensorType } from '../../shared/sensors.ts';

export interface SensorBadge {
  type: SensorType;
  /** What the badge shows. */
  text: string;
  /** The whole reading, for the badge's title and accessible name. */
  full: string;
  level: 'bad' | 'warn' | 'ok' | 'none';
}

const names: Record<SensorType, string> = {
  road_weather: 'Road',
  visibility: 'Visibility',
  precip: 'Precip',
};

/** Short words on a compact badge: the road's state needs no name, "Heavy" alone would. */
const compactNames: Record<SensorType, string> = {
  road_weather: '',
  visibility: 'Vis ',
  precip: '',
};

function severity(type: SensorType, value: number): SensorBadge['level'] {
  if (value === -1) return 'none';
  if (type === 'road_weather') return value >= 6 ? 'bad' : value >= 2 ? 'warn' : 'ok';
  if (type === 'visibility') return value <= 0.2 ? 'bad' : value < 1 ? 'warn' : 'ok';
  return value === 1 ? 'bad' : 'ok';
}

export function sensorBadges(sensors: SensorReadings | undefined, compact: boolean): SensorBadge[] {
  if (!sensors) return [];
  return SENSOR_TYPES.flatMap((type) => {
    const value = sensors[type];
    if (value === null) return [];
    const label = sensorLabel(type, value) ?? String(value);
    const level = severity(type, value);
    const full = `${names[type]}: ${label}`;
    if (!compact) return [{ type, text: full, full, level }];
    if (type !== 'road_weather' && (level === 'ok' || level === 'none')) return [];
    const short = type === 'precip' && value === 1 ? 'Heavy precip.' : label;
    return [{ type, text: `${compactNames[type]}${short}`, full, level }];
  });
}
