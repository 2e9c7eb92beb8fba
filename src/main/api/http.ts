/**
 * One HTTP exchange with retries: jittered exponential backoff on network errors, 429 (honouring
 * Retry-After) and 5xx, for idempotent requests only, since repeating anything else could do
 * it twice. Redirects are never followed here: the caller decides what a 302 means.
 */
import { NetworkError } from './errors.ts';

export interface RetryPolicy {
  /** Total tries, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is returned instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

export interface Exchange {
  operation: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  idempotent: boolean;
  signal?: AbortSignal | undefined;
}

export type Log = (line: string) => void;

/** Sends the request, retrying what may be retried; returns the final response, whatever its status. */
export function exchange(
  request: Exchange,
  policy: RetryPolicy = DEFAULT_RETRY,
  log: Log = () => {},
): Promise<Response> {
  return retrying(request, policy, log, {
    send: () =>
      fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: request.signal,
      }),
    status: (r) => r.status,
    header: (r, name) => r.headers.get(name),
    discard: async (r) => void (await r.body?.cancel()),
  });
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
  request: Pick<Exchange, 'operation' | 'url' | 'idempotent' | 'signal'>,
  policy: RetryPolicy,
  log: Log,
  transport: Transport<R>,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const last = !request.idempotent || attempt >= policy.attempts;
    let response: R;
    try {
      response = await transport.send();
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (last) throw new NetworkError(request.operation, request.url, error);
      const delay = backoff(attempt, policy);
      log(`${request.operation}: network error, retry ${attempt} in ${delay} ms`);
      await sleep(delay, request.signal);
      continue;
    }
    const status = transport.status(response);
    if (!retryable(status) || last) return response;
    const delay = retryDelay(transport.header(response, 'retry-after'), attempt, policy);
    if (delay === null) return response;
    await transport.discard(response);
    log(`${request.operation}: HTTP ${status}, retry ${attempt} in ${delay} ms`);
    await sleep(delay, request.signal);
  }
}

function retryable(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501);
}

/** Full-jitter backoff: spreads the retries of many clients instead of synchronising them. */
export function backoff(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function retryDelay(header: string | null, attempt: number, policy: RetryPolicy): number | null {
  const asked = header === null ? null : parseRetryAfter(header);
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
