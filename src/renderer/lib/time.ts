/**
 * Times in the renderer: in the user's zone or UTC (the `timeZone` setting), always saying
 * which, and a camera's own local time from its position (tz-lookup: offline, no service call).
 */
import tzLookup from '@photostructure/tz-lookup';
import {
  clockIn,
  formatTimeIn,
  systemTimeZone,
  zoneOf,
  type TimeStyle,
  type ZoneChoice,
} from '../../shared/times.ts';

export { clockIn, formatTimeIn, zoneName, type ZoneChoice } from '../../shared/times.ts';

/** The zone times are shown in: the computer's own, or UTC. */
export function userZone(choice: ZoneChoice | null | undefined): string {
  return zoneOf(choice ?? 'local', systemTimeZone());
}

/**
 * A UTC time from the service in the user's zone, with the zone's name; "time unknown" for one
 * the service did not give in a readable form (the client reads it as null: src/main/api/records.ts).
 */
export function formatTime(
  iso: string | number | null | undefined,
  zone: string,
  style: TimeStyle = 'dateTime',
): string {
  return formatTimeIn(iso, zone, { style });
}

/** The IANA zone at a place; null off the map (a position the service got wrong). */
export function zoneAt(lat: number, lon: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

/** "08:42 at the camera (America/Denver)": a camera's own clock, where daylight and rush hours matter. */
export function cameraTime(t: number, lat: number, lon: number): string | null {
  const zone = zoneAt(lat, lon);
  if (zone === null) return null;
  return `${clockIn(t, zone, false)} at the camera (${zone})`;
}
