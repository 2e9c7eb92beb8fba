/**
 * Sensor value tables of the service interface (spec section 2.3): every value a sensor can
 * report and what it means. One source of truth for the service (validation, world
 * generation) and the client (legends, filters).
 */
import type { MessageKey } from './i18n/translator.ts';

export const SENSOR_TYPES = ['road_weather', 'visibility', 'precip'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

export interface SensorValue {
  value: number;
  /** The English word, for logs and the command line's columns. */
  label: string;
  /** The catalogue's key for the word, in the user's language (docs/glossary.md). */
  word: MessageKey;
  meaning: string;
}

/** The value every sensor uses for "no report due to image quality or content". */
export const NO_REPORT = -1;
const NO_REPORT_VALUE: SensorValue = {
  value: NO_REPORT,
  label: 'No report',
  word: 'sensor.no_report',
  meaning: 'No report due to image quality or content',
};

export const SENSOR_VALUES: Readonly<Record<SensorType, readonly SensorValue[]>> = {
  road_weather: [
    {
      value: 10,
      label: 'Full snow',
      word: 'sensor.road_weather.full_snow',
      meaning: 'More than 50% of the road surface covered',
    },
    {
      value: 6,
      label: 'Partial snow',
      word: 'sensor.road_weather.partial_snow',
      meaning: 'Bare pavement in at least one lane, roughly 30-50% covered',
    },
    {
      value: 3,
      label: 'Ponding',
      word: 'sensor.road_weather.ponding',
      meaning: 'Exceptionally wet, road spray through pooling water',
    },
    { value: 2, label: 'Wet', word: 'sensor.road_weather.wet', meaning: 'Shiny road, some spray' },
    {
      value: 1,
      label: 'Moist',
      word: 'sensor.road_weather.moist',
      meaning: 'Minor moisture, below the wet criteria',
    },
    {
      value: 0,
      label: 'Dry',
      word: 'sensor.road_weather.dry',
      meaning: 'No water or snow detected',
    },
    NO_REPORT_VALUE,
  ],
  visibility: [
    { value: 0, label: 'Poor', word: 'sensor.visibility.poor', meaning: '0 to 0.3 miles' },
    {
      value: 0.2,
      label: 'Reduced',
      word: 'sensor.visibility.reduced',
      meaning: '0.3 to 0.7 miles',
    },
    { value: 0.5, label: 'Hazy', word: 'sensor.visibility.hazy', meaning: '0.7 to 1.5 miles' },
    { value: 1, label: 'Good', word: 'sensor.visibility.good', meaning: '1.5+ miles' },
    NO_REPORT_VALUE,
  ],
  precip: [
    {
      value: 1,
      label: 'Heavy precipitation',
      word: 'sensor.precip.heavy',
      meaning: 'Significantly wet roads, reduced visibility',
    },
    {
      value: 0,
      label: 'Not heavy',
      word: 'sensor.precip.not_heavy',
      meaning: 'No heavy precipitation',
    },
    NO_REPORT_VALUE,
  ],
};

export function isSensorType(name: string): name is SensorType {
  return (SENSOR_TYPES as readonly string[]).includes(name);
}

/** True when `value` is one of the values the sensor can report. */
export function isSensorValue(type: SensorType, value: number): boolean {
  return SENSOR_VALUES[type].some((v) => v.value === value);
}

/** The catalogue's key for a value's word, or undefined for a value outside the table. */
export function sensorWord(type: SensorType, value: number): MessageKey | undefined {
  return SENSOR_VALUES[type].find((v) => v.value === value)?.word;
}

export function sensorLabel(type: SensorType, value: number): string | undefined {
  return SENSOR_VALUES[type].find((v) => v.value === value)?.label;
}
