import { describe, expect, it } from 'vitest';
import { errorFromBody, redact, safeUrl } from '../../../src/engine/api/errors.ts';
import { backoff, DEFAULT_RETRY, parseRetryAfter, sleep } from '../../../src/engine/api/http.ts';
import { said } from '../../../src/shared/i18n/translator.ts';

describe('backoff', () => {
  it('doubles from the base delay up to the maximum, jittered within the upper half', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5].map((a) => backoff(a, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect([1, 2, 3].map((a) => backoff(a, policy, () => 0))).toEqual([50, 100, 200]);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(
      parseRetryAfter('Sat, 21 Nov 2026 12:00:10 GMT', Date.parse('2026-11-21T12:00:00Z')),
    ).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('sleep stops at once when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(sleep(10_000, controller.signal)).rejects.toThrow('stop');
  });
});

describe('error messages', () => {
  it('never carry a secret, a JWT or a signed URL query', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';
    expect(redact(`token ${jwt} and secret hunter22`, ['hunter22'])).toBe(
      'token [redacted] and secret [redacted]',
    );
    expect(safeUrl('http://h:1/signed/x.zip?expires=1&signature=abc')).toBe(
      'http://h:1/signed/x.zip',
    );
    const error = errorFromBody(
      said('api.op.search', { kind: 'cameras' }),
      400,
      { error: { status: 400, code: 'invalid_parameter', message: `bad ${jwt}.` } },
      [],
    );
    expect(error.message).toBe(
      'cameras search failed: bad [redacted] (HTTP 400 invalid_parameter).',
    );
  });

  it('make sense of a body that is not the service error form', () => {
    expect(errorFromBody(said('api.op.session'), 502, null, []).message).toBe(
      'session failed: the service had an internal error (HTTP 502).',
    );
    const oauth = errorFromBody(
      said('api.op.signIn'),
      401,
      { error: 'invalid_client', error_description: 'Bad client' },
      [],
    );
    expect(oauth).toMatchObject({ name: 'AuthError', code: 'invalid_client' });
  });
});
