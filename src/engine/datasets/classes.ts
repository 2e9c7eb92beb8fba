/**
 * A dataset's classes: the values the label sensor reports (interface 2.3), each with a folder
 * name made of its words ("partial-snow"), and "no report" (-1) only when asked for.
 */
import type { Observation } from '../../shared/api/index.ts';
import { NO_REPORT, SENSOR_VALUES, type SensorType } from '../../shared/sensors.ts';

export interface DatasetClass {
  value: number;
  /** The folder and the manifest's class column: the value's words, lower case, with dashes. */
  name: string;
  meaning: string;
}

export function datasetClasses(label: SensorType, includeNoReport: boolean): DatasetClass[] {
  return SENSOR_VALUES[label]
    .filter((v) => includeNoReport || v.value !== NO_REPORT)
    .map((v) => ({ value: v.value, name: className(v.label), meaning: v.label }));
}

/** "Full snow" -> "full-snow". */
function className(words: string): string {
  return words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The sensor's current value in an observation, or null when it did not report that sensor. */
export function sensorValueOf(o: Observation, type: SensorType): number | null {
  const data = o.properties.sensors[type]?.data;
  return typeof data === 'number' ? data : null;
}
