/**
 * The ApiClient's errors. Each says what failed, why, and what to do, and none ever contains a
 * secret, a token or a signed URL's signature: messages end up in logs, the renderer and bug
 * reports.
 */
import type { ApiErrorCode } from '../../shared/api/index.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { NetProblem } from '../net/problem.ts';
import { wordsOfBody, wordsOfJson, type BodyWords } from './error-body.ts';

/**
 * Base of every error the client throws; `operation` is what was attempted, as it means it
 * (`api.op.search`: "cameras search"), said within the error's own words.
 */
export class ApiError extends Error {
  readonly operation: Said;
  /**
   * What went wrong as a catalogue code and its parameters, for errors converted to the
   * catalogue: a front end says it in its user's language; `message` is its English, for logs.
   */
  readonly said: Said | undefined;

  constructor(operation: Said, message: string, options?: { cause?: unknown; said?: Said }) {
    super(message, options);
    this.name = 'ApiError';
    this.operation = operation;
    this.said = options?.said;
  }
}

/** The service answered with an error status; carries what its error body said. */
export class ServiceError extends ApiError {
  readonly status: number;
  /** The body's code when it had one that is a word (ours, OAuth's), else 'unknown'. */
  readonly code: ApiErrorCode | 'unknown';
  readonly parameter: string | undefined;
  /** The service's own message, as it sent it (after redaction). */
  readonly serviceMessage: string;
  /** How long the service asked to wait (Retry-After), when it did. */
  readonly retryAfterMs: number | undefined;

  /** `said`: what it means, in the catalogue (by default the description and, for a 429, when). */
  constructor(operation: Said, detail: ServiceErrorDetail, said = serviceSaid(operation, detail)) {
    super(operation, english.say(said), { said });
    this.name = 'ServiceError';
    this.status = detail.status;
    this.code = detail.code;
    this.parameter = detail.parameter;
    this.serviceMessage = detail.message;
    this.retryAfterMs = detail.retryAfterMs;
  }
}

export interface ServiceErrorDetail {
  status: number;
  code: ApiErrorCode | 'unknown';
  parameter?: string | undefined;
  message: string;
  retryAfterMs?: number | undefined;
}

/** The credentials were refused, the token could not be renewed, or the client is blocked. */
export class AuthError extends ServiceError {
  constructor(operation: Said, detail: ServiceErrorDetail) {
    super(operation, detail, authSaid(operation, detail));
    this.name = 'AuthError';
  }
}

/** The service could not be reached, or the connection broke mid-way. */
export class NetworkError extends ApiError {
  constructor(operation: Said, target: string, cause: unknown) {
    const words = !(cause instanceof NetProblem)
      ? said('connection.unreachable', {
          operation: saidWithin(operation),
          url: safeUrl(target),
          cause: causeText(cause),
        })
      : cause.said
        ? said('net.problem.failed', {
            operation: saidWithin(operation),
            problem: saidWithin(cause.said),
          })
        : undefined;
    super(
      operation,
      words ? english.say(words) : `${english.say(operation)} failed: ${(cause as Error).message}`,
      { cause, said: words },
    );
    this.name = 'NetworkError';
  }
}

/** The parameters every service error says: what failed, the service's words, the status. */
function described(operation: Said, d: ServiceErrorDetail) {
  return {
    operation: saidWithin(operation),
    message: d.message,
    status: d.status,
    code: d.code,
    parameter: d.parameter ?? 'none',
  };
}

/** When to try again after a 429, as the catalogue's choice and its figure. */
function when(ms: number | undefined) {
  if (ms === undefined) return { wait: 'unknown', seconds: 0, minutes: 0 };
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.ceil(ms / 60_000);
  return { wait: ms < 120_000 ? 'seconds' : 'minutes', seconds, minutes };
}

/** A 429 that reaches the user was waited out as long as Roadcam waits (http.ts). */
function serviceSaid(operation: Said, d: ServiceErrorDetail): Said {
  const wait = d.status === 429 ? when(d.retryAfterMs) : { wait: 'none', seconds: 0, minutes: 0 };
  return said('service.failed', { ...described(operation, d), ...wait });
}

/** `service.failed` with Roadcam's own words for what the answer was (`inner`), not the body's. */
export function serviceSaidWithin(operation: Said, d: ServiceErrorDetail, inner: Said): Said {
  const words = serviceSaid(operation, d);
  return { ...words, params: { ...words.params, message: saidWithin(inner) } };
}

function authSaid(operation: Said, d: ServiceErrorDetail): Said {
  // Spec 5.4: asking for too many tokens gets a client blocked; asking again prolongs it.
  const advice =
    d.code === 'client_blocked' ? 'blocked' : d.status === 429 ? 'throttled' : 'credentials';
  const params = { ...described(operation, d), advice, ...when(d.retryAfterMs) };
  return said('auth.refused', params);
}

function causeText(cause: unknown): string {
  // fetch wraps the socket error: TypeError('fetch failed', { cause: Error{code} | AggregateError }).
  const inner = (cause as { cause?: unknown } | null)?.cause ?? cause;
  const first = (inner as { errors?: unknown[] } | null)?.errors?.[0] ?? inner;
  const code = (first as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  if (first instanceof Error) return first.message;
  return String(first);
}

/** An address fit for a message: origin and path, never the query (signed URLs carry signatures). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'the service';
  }
}

/**
 * Replaces every occurrence of the given secrets, and anything shaped like a JWT (whole, or a
 * piece of one that a service's message clipped), with [redacted].
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.replace(/eyJ[\w-]{4,}(\.[\w-]*){0,2}/g, '[redacted]');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** `said` with `redact` applied to each of its words (a name, an id), however deep. */
export function redactSaid(words: Said, secrets: readonly (string | undefined)[]): Said {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(words.params)) {
    params[name] =
      typeof value === 'string'
        ? redact(value, secrets)
        : typeof value === 'object' && value !== null && 'code' in value
          ? redactSaid(value as Said, secrets)
          : value;
  }
  return { code: words.code, params };
}

/** Builds the error for a failed response from its parsed JSON error body (or null). */
export function errorFromBody(
  operation: Said,
  status: number,
  body: unknown,
  secrets: readonly (string | undefined)[],
): ServiceError {
  return fromWords(operation, status, body === null ? { message: '' } : wordsOfJson(body), secrets);
}

/**
 * Builds the error for a failed response from its body as sent, whatever its form (JSON of any
 * shape, text, HTML, nothing): the status and the service's own words, never '[object Object]'.
 */
export function errorFromText(
  operation: Said,
  status: number,
  text: string,
  contentType: string | null,
  secrets: readonly (string | undefined)[],
  retryAfterMs?: number,
): ServiceError {
  return fromWords(operation, status, wordsOfBody(text, contentType), secrets, retryAfterMs);
}

function fromWords(
  operation: Said,
  status: number,
  words: BodyWords,
  secrets: readonly (string | undefined)[],
  retryAfterMs?: number,
): ServiceError {
  const said = words.message.replace(/[.\s]+$/, '');
  const detail: ServiceErrorDetail = {
    status,
    code: (words.code as ApiErrorCode | undefined) ?? 'unknown',
    parameter: words.parameter,
    // Cut after the redaction, which must see every secret whole.
    message: redact(said === '' ? statusText(status) : said, secrets).slice(0, 1000),
    retryAfterMs,
  };
  const auth =
    status === 401 ||
    detail.code === 'invalid_client' ||
    detail.code === 'client_blocked' ||
    detail.code === 'unauthorized';
  // The operation names what the user gave (an id, a name), which the secrets must not be either.
  const what = redactSaid(operation, secrets);
  return auth ? new AuthError(what, detail) : new ServiceError(what, detail);
}

function statusText(status: number): string {
  if (status === 401) return 'the service did not accept the access token';
  if (status === 403) return 'the service refused access';
  if (status === 404) return 'not found';
  if (status === 429) return 'too many requests';
  if (status >= 500) return 'the service had an internal error';
  return 'the service refused the request';
}
