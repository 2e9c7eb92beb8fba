/**
 * When a token ends, read from what a service sends (src/engine/api/token-expiry.ts): the JWT's
 * exp on the service's clock, else expires_in in its likeliest unit (the spec does not show
 * it), else the spec's 7 days; never NaN, negative or longer than 7 days.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClock } from '../../../src/engine/api/clock.ts';
import {
  MIN_TOKEN_LIFETIME_MS,
  TOKEN_LIFETIME_MS,
  readExpiresIn,
  tokenExpiry,
} from '../../../src/engine/api/token-expiry.ts';

const LOCAL = Date.UTC(2031, 5, 15, 3, 0, 0);
const HOUR = 3_600_000;
const WEEK_S = 7 * 24 * 3600;

function jwt(claims: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** A clock that has seen an answer from a service `offsetMs` ahead of this machine. */
function clockAhead(offsetMs: number): ServiceClock {
  const clock = new ServiceClock(() => LOCAL);
  clock.observe(new Date(LOCAL + offsetMs).toUTCString());
  return clock;
}

describe('expires_in in whatever unit', () => {
  it.each([
    ['seconds', WEEK_S],
    ['milliseconds', WEEK_S * 1000],
    ['minutes', WEEK_S / 60],
  ] as const)('reads 7 days given in %s', (unit, value) => {
    expect(readExpiresIn(value)).toEqual({ ms: TOKEN_LIFETIME_MS, unit });
    expect(readExpiresIn(String(value))).toEqual({ ms: TOKEN_LIFETIME_MS, unit });
  });

  it('reads nothing from what is not a positive number', () => {
    for (const value of [undefined, null, NaN, -604800, 0, Infinity, '7 days', '', {}, [1]]) {
      expect(readExpiresIn(value), String(value)).toBeNull();
    }
  });
});

describe('token expiry', () => {
  const noJwt = 'an-opaque-token';

  it("follows the JWT's exp on the service's clock, whatever the skew and expires_in", () => {
    for (const skew of [0, 9 * HOUR, -9 * HOUR, 400 * 24 * HOUR]) {
      const clock = clockAhead(skew);
      const serviceNowS = Math.floor(clock.now() / 1000);
      const token = jwt({ sub: 'demo', iat: serviceNowS, exp: serviceNowS + 2 * 24 * 3600 });
      const { expiresAt, from } = tokenExpiry(
        { access_token: token, expires_in: 'junk' },
        clock,
        LOCAL,
      );
      expect(from).toBe('exp');
      expect(Math.abs(expiresAt - (LOCAL + 48 * HOUR)), `skew ${skew}`).toBeLessThan(2000);
    }
  });

  it('without a Date header, takes the lifetime from exp - iat (the skew cancels out)', () => {
    const clock = new ServiceClock(() => LOCAL);
    const serviceNowS = Math.floor((LOCAL - 30 * HOUR) / 1000);
    const token = jwt({ iat: serviceNowS, exp: serviceNowS + WEEK_S });
    expect(tokenExpiry({ access_token: token }, clock, LOCAL)).toEqual({
      expiresAt: LOCAL + TOKEN_LIFETIME_MS,
      from: 'exp',
    });
  });

  it('falls back on expires_in, then on the 7 days of the interface', () => {
    const clock = clockAhead(0);
    expect(tokenExpiry({ access_token: noJwt, expires_in: 10080 }, clock, LOCAL)).toEqual({
      expiresAt: LOCAL + TOKEN_LIFETIME_MS,
      from: 'expires_in in minutes',
    });
    const expired = jwt({ exp: Math.floor(LOCAL / 1000) - 60 });
    expect(tokenExpiry({ access_token: expired, expires_in: 604800 }, clock, LOCAL)).toEqual({
      expiresAt: LOCAL + TOKEN_LIFETIME_MS,
      from: 'expires_in in seconds',
    });
    // A lifetime the interface does not promise is read in the unit nearest its 7 days (here
    // 60 h): should the service end the token sooner, its refusal renews it once.
    expect(tokenExpiry({ access_token: noJwt, expires_in: 3600 }, clock, LOCAL)).toEqual({
      expiresAt: LOCAL + 60 * HOUR,
      from: 'expires_in in minutes',
    });
    for (const expires_in of [undefined, NaN, -1, 0, 'soon']) {
      expect(tokenExpiry({ access_token: noJwt, expires_in }, clock, LOCAL)).toEqual({
        expiresAt: LOCAL + TOKEN_LIFETIME_MS,
        from: 'the 7 days of the interface',
      });
    }
  });

  it('never trusts a token longer than 7 days nor shorter than 10 minutes', () => {
    const clock = clockAhead(0);
    const nowS = Math.floor(LOCAL / 1000);
    const year = jwt({ exp: nowS + 365 * 24 * 3600 });
    expect(tokenExpiry({ access_token: year }, clock, LOCAL).expiresAt).toBe(
      LOCAL + TOKEN_LIFETIME_MS,
    );
    const inMs = jwt({ exp: (nowS + WEEK_S) * 1000 });
    expect(tokenExpiry({ access_token: inMs }, clock, LOCAL).expiresAt).toBe(
      LOCAL + TOKEN_LIFETIME_MS,
    );
    const seconds = jwt({ exp: nowS + 5 });
    expect(tokenExpiry({ access_token: seconds }, clock, LOCAL).expiresAt).toBe(
      LOCAL + MIN_TOKEN_LIFETIME_MS,
    );
    for (const payload of ['not base64 json', '', 'bnVsbA']) {
      const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
      const { expiresAt } = tokenExpiry({ access_token: token, expires_in: 60 }, clock, LOCAL);
      expect(Number.isFinite(expiresAt)).toBe(true);
      expect(expiresAt - LOCAL).toBeGreaterThanOrEqual(MIN_TOKEN_LIFETIME_MS);
    }
  });
});
