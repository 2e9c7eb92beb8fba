/**
 * The service's clock as seen from here. Creation times, the 90-day lifetime of recordings and
 * collections, ten-minute snapshot marks, alert expiry and the token's `exp` are all times of
 * the service's clock, which the user's machine need not share (a wrong system clock, a
 * provider's skew, a test service on a pinned clock). HTTP requires every answer to carry the
 * origin's clock in its `Date` header (RFC 9110, 6.6.1), so the offset is learnt from each
 * answer of the service; every comparison of a service time with "now" uses `now()` below.
 */

/** Anything further off than this is not a clock but a garbled header. */
const MAX_OFFSET_MS = 50 * 365 * 86_400_000;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), obsolete RFC 850 ("Sunday, 06-Nov-94
// 08:49:37 GMT") and asctime ("Sun Nov  6 08:49:37 1994"): the three forms a recipient must read.
const IMF = /^[A-Z][a-z]{2}, (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 = /^[A-Z][a-z]+, (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * Epoch milliseconds of an HTTP date, or null when the text is not one. Parsed by hand: Date.parse
 * reads asctime in the machine's time zone and accepts many texts HTTP does not.
 */
export function parseHttpDate(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const value = text.trim();
  let parts: [string, string, string, string, string, string] | null = null;
  let m = IMF.exec(value);
  if (m) parts = [m[3]!, m[2]!, m[1]!, m[4]!, m[5]!, m[6]!];
  else if ((m = RFC850.exec(value))) {
    // Two-digit years: the RFC's rule is "within 50 years"; all real servers are past 2000.
    parts = [String(2000 + Number(m[3])), m[2]!, m[1]!, m[4]!, m[5]!, m[6]!];
  } else if ((m = ASCTIME.exec(value))) {
    parts = [m[6]!, m[1]!, m[2]!.trim(), m[3]!, m[4]!, m[5]!];
  }
  if (!parts) return null;
  const [year, month, day, h, min, s] = parts;
  const monthIndex = MONTHS.indexOf(month);
  const numbers = [Number(year), Number(day), Number(h), Number(min), Number(s)];
  if (monthIndex < 0 || numbers.some((n) => !Number.isInteger(n))) return null;
  const [y, d, hh, mm, ss] = numbers as [number, number, number, number, number];
  if (d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60) return null;
  const ms = Date.UTC(y, monthIndex, d, hh, mm, Math.min(ss, 59));
  // Date.UTC rolls 31 Feb over into March: such a date is garbled, not a clock.
  return new Date(ms).getUTCDate() === d ? ms : null;
}

export class ServiceClock {
  #offsetMs = 0;
  #known = false;
  readonly #localNow: () => number;

  /** `localNow`: this machine's clock (tests give their own). */
  constructor(localNow: () => number = Date.now) {
    this.#localNow = localNow;
  }

  /** The service's clock minus ours, in milliseconds; 0 until an answer told it. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** True once an answer carried a readable Date. */
  get known(): boolean {
    return this.#known;
  }

  /** This machine's clock (epoch ms), as the clock reads it: when a request is sent. */
  localNow(): number {
    return this.#localNow();
  }

  /** Epoch milliseconds on the service's clock. */
  now(): number {
    return this.#localNow() + this.#offsetMs;
  }

  /** A time of the service's clock (epoch ms) on this machine's clock: when to act on it here. */
  toLocal(serviceMs: number): number {
    return serviceMs - this.#offsetMs;
  }

  /**
   * Learns the offset from an answer's Date header, read as it arrives; `sentAt` (localNow()
   * when the request left) narrows it. A missing or garbled header changes nothing (the
   * previous offset, or 0, stays): the clock never jumps on a header it cannot trust.
   */
  observe(dateHeader: string | null | undefined, sentAt?: number): void {
    const date = parseHttpDate(dateHeader);
    if (date === null) return;
    const receivedAt = this.#localNow();
    // The service wrote the header between the request leaving and the answer arriving, and
    // truncated its clock to the second: the offset lies in [low, high].
    const low = date - receivedAt;
    const high = date + 1000 - Math.min(sentAt ?? receivedAt, receivedAt);
    if (Math.abs(low) > MAX_OFFSET_MS) return;
    // Within a second of agreeing is below what the header can tell: the clocks agree. A
    // slow answer (a loaded machine) widens the range; it still holds 0 for a service on this
    // machine's clock, where the answer's arrival time alone once read as a second behind and
    // a collection created a moment ago read "90 days left", not 89.
    // Otherwise the top of the range: the service's now is never thought earlier than it is,
    // so what it created a moment ago never reads as a little in the future.
    const offset = low <= 1000 && high >= -1000 ? 0 : high;
    // Within a second of the last reading is the header's own rounding, not a change of
    // clock: keeping the old value keeps "days left" and the like from flickering.
    if (this.#known && Math.abs(offset - this.#offsetMs) < 1000) return;
    this.#offsetMs = offset;
    this.#known = true;
  }
}
