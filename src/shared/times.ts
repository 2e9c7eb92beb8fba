/**
 * Times as people read them: in the user's time zone or in UTC, always saying which ("Nov 27,
 * 10:42 AM PST", "10:42 UTC"), formatted by Intl for the locale. The zone is always passed in,
 * so that what is shown never depends on where the code happens to run (tests pass a zone).
 */

/** The `timeZone` setting: the user's own zone, or UTC. */
export type ZoneChoice = 'local' | 'utc';

/** The IANA zone of a choice; `systemZone` is where the computer is (Intl tells it). */
export function zoneOf(choice: ZoneChoice, systemZone: string): string {
  return choice === 'utc' ? 'UTC' : systemZone;
}

/** The computer's own zone, as Intl resolves it (TZ in Node, the OS in Chromium). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export type TimeStyle = 'dateTime' | 'weekday' | 'clock' | 'clockSeconds' | 'date' | 'full';

const styles: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** Within the last days (a replay, a rewind): "Fri 10:40 AM PST". */
  weekday: { weekday: 'short', hour: '2-digit', minute: '2-digit' },
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  clockSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  full: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
};

/** Formatters are costly to build and a wall redraws its clocks every second: one per kind. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string, style: TimeStyle, locale: string | undefined, named: boolean) {
  const key = `${locale ?? ''}|${zone}|${style}|${named}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      ...styles[style],
      timeZone: zone,
      ...(named ? { timeZoneName: 'short' } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** A time in milliseconds as UTC ISO 8601 to the second ("2026-11-27T10:42:00Z"): as the service writes and reads times. */
export function isoFromMs(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A time as a number, or null when the service gave none or gave one nobody can read. */
export function instantOf(time: string | number | null | undefined): number | null {
  if (time === null || time === undefined) return null;
  const t = typeof time === 'number' ? time : Date.parse(time);
  return Number.isFinite(t) ? t : null;
}

/**
 * A time in a zone with the zone's short name ("Nov 27, 10:42 AM PST", "Nov 27, 10:42 UTC");
 * `fallback` for a time that is missing or unreadable. A date alone carries no zone name.
 */
export function formatTimeIn(
  time: string | number | null | undefined,
  zone: string,
  options: { style?: TimeStyle; locale?: string; fallback?: string } = {},
): string {
  const t = instantOf(time);
  if (t === null) return options.fallback ?? 'time unknown';
  const style = options.style ?? 'dateTime';
  return formatFor(zone, style, options.locale, style !== 'date').format(t);
}

/** A clock without the zone's name ("10:42:07"), for captions that name the zone apart. */
export function clockIn(t: number, zone: string, seconds = true, locale?: string): string {
  return formatFor(zone, seconds ? 'clockSeconds' : 'clock', locale, false).format(t);
}

/** The zone's short name at that moment ("MST", "UTC", "GMT+11"), in English as tiles show. */
export function zoneName(t: number, zone: string): string {
  const parts = formatFor(zone, 'clock', 'en-US', true).formatToParts(t);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}
