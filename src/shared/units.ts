/**
 * Distances as people read them, in kilometres or miles: the unit a locale uses, exact
 * conversion, parsing what a user typed, and formatting through Intl (never by hand). The app
 * and the command line both use it; each decides the locale its own way.
 */
import { said, type Said } from './i18n/translator.ts';

export type DistanceUnit = 'km' | 'mi';

/** The international mile, exactly. */
export const KM_PER_MI = 1.609344;

/** Regions whose roads are measured in miles (CLDR's measurement system "US"). */
const MILE_REGIONS = new Set(['US', 'LR', 'MM']);

/** The unit a locale uses: en-US, en-LR and my-MM measure in miles, every other in km. */
export function localeDistanceUnit(locale: string): DistanceUnit {
  let region: string | undefined;
  try {
    // "en" alone maximises to en-Latn-US: a bare language reads as its likeliest region.
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    return 'km'; // not a locale tag (LANG=C): the international unit
  }
  return region !== undefined && MILE_REGIONS.has(region) ? 'mi' : 'km';
}

/** The unit to show: the user's choice, or the locale's when the setting is automatic. */
export function distanceUnit(setting: DistanceUnit | null, locale: string): DistanceUnit {
  return setting ?? localeDistanceUnit(locale);
}

/** Drops the float noise of a conversion (5 mi -> 8.04672 km -> 5.000000000000001 mi). */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

export function toKm(value: number, unit: DistanceUnit): number {
  return tidy(unit === 'mi' ? value * KM_PER_MI : value);
}

export function fromKm(km: number, unit: DistanceUnit): number {
  return tidy(unit === 'mi' ? km / KM_PER_MI : km);
}

/**
 * A default distance as it reads round in `unit`, back in km: 1 km stays 1 km, and is 0.5 mi
 * in miles (not 0.62). The nearest of 1, 2, 2.5 and 5 times a power of ten, by ratio.
 */
export function roundDistance(km: number, unit: DistanceUnit): number {
  const value = fromKm(km, unit);
  const power = 10 ** Math.floor(Math.log10(value));
  const far = (step: number) => Math.abs(Math.log((step * power) / value));
  const step = [1, 2, 2.5, 5, 10].reduce((best, s) => (far(s) < far(best) ? s : best));
  return toKm(tidy(step * power), unit);
}

/** The service's radius text: the distance in the user's unit with its suffix ("5mi", "2.5km"). */
export function radiusParam(km: number, unit: DistanceUnit): string {
  return `${Number(fromKm(km, unit).toFixed(4))}${unit}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: string | undefined, unit: DistanceUnit, long: boolean) {
  const key = `${locale ?? ''}|${unit}|${long}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: unit === 'km' ? 'kilometer' : 'mile',
      unitDisplay: long ? 'long' : 'short',
      maximumSignificantDigits: 3,
    });
    numberFormats.set(key, f);
  }
  return f;
}

/** "25 km", "15.5 mi", "1,610 km": a distance in `unit`, digits and spacing of the locale. */
export function formatDistance(km: number, unit: DistanceUnit, locale?: string): string {
  return unitFormat(locale, unit, false).format(fromKm(km, unit));
}

/** The unit's short name in the locale ("km", "mi"), for a field's label. */
export function unitLabel(unit: DistanceUnit, locale?: string): string {
  const parts = unitFormat(locale, unit, false).formatToParts(1);
  return parts.find((p) => p.type === 'unit')?.value ?? unit;
}

/** The unit's name in words ("kilometers", "miles") for sentences and screen readers. */
export function unitName(unit: DistanceUnit, locale?: string): string {
  const parts = unitFormat(locale, unit, true).formatToParts(2);
  return parts.find((p) => p.type === 'unit')?.value ?? unit;
}

/**
 * What a user typed as a distance, in km: "5" (in `unit`), "5 mi", "2.5km", "800 m". Null when
 * it is not a distance above 0; a comma as the decimal mark is read too ("2,5 km").
 */
export function parseDistance(text: string, unit: DistanceUnit): number | null {
  const m = /^\s*(\d+(?:[.,]\d*)?|[.,]\d+)\s*(km|mi|m)?\s*$/i.exec(text);
  if (!m) return null;
  const value = Number(m[1]!.replace(',', '.'));
  if (!(value > 0)) return null;
  const typed = (m[2]?.toLowerCase() ?? unit) as DistanceUnit | 'm';
  return typed === 'm' ? tidy(value / 1000) : toKm(value, typed);
}

/** The spec's visibility classes (service-interface 2.3) as ranges in miles. */
const VISIBILITY_MILES: Record<number, [number, number | null]> = {
  0: [0, 0.3],
  0.2: [0.3, 0.7],
  0.5: [0.7, 1.5],
  1: [1.5, null],
};

/**
 * A visibility class's range in the user's unit, [low, high], high null for the open class
 * ("1.5+ miles"); null for a value that is not a class (no report).
 */
export function visibilityBounds(
  value: number,
  unit: DistanceUnit,
): [number, number | null] | null {
  const range = VISIBILITY_MILES[value];
  if (!range) return null;
  const [low, high] = range.map((mi) => (mi === null ? null : fromKm(toKm(mi, 'mi'), unit)));
  return [low!, high ?? null];
}

/**
 * A visibility class's range in the user's unit, as a message for the front end to say in its
 * language: "0.7 to 1.5 miles", "1.13 to 2.41 km", "2.41+ km" (the figures formatted for
 * `locale`); null for a value that is not a class (no report).
 */
export function visibilityRange(value: number, unit: DistanceUnit, locale?: string): Said | null {
  const bounds = visibilityBounds(value, unit);
  if (!bounds) return null;
  const [low, high] = bounds;
  const n = new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 });
  const name = unitLabel(unit, locale);
  return high === null
    ? said('map.visibility.over', { low: n.format(low), unit: name })
    : said('map.visibility.range', { low: n.format(low), high: n.format(high), unit: name });
}

/** Below these, a distance reads in feet or metres: a tenth of a mile, a kilometre. */
const SMALL_UNIT = {
  mi: { below: 0.1, unit: 'foot', per: 5280, step: 5 },
  km: { below: 1, unit: 'meter', per: 1000, step: 10 },
} as const;

/**
 * A short distance (a camera off a route's line) as people say it: near, in feet or metres to a
 * round figure ("35 ft", "10 m"); farther, in `unit` to a tenth ("0.2 mi", "1.4 km"), not the
 * three significant digits of `formatDistance` ("0.00659 mi").
 */
export function formatShortDistance(km: number, unit: DistanceUnit, locale?: string): string {
  const value = fromKm(km, unit);
  const small = SMALL_UNIT[unit];
  const near = value < small.below;
  const shown = near ? Math.round((value * small.per) / small.step) * small.step : value;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: near ? small.unit : unit === 'km' ? 'kilometer' : 'mile',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(shown);
}
