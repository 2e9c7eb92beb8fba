/**
 * The road-condition changes a condition watch looks for, in the sensor values of the interface
 * (spec 2.3, sensors.ts). Each change is a sensor's previous value (`prev`) in one set and its
 * current value (`data`) in another: the filters ask the service's transition search (beta) for
 * exactly that, and `isChange` checks an observation the service sent, since a service may
 * ignore the beta `[prev]` filter and send observations that are not changes at all.
 */
import type { Range, SensorFilter } from './api/params.ts';
import type { MessageKey } from './i18n/translator.ts';
import { sensorLabel, type SensorType } from './sensors.ts';

export const CHANGE_KINDS = ['snow', 'ponding', 'poor-visibility', 'heavy-precip'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

interface ChangeDef {
  sensor: SensorType;
  label: string;
  /** The values the sensor moves from, and to; "no report" (-1) is in neither. */
  from: readonly Range[];
  to: Range;
}

const CHANGES: Readonly<Record<ChangeKind, ChangeDef>> = {
  // Partial (6) or full (10) snow after a road with none (dry, moist, wet, ponding).
  snow: { sensor: 'road_weather', label: 'Snow', from: [{ min: 0, max: 3 }], to: { min: 6 } },
  // Ponding after a drier road, or after snow (melt): two ranges, two searches.
  ponding: {
    sensor: 'road_weather',
    label: 'Ponding',
    from: [{ min: 0, max: 2 }, { min: 6 }],
    to: { min: 3, max: 3 },
  },
  'poor-visibility': {
    sensor: 'visibility',
    label: 'Poor visibility',
    from: [{ min: 0.2 }],
    to: { min: 0, max: 0 },
  },
  'heavy-precip': {
    sensor: 'precip',
    label: 'Heavy precipitation',
    from: [{ min: 0, max: 0 }],
    to: { min: 1, max: 1 },
  },
};

/** Words a user types that the service has no value for, and what to use instead. */
const NOT_REPORTED: Record<string, string> = {
  ice:
    'the service reports no ice: road_weather is full snow, partial snow, ponding, wet, moist ' +
    'or dry (interface 2.3); "snow" covers full and partial snow',
};

/** Each kind's name in the catalogue (docs/glossary.md): the app and the command line say it alike. */
export const CHANGE_NAME_KEYS: Readonly<Record<ChangeKind, MessageKey>> = {
  snow: 'alerts.change.snow',
  ponding: 'alerts.change.ponding',
  'poor-visibility': 'alerts.change.poorVisibility',
  'heavy-precip': 'alerts.change.heavyPrecip',
};

export function changeSensor(kind: ChangeKind): SensorType {
  return CHANGES[kind].sensor;
}

export function changeLabel(kind: ChangeKind): string {
  return CHANGES[kind].label;
}

/** The transition filters (sensors[<type>][data] / [prev]) that find the change. */
export function changeFilters(kind: ChangeKind): Record<string, SensorFilter>[] {
  const def = CHANGES[kind];
  return def.from.map((prev) => ({ [def.sensor]: { data: def.to, prev } }));
}

function inRange(value: number, r: Range): boolean {
  return (r.min === undefined || value >= r.min) && (r.max === undefined || value <= r.max);
}

/** True when a reading {data, prev} is the change: both values known and in the change's sets. */
export function isChange(kind: ChangeKind, data: unknown, prev: unknown): boolean {
  const def = CHANGES[kind];
  if (typeof data !== 'number' || typeof prev !== 'number') return false;
  if (data === -1 || prev === -1) return false;
  return inRange(data, def.to) && def.from.some((r) => inRange(prev, r));
}

/**
 * Reads a list of change names ("snow,ponding"): the kinds, or a sentence saying which name is
 * not one and what the names are.
 */
export function parseChangeKinds(text: string): ChangeKind[] | string {
  const kinds: ChangeKind[] = [];
  for (const word of text.split(',').map((w) => w.trim().toLowerCase())) {
    if (word === '') continue;
    const why = NOT_REPORTED[word];
    if (why) return `"${word}" cannot be watched: ${why}.`;
    if (!(CHANGE_KINDS as readonly string[]).includes(word)) {
      return `"${word}" is not a change Roadcam watches for; use ${CHANGE_KINDS.join(', ')}.`;
    }
    if (!kinds.includes(word as ChangeKind)) kinds.push(word as ChangeKind);
  }
  return kinds.length > 0 ? kinds : `Name at least one change: ${CHANGE_KINDS.join(', ')}.`;
}

/** A sensor value in words ("Partial snow"), or the number when the table has no such value. */
export function valueLabel(kind: ChangeKind, value: number): string {
  return sensorLabel(CHANGES[kind].sensor, value) ?? String(value);
}

/** "Wet → Partial snow": a change's values before and after, in words. */
export function changeWords(kind: ChangeKind, before: number, after: number): string {
  return `${valueLabel(kind, before)} → ${valueLabel(kind, after)}`;
}
