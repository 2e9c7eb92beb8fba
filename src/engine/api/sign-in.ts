/**
 * The sign-in: OAuth 2.0 client credentials (interface 4.1) against the service's token endpoint,
 * the token's lifetime read beside its JWT (token-expiry.ts). The TokenManager (token.ts)
 * decides when to call it; this only asks.
 */
import { ANSWER_CAPS, readCapped } from './capped-read.ts';
import { readAnswer, tokenAnswer } from './answers/answers.ts';
import type { Credentials } from './call.ts';
import type { ServiceClock } from './clock.ts';
import { AuthError, safeUrl, type ServiceError } from './errors.ts';
import { exchange, type Fetcher, type RetryPolicy } from './http.ts';
import type { Log } from '../log.ts';
import type { StoredToken } from './token.ts';
import { tokenExpiry } from './token-expiry.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';

export interface SignInContext {
  baseUrl: string;
  credentials: () => Promise<Credentials>;
  clock: ServiceClock;
  now: () => number;
  retry: RetryPolicy;
  log: Log;
  fetch: Fetcher;
  /** The answer deadline now, in ms: a token answer that trickles must not hold every call. */
  deadlineMs(): number;
  errorOf(operation: Said, response: Response): Promise<ServiceError>;
  /** Told the secret in use, so that error messages can leave it out. */
  usingSecret(secret: string): void;
}

const SIGN_IN = said('api.op.signIn');

export async function signIn(c: SignInContext): Promise<StoredToken> {
  const { clientId, clientSecret } = await c.credentials();
  c.usingSecret(clientSecret);
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  const sentAt = c.clock.localNow();
  // Not idempotent in the service's eyes (each call mints a token): never retried. Nor is a
  // 429 here, which means the client is blocked for asking too often (interface 5.4): asking
  // again would prolong the block; the error says so (errors.ts).
  const response = await exchange(
    {
      operation: SIGN_IN,
      method: 'POST',
      url: `${c.baseUrl}/v1/oauth/token`,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      idempotent: false,
      retryThrottled: false,
      deadline: { ms: c.deadlineMs(), body: { cap: ANSWER_CAPS.token } },
    },
    c.retry,
    c.log,
    undefined,
    c.fetch,
  );
  if (response.status !== 200) {
    const error = await c.errorOf(SIGN_IN, response);
    throw error instanceof AuthError || response.status >= 500
      ? error
      : new AuthError(SIGN_IN, {
          status: error.status,
          code: error.code,
          parameter: error.parameter,
          message: error.serviceMessage,
          retryAfterMs: error.retryAfterMs,
        });
  }
  c.clock.observe(response.headers.get('date'), sentAt);
  const type = response.headers.get('content-type');
  const text = await readCapped(SIGN_IN, response.body, ANSWER_CAPS.token);
  const body = readAnswer(SIGN_IN, text, type, tokenAnswer);
  const now = c.now();
  const { expiresAt, from } = tokenExpiry(body, c.clock, now);
  const hours = Math.round((expiresAt - now) / 360_000) / 10;
  c.log(`sign-in: new token for ${safeUrl(c.baseUrl)}, used for ${hours} h (from ${from})`);
  return { accessToken: body.access_token, expiresAt };
}
