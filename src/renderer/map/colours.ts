/**
 * Colours of sensor values and alert severities, shared by the map layers and their legends so
 * that a legend always matches what is drawn.
 */
import { SENSOR_VALUES, type SensorType } from '../../shared/sensors.ts';
import type { ValueKeys } from '../lib/enum-words.ts';

const NO_REPORT = '#9aa3ab';

const SENSOR_COLOURS: Record<SensorType, Record<string, string>> = {
  road_weather: {
    '0': '#2e9d4a',
    '1': '#a3c95a',
    '2': '#4aa3e0',
    '3': '#1b5fb4',
    '6': '#c48be0',
    '10': '#7b2fa8',
    '-1': NO_REPORT,
  },
  visibility: {
    '1': '#2e9d4a',
    '0.5': '#e0b324',
    '0.2': '#ef7d1a',
    '0': '#c62828',
    '-1': NO_REPORT,
  },
  precip: { '0': '#8dbf8f', '1': '#1b5fb4', '-1': NO_REPORT },
};

export function sensorColour(type: SensorType, value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_REPORT;
  return SENSOR_COLOURS[type][String(value)] ?? NO_REPORT;
}

/** The legend of a sensor: every value of the document's table, with its meaning. */
export function sensorLegend(type: SensorType) {
  return SENSOR_VALUES[type].map((v) => ({ ...v, colour: sensorColour(type, v.value) }));
}

export const SEVERITY_ORDER = ['extreme', 'severe', 'moderate', 'minor', 'unknown'] as const;

/** The legends' names of the severities drawn, "unknown" being any the service did not give. */
export const SEVERITY_LEGEND_WORDS: ValueKeys<(typeof SEVERITY_ORDER)[number]> = {
  extreme: 'alerts.severity.extreme',
  severe: 'alerts.severity.severe',
  moderate: 'alerts.severity.moderate',
  minor: 'alerts.severity.minor',
  unknown: 'map.legend.unknownSeverity',
};

const SEVERITY_COLOURS: Record<string, string> = {
  extreme: '#6a1b9a',
  severe: '#d32f2f',
  moderate: '#ef7d1a',
  minor: '#e0b324',
  unknown: '#5f6b76',
};

export function severityColour(severity: string): string {
  return SEVERITY_COLOURS[severity.toLowerCase()] ?? SEVERITY_COLOURS.unknown!;
}

const DARK_TEXT = '#1b1f24';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background` (a severity badge's text). */
export function textOn(background: string): string {
  return contrast('#ffffff', background) >= contrast(DARK_TEXT, background) ? '#ffffff' : DARK_TEXT;
}

export const CAMERA_COLOUR = '#1f6feb';
export const CAMERA_VIDEO_COLOUR = '#d9480f';
