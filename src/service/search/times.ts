/**
 * Time bounds: UTC ISO 8601 datetimes (zone Z or an offset; none means UTC) or dates. A date
 * as a lower bound is the start of that day; as an upper bound it includes the whole day.
 * Observation time bounds may also be a time of day, HH:MM, in UTC.
 */
import { invalidParameter } from '../http/errors.ts';
import { clip, type ParamReader } from './reader.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function validDate(y: number, m: number, d: number): number | undefined {
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
    ? ms
    : undefined;
}

/** Epoch seconds of a date or datetime; `end` makes a date mean its last second. */
export function parseInstant(name: string, text: string, end: boolean): number {
  const s = text.trim();
  let m = DATE.exec(s);
  if (m) {
    const ms = validDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (ms === undefined) throw invalidParameter(name, `${name}: ${s} is not a calendar date.`);
    return ms / 1000 + (end ? 86400 - 1 : 0);
  }
  m = DATETIME.exec(s);
  if (m) {
    const ms = validDate(Number(m[1]), Number(m[2]), Number(m[3]));
    const [h, min, sec] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (ms === undefined || h > 23 || min > 59 || sec > 59)
      throw invalidParameter(name, `${name}: ${s} is not a valid time.`);
    let offset = 0;
    const zone = m[8];
    if (zone && zone.toUpperCase() !== 'Z') {
      const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
      if (Number(z[2]) > 23 || Number(z[3]) > 59)
        throw invalidParameter(name, `${name}: ${zone} is not a valid offset.`);
      offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 3600 + Number(z[3]) * 60);
    }
    let t = ms / 1000 + h * 3600 + min * 60 + sec - offset;
    // A fractional second: a lower bound rounds up, an upper bound down (times are whole seconds).
    if (m[7] && Number(m[7]) > 0 && !end) t += 1;
    return t;
  }
  throw invalidParameter(
    name,
    `${name} must be a UTC ISO 8601 date (2026-11-21) or datetime (2026-11-21T08:30:00Z); got "${clip(s)}".`,
  );
}

export interface Bounds {
  min?: number;
  max?: number;
}

export function readBounds(r: ParamReader, minName: string, maxName: string): Bounds {
  const a = r.string(minName);
  const b = r.string(maxName);
  const out: Bounds = {};
  if (a !== undefined) out.min = parseInstant(minName, a, false);
  if (b !== undefined) out.max = parseInstant(maxName, b, true);
  return out;
}

/** Seconds after midnight UTC for HH:MM, or undefined when the text is not a time of day. */
export function parseTimeOfDay(name: string, text: string): number | undefined {
  const m = TIME_OF_DAY.exec(text.trim());
  if (!m) return undefined;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59)
    throw invalidParameter(name, `${name}: ${text} is not a valid time of day (00:00 to 23:59).`);
  return h * 3600 + min * 60 + s;
}

/** A time in seconds since 1970 as UTC ISO 8601 to the second ("2026-11-27T10:42:00Z"). */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
