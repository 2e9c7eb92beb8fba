/**
 * The period of "record these cameras" as the user types it: `datetime-local` values, which
 * carry no zone, read in the zone the app shows times in (Settings: the computer's own or UTC),
 * so that the times typed are the times the app shows everywhere else.
 */
import { t } from '../lib/words.svelte.ts';
import { isoFromMs } from '../../shared/times.ts';

/** The zone's offset from UTC at an instant, in ms (Berlin in winter: +3,600,000). */
function offsetAt(t: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(t);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * A `datetime-local` value ("2026-11-20T10:00") read in `zone`, as UTC ISO 8601; null when it
 * does not read. A time that a clock change skips is taken an hour on, as clocks do.
 */
export function zonedToIso(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, Number.isFinite(s) ? s! : 0);
  // The offset at the guess, then at the answer: right on both sides of a clock change.
  const guess = wall - offsetAt(wall, zone);
  const t = wall - offsetAt(guess, zone);
  return isoFromMs(t);
}

/** An instant as a `datetime-local` value in `zone` (to fill the inputs). */
export function isoToZoned(t: number, zone: string): string {
  return new Date(t + offsetAt(t, zone)).toISOString().slice(0, 16);
}

export type RecordPeriod = { lastMinutes: number } | { start: string; stop: string };

/** The period asked for, or why it cannot be recorded, in words. */
export function periodOf(
  choice: { mode: 'last'; minutes: number } | { mode: 'range'; from: string; to: string },
  zone: string,
): RecordPeriod | string {
  if (choice.mode === 'last') {
    const m = choice.minutes;
    return Number.isInteger(m) && m >= 1 && m <= 1440
      ? { lastMinutes: m }
      : t('downloads.period.minutes');
  }
  const start = zonedToIso(choice.from, zone);
  const stop = zonedToIso(choice.to, zone);
  if (start === null || stop === null) return t('downloads.period.both');
  if (Date.parse(stop) <= Date.parse(start)) return t('downloads.period.order');
  if (Date.parse(stop) - Date.parse(start) > 24 * 3600_000) {
    return t('downloads.period.long');
  }
  return { start, stop };
}
