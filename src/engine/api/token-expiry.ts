/**
 * When an access token ends, read as liberally as the interface allows: the unit of
 * `expires_in` is not shown (interface 5.7), but the access token is a JWT whose `exp` claim says
 * when it ends, and tokens live 7 days (5.4). Whatever a service sends, the result is a finite
 * time between a few minutes and 7 days away: never NaN, negative or years (a token believed
 * dead at once would be requested again on every call and get the application blocked).
 */
import { TOKEN_LIFETIME_S } from '../../shared/api/index.ts';
import type { ServiceClock } from './clock.ts';

/** The interface's lifetime (7 days): the most a token is trusted for, whatever it claims. */
export const TOKEN_LIFETIME_MS = TOKEN_LIFETIME_S * 1000;
/**
 * The least: twice the renewal margin (token.ts), so that a token is used for at least a few
 * minutes. A service whose tokens really end sooner refuses them; that refusal renews once.
 */
export const MIN_TOKEN_LIFETIME_MS = 10 * 60_000;

/** Units a provider might mean by `expires_in`, in milliseconds each. */
const UNITS = { seconds: 1000, milliseconds: 1, minutes: 60_000 } as const;
export type ExpiresInUnit = keyof typeof UNITS;

export interface TokenExpiry {
  /** Epoch milliseconds on this machine's clock. */
  expiresAt: number;
  /** What it was read from, for the log. */
  from: 'exp' | `expires_in in ${ExpiresInUnit}` | 'the 7 days of the interface';
}

/** The claims of a JWT's payload, read without verifying it (only the service can). */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function seconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Milliseconds the token has left by its `exp` claim, or null without a usable one. With the
 * service's clock known (a Date header), exp is compared with it; without, `exp - iat` (both
 * on the service's clock) still gives the lifetime whatever the skew.
 */
function fromClaims(token: string, clock: ServiceClock): number | null {
  const claims = jwtClaims(token);
  const exp = seconds(claims?.['exp']);
  if (exp === null) return null;
  const iat = seconds(claims?.['iat']);
  if (clock.known || iat === null) return exp * 1000 - clock.now();
  return (exp - iat) * 1000;
}

/**
 * `expires_in` in the unit that makes it nearest to the interface's 7 days (on a ratio scale):
 * 604800 is seconds, 604800000 milliseconds, 10080 minutes. A string of digits is read as a number.
 */
export function readExpiresIn(value: unknown): { ms: number; unit: ExpiresInUnit } | null {
  const n = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  let best: { ms: number; unit: ExpiresInUnit; distance: number } | null = null;
  for (const [unit, factor] of Object.entries(UNITS) as [ExpiresInUnit, number][]) {
    const ms = n * factor;
    const distance = Math.abs(Math.log(ms / TOKEN_LIFETIME_MS));
    if (!best || distance < best.distance) best = { ms, unit, distance };
  }
  return best && { ms: best.ms, unit: best.unit };
}

/**
 * When a token just received ends, on this machine's clock: from the JWT's exp, else from
 * expires_in in its likeliest unit, else the interface's 7 days; always within the bounds above.
 * `clock` has already read the token answer's Date header.
 */
export function tokenExpiry(
  answer: { access_token: string; expires_in?: unknown },
  clock: ServiceClock,
  localNow: number,
): TokenExpiry {
  const bounded = (ms: number) =>
    localNow + Math.min(TOKEN_LIFETIME_MS, Math.max(MIN_TOKEN_LIFETIME_MS, ms));
  const left = fromClaims(answer.access_token, clock);
  if (left !== null && left > 0) return { expiresAt: bounded(left), from: 'exp' };
  const given = readExpiresIn(answer.expires_in);
  if (given) return { expiresAt: bounded(given.ms), from: `expires_in in ${given.unit}` };
  return { expiresAt: bounded(TOKEN_LIFETIME_MS), from: 'the 7 days of the interface' };
}
