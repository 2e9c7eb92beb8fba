/**
 * Times of the service's answers, read in any form a service may plausibly send and written in
 * one: ISO 8601 UTC with a 'Z' ("2026-11-21T12:00:00Z", milliseconds only when there are some),
 * so that the rest of the app compares, sorts and formats one form. The interface says "ISO
 * 8601 UTC"; ISO 8601 itself allows offsets, fractions of any length and the basic format, and
 * services also send epoch numbers. A time written without a zone is UTC, as the interface says
 * (never the machine's zone: the result must not depend on where the app runs).
 */

const EXTENDED =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/;
const BASIC =
  /^(\d{4})(\d{2})(\d{2})(?:[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,](\d+))?)?)?(Z|z|[+-]\d{2}(?:\d{2})?)?$/;
/** Epoch seconds below this, milliseconds above (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;

/** `value` as ISO 8601 UTC ('...Z'), or null when it is no time this reader can place. */
export function normaliseTime(value: unknown): string | null {
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^-?\d{9,13}(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const parts = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (parts) return fromParts(parts);
  // Other written forms with an explicit zone (RFC 2822: "Sat, 21 Nov 2026 12:00:00 GMT").
  // Without one, Date.parse would read the machine's local time: refused.
  if (/[a-z]{3},? .*(GMT|UTC|[+-]\d{4})$/i.test(text)) return iso(Date.parse(text));
  return null;
}

function fromEpoch(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  return iso(Math.abs(n) < SECONDS_BELOW ? n * 1000 : n);
}

function fromParts(m: RegExpExecArray): string | null {
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const ms = Math.floor(Number(`0.${fraction || '0'}`) * 1000);
  if (month < 1 || month > 12 || day < 1 || hour > 24 || minute > 59 || second > 60) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 31 November over into December: such a date is no date.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return iso(local - offsetMs(zone));
}

function offsetMs(zone: string): number {
  if (/^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const digits = zone.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  const hours = Number(digits.slice(1, 3));
  const minutes = Number(digits.slice(3, 5) || '0');
  return sign * (hours * 60 + minutes) * 60_000;
}

function iso(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace('.000Z', 'Z');
}
