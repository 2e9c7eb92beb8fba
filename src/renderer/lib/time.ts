/**
 * Times in the renderer: in the user's zone or UTC (the `timeZone` setting), always saying
 * which, and a camera's own local time from its position (tz-lookup: offline, no service call).
 */
import tzLookup from '@photostructure/tz-lookup';
import { t as words } from './words.svelte.ts';
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
 * the service did not give in a readable form (the client reads it as null: src/engine/api/records.ts).
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
  return words('common.cameraTime', { time: clockIn(t, zone, false), zone });
}

/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 days ago": the age of data shown. */
export function formatAge(fromIso: string | number, now = Date.now()): string {
  const from = typeof fromIso === 'number' ? fromIso : Date.parse(fromIso);
  const s = Math.max(0, Math.round((now - from) / 1000));
  if (s < 5) return words('common.age.now');
  if (s < 60) return words('common.age.seconds', { count: s });
  const m = Math.round(s / 60);
  if (m < 60) return words('common.age.minutes', { count: m });
  const h = Math.round(m / 60);
  if (h < 48) return words('common.age.hours', { count: h });
  return words('common.age.days', { count: Math.round(h / 24) });
}
