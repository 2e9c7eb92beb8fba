/**
 * Distances in the renderer: the unit comes from the `distanceUnit` setting, or the browser's
 * language when that is automatic; conversion, parsing and formatting are the shared ones
 * (src/shared/units.ts) so that the app and the command line read and print alike.
 */
import { distanceUnit, type DistanceUnit } from '../../shared/units.ts';

export {
  formatDistance,
  fromKm,
  parseDistance,
  radiusParam,
  roundDistance,
  toKm,
  unitLabel,
  unitName,
  visibilityBounds,
  visibilityRange,
  type DistanceUnit,
} from '../../shared/units.ts';

/** The page's language; Chromium takes it from the OS (Playwright's `locale` in tests). */
export function pageLocale(): string {
  return typeof navigator === 'undefined' ? 'en-US' : navigator.language;
}

/** The unit the user sees: the setting, else the page language's unit. */
export function userUnit(setting: DistanceUnit | null | undefined): DistanceUnit {
  return distanceUnit(setting ?? null, pageLocale());
}
