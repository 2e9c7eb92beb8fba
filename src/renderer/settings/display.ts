/**
 * How the user wants distances and times shown, read from the settings where a component
 * starts; without settings in context (a component test) the automatic choices apply.
 */
import { hasContext } from 'svelte';
import { userUnit, type DistanceUnit } from '../lib/units.ts';
import { userZone } from '../lib/time.ts';
import { settingsContext } from './settings.svelte.ts';

export interface Display {
  /** km or mi. */
  readonly unit: DistanceUnit;
  /** The IANA zone times are shown in ("UTC", or the computer's own). */
  readonly zone: string;
}

/** Call while a component starts; the getters follow the settings as they change. */
export function useDisplay(): Display {
  const settings = hasContext(settingsContext.key) ? settingsContext.use() : null;
  return {
    get unit() {
      return userUnit(settings?.current?.distanceUnit);
    },
    get zone() {
      return userZone(settings?.current?.timeZone);
    },
  };
}
