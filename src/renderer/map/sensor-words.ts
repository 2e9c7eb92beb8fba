/**
 * The sensors and their values in the user's language: the names the map's menus, legend and
 * panels use, each value's word (docs/glossary.md) and what it means, and the visibility classes
 * as distances in the user's unit.
 */
import type { MessageKey } from '../../shared/i18n/translator.ts';
import { sensorWord, type SensorType } from '../../shared/sensors.ts';
import { visibilityRange, type DistanceUnit } from '../lib/units.ts';
import { t, words } from '../lib/words.svelte.ts';

/** The map names road_weather by what it shows, the road's weather, not the surface alone. */
const SENSOR_NAMES: Record<SensorType, MessageKey> = {
  road_weather: 'map.sensor.road_weather',
  visibility: 'sensor.visibility',
  precip: 'sensor.precip',
};

/** What each value means (the interface's table, 2.3), by the value's word. */
const MEANINGS: Partial<Record<MessageKey, MessageKey>> = {
  'sensor.road_weather.full_snow': 'map.meaning.full_snow',
  'sensor.road_weather.partial_snow': 'map.meaning.partial_snow',
  'sensor.road_weather.ponding': 'map.meaning.ponding',
  'sensor.road_weather.wet': 'map.meaning.wet',
  'sensor.road_weather.moist': 'map.meaning.moist',
  'sensor.road_weather.dry': 'map.meaning.dry',
  'sensor.precip.heavy': 'map.meaning.heavy',
  'sensor.precip.not_heavy': 'map.meaning.not_heavy',
  'sensor.no_report': 'map.meaning.no_report',
};

export function sensorName(type: SensorType): string {
  return t(SENSOR_NAMES[type]);
}

/** A value's word ("Partial snow"), or undefined for a value outside the sensor's table. */
export function sensorValueWord(type: SensorType, value: number): string | undefined {
  const key = sensorWord(type, value);
  return key && t(key);
}

/** A value's word, or the value itself when the table has none (a newer service's value). */
export function valueOrNumber(type: SensorType, value: number): string {
  return sensorValueWord(type, value) ?? String(value);
}

/** What a value means: visibility as a range of distance in `unit`, the others in words. */
export function sensorMeaning(type: SensorType, value: number, unit: DistanceUnit): string {
  const range = type === 'visibility' ? visibilityRange(value, unit, words.language) : null;
  if (range) return words.say(range);
  const word = sensorWord(type, value);
  const meaning = word && MEANINGS[word];
  return meaning ? t(meaning) : '';
}
