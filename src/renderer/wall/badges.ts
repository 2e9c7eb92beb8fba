/**
 * The sensor badges of a camera's latest observation, as text (tested in Node). Worse conditions
 * stand out (snow, ponding, poor visibility, heavy precipitation); a compact badge set, for a
 * small tile, keeps the road's state and only the readings that are not normal, in short words.
 */
import type { SensorReadings } from '../../shared/ipc/observations.ts';
import { SENSOR_TYPES, sensorWord, type SensorType } from '../../shared/sensors.ts';
import { t } from '../lib/words.svelte.ts';

export interface SensorBadge {
  type: SensorType;
  /** What the badge shows. */
  text: string;
  /** The whole reading, for the badge's title and accessible name. */
  full: string;
  level: 'bad' | 'warn' | 'ok' | 'none';
}

/** A value's word in the language in force; a value outside the table, as the service sent it. */
function valueWords(type: SensorType, value: number): string {
  const word = sensorWord(type, value);
  return word ? t(word) : String(value);
}

/** Short words on a compact badge: the road's state needs no name, "Heavy" alone would. */
function compactWords(type: SensorType, value: number, label: string): string {
  if (type === 'precip' && value === 1) return t('wall.badge.heavy');
  return type === 'visibility' ? t('wall.badge.visibility', { value: label }) : label;
}

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
    const label = valueWords(type, value);
    const level = severity(type, value);
    const full = t('wall.badge.full', { sensor: type, value: label });
    if (!compact) return [{ type, text: full, full, level }];
    if (type !== 'road_weather' && (level === 'ok' || level === 'none')) return [];
    return [{ type, text: compactWords(type, value, label), full, level }];
  });
}
