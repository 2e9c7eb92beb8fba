/**
 * One HTTP exchange with retries. Network errors and 5xx are retried with jittered exponential
 * backoff, for idempotent requests only, since repeating anything else could do it twice. A 429
 * is retried for every method, writes included: it means the operation was not carried out, so
 * repeating it is safe. Its waits (Retry-After, or a backoff without one) are bounded by their
 * total time, not by the attempts of other failures. Redirects are never followed here: the
 * caller decides what a 302 means. An attempt that passes the answer deadline (answer-deadline.ts)
 * is retried as a network error is, but at most `deadlineAttempts` times in all: each costs a
 * whole deadline, and a service that slow is seldom quick a moment later.
 */
import { ApiError, NetworkError } from './errors.ts';
import { english } from '../../shared/i18n/english.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import type { Log } from '../log.ts';
import { NetProblem } from '../net/problem.ts';
import type { ExchangeInit } from '../net/exchange.ts';
import { AnswerDeadlinePassed, underDeadline, type Deadline } from './answer-deadline.ts';

/**
 * How a request leaves the machine: the core's Network (src/engine/net: `exchange`, which
 * follows no redirect), or Node's fetch.
 */
export type Fetcher = (url: string, init: ExchangeInit) => Promise<Response>;

export interface RetryPolicy {
  /** Total tries for network errors and 5xx, the first included (429s are not counted). */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A 5xx's Retry-After longer than this is not waited for: the error is returned instead. */
  maxRetryAfterMs: number;
  /**
   * How long one request may wait out 429s in all; a wait that would go past it is not
   * started, and the 429 is returned. Generous: a throttled save should succeed, not fail.
   */
  throttleBudgetMs: number;
  /**
   * Total tries of a request whose attempts pass the answer deadline, the first included (and
   * never more than `attempts`): a command gives up after about twice the deadline.
   */
  deadlineAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  throttleBudgetMs: 10 * 60_000,
  deadlineAttempts: 2,
};

/** Told when requests wait out the service's rate limit, and when they pass again. */
export interface ThrottleListener {
  /** A request waits `waitMs` after a 429; the returned function is called when the wait ends. */
  waiting(operation: Said, waitMs: number): (outcome: 'retry' | 'aborted') => void;
  /** A request got an answer other than 429. */
  passed(): void;
}

export interface Exchange {
  /** What the request is, as it means it (call.ts); logs say its English. */
  operation: Said;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  idempotent: boolean;
  /**
   * False where a 429 means something other than "not now" and must not be repeated: the
   * token request, where it means the client is blocked for asking too often.
   */
  retryThrottled?: boolean;
  signal?: AbortSignal | undefined;
  /** How long each attempt may take, and whether that covers the whole body; none without. */
  deadline?: Deadline | undefined;
}

/** Sends the request, retrying what may be retried; returns the final response, whatever its status. */
export function exchange(
  request: Exchange,
  policy: RetryPolicy = DEFAULT_RETRY,
  log: Log = () => {},
  throttle?: ThrottleListener,
  fetcher: Fetcher = fetch,
): Promise<Response> {
  return retrying(
    request,
    policy,
    log,
    {
      send: () => {
        const send = (signal: AbortSignal | undefined) =>
          fetcher(request.url, {
            method: request.method,
            headers: request.headers,
            body: request.body,
            redirect: 'manual',
            signal,
          });
        const { deadline, operation } = request;
        return deadline
          ? underDeadline(operation, deadline, request.signal, send)
          : send(request.signal);
      },
      status: (r) => r.status,
      header: (r, name) => r.headers.get(name),
      discard: async (r) => void (await r.body?.cancel()),
    },
    throttle,
  );
}

/** How `retrying` sends a request and reads an answer, whatever the HTTP stack. */
export interface Transport<R> {
  send(): Promise<R>;
  status(response: R): number;
  header(response: R, name: string): string | null;
  /** Drops an answer that is retried. */
  discard(response: R): Promise<void>;
}

/** The retry loop of `exchange`, for any HTTP stack (fetch, or node:http for downloads). */
export async function retrying<R>(
  request: Pick<Exchange, 'operation' | 'url' | 'idempotent' | 'retryThrottled' | 'signal'>,
  policy: RetryPolicy,
  log: Log,
  transport: Transport<R>,
  throttle?: ThrottleListener,
): Promise<R> {
  let failures = 0;
  let late = 0;
  let throttles = 0;
  let throttledMs = 0;
  for (;;) {
    let response: R;
    try {
      response = await transport.send();
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      failures++;
      const slow = error instanceof AnswerDeadlinePassed;
      if (slow) late++;
      if (!request.idempotent || failures >= policy.attempts || late >= policy.deadlineAttempts) {
        throw failed(request, error);
      }
      // An untrusted certificate or a refusing proxy stays so: trying again only waits. An
      // answer past its cap (an ApiError) would be as large again.
      if (error instanceof NetProblem || (error instanceof ApiError && !slow)) {
        throw failed(request, error);
      }
      const delay = backoff(failures, policy);
      const what = slow ? 'no complete answer in time' : 'network error';
      log(`${english.say(request.operation)}: ${what}, retry ${failures} in ${delay} ms`);
      await sleep(delay, request.signal);
      continue;
    }
    const status = transport.status(response);
    if (status === 429 && request.retryThrottled !== false) {
      throttles++;
      const delay = throttleDelay(transport, response, throttles, policy);
      if (throttledMs + delay > policy.throttleBudgetMs) {
        log(
          `${english.say(request.operation)}: HTTP 429 again after ${throttledMs} ms of waiting; giving up`,
        );
        return response;
      }
      throttledMs += delay;
      await transport.discard(response);
      log(
        `${english.say(request.operation)}: HTTP 429, the service limits requests; retry in ${delay} ms`,
      );
      const done = throttle?.waiting(request.operation, delay);
      try {
        await sleep(delay, request.signal);
      } catch (error) {
        done?.('aborted');
        throw error;
      }
      done?.('retry');
      continue;
    }
    if (status !== 429) throttle?.passed();
    if (!retryable(status) || !request.idempotent || failures + 1 >= policy.attempts) {
      return response;
    }
    failures++;
    const delay = retryDelay(
      transport.header(response, 'retry-after'),
      transport.header(response, 'date'),
      failures,
      policy,
    );
    if (delay === null) return response;
    await transport.discard(response);
    log(`${english.say(request.operation)}: HTTP ${status}, retry ${failures} in ${delay} ms`);
    await sleep(delay, request.signal);
  }
}

/** The error of a request whose attempt failed without an answer: in words already, or so put. */
function failed(request: Pick<Exchange, 'operation' | 'url'>, error: unknown): Error {
  return error instanceof ApiError
    ? error
    : new NetworkError(request.operation, request.url, error);
}

/**
 * How long to wait after a 429: as Retry-After says (a date is read against the answer's own
 * Date, so a skewed clock on either side does not matter), else a backoff; never less than the
 * base delay, so that a "Retry-After: 0" cannot make a tight loop.
 */
function throttleDelay<R>(
  transport: Transport<R>,
  response: R,
  throttles: number,
  policy: RetryPolicy,
): number {
  const header = transport.header(response, 'retry-after');
  const date = transport.header(response, 'date');
  const asked = header === null ? null : parseRetryAfter(header, answerNow(date));
  return Math.max(asked ?? backoff(throttles, policy), policy.baseDelayMs);
}

/** Failures worth another try of an idempotent request (a 429 is handled on its own). */
function retryable(status: number): boolean {
  return status >= 500 && status !== 501;
}

/** Full-jitter backoff: spreads the retries of many clients instead of synchronising them. */
export function backoff(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'> & Partial<RetryPolicy>,
  random = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The clock a Retry-After date is read against: the answer's own Date (the service's clock,
 * which need not be this machine's: src/engine/api/clock.ts), else ours.
 */
function answerNow(date: string | null): number {
  const ms = Date.parse(date ?? '');
  return Number.isNaN(ms) ? Date.now() : ms;
}

function retryDelay(
  header: string | null,
  date: string | null,
  attempt: number,
  policy: RetryPolicy,
): number | null {
  const asked = header === null ? null : parseRetryAfter(header, answerNow(date));
  if (asked === null) return backoff(attempt, policy);
  return asked > policy.maxRetryAfterMs ? null : asked;
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string, now = Date.now()): number | null {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
