/**
 * The ApiClient's errors. Each says what failed, why, and what to do, and none ever contains a
 * secret, a token or a signed URL's signature: messages end up in logs, the renderer and bug
 * reports.
 */
import type { ApiErrorCode, ApiErrorDetail } from '../../shared/api/index.ts';

/** Base of every error the client throws; `operation` names what was attempted ("cameras search"). */
export class ApiError extends Error {
  readonly operation: string;

  constructor(operation: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.operation = operation;
  }
}

/** The service answered with an error status; carries its JSON error body. */
export class ServiceError extends ApiError {
  readonly status: number;
  readonly code: ApiErrorCode | 'unknown';
  readonly parameter: string | undefined;
  /** The service's own message, as it sent it (after redaction). */
  readonly serviceMessage: string;

  constructor(operation: string, detail: ServiceErrorDetail) {
    super(operation, describeServiceError(operation, detail));
    this.name = 'ServiceError';
    this.status = detail.status;
    this.code = detail.code;
    this.parameter = detail.parameter;
    this.serviceMessage = detail.message;
  }
}

export interface ServiceErrorDetail {
  status: number;
  code: ApiErrorCode | 'unknown';
  parameter?: string | undefined;
  message: string;
}

/** The credentials were refused, the token could not be renewed, or the client is blocked. */
export class AuthError extends ServiceError {
  constructor(operation: string, detail: ServiceErrorDetail) {
    super(operation, detail);
    this.name = 'AuthError';
    this.message = `${this.message} ${authAdvice(detail.code)}`;
  }
}

/** The service could not be reached, or the connection broke mid-way. */
export class NetworkError extends ApiError {
  constructor(operation: string, target: string, cause: unknown) {
    super(
      operation,
      `${operation} failed: could not reach ${safeUrl(target)} (${causeText(cause)}). ` +
        'Check the network connection and the service address, then try again.',
      { cause },
    );
    this.name = 'NetworkError';
  }
}

function describeServiceError(operation: string, d: ServiceErrorDetail): string {
  const about = d.parameter ? `, parameter ${d.parameter}` : '';
  const what = d.code === 'unknown' ? `HTTP ${d.status}` : `HTTP ${d.status} ${d.code}`;
  return `${operation} failed: ${d.message} (${what}${about}).`;
}

function authAdvice(code: ServiceErrorDetail['code']): string {
  if (code === 'client_blocked') {
    return 'The service has blocked this client; contact the provider to have it unblocked.';
  }
  return 'Check the client id and secret of this profile (run `roadcam login` again).';
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

/** Replaces every occurrence of the given secrets, and anything shaped like a JWT, with […]. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[redacted]');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** Builds the error for a failed response from the service's JSON error body (when it has one). */
export function errorFromBody(
  operation: string,
  status: number,
  body: unknown,
  secrets: readonly (string | undefined)[],
): ServiceError {
  const detail = readDetail(status, body);
  // Cut after the redaction, which must see every secret whole.
  detail.message = redact(detail.message, secrets).slice(0, 1000);
  const auth =
    status === 401 ||
    detail.code === 'invalid_client' ||
    detail.code === 'client_blocked' ||
    detail.code === 'unauthorized';
  return auth ? new AuthError(operation, detail) : new ServiceError(operation, detail);
}

/** A code or parameter name as the interface writes them; anything else is not used. */
function word(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w.[\]-]{1,100}$/.test(value) ? value : undefined;
}

function readDetail(status: number, body: unknown): ServiceErrorDetail {
  const e = (body as { error?: Partial<Record<keyof ApiErrorDetail, unknown>> | string } | null)
    ?.error;
  if (e && typeof e === 'object' && typeof e.message === 'string' && e.message.trim()) {
    // Each field is used only when it is what the interface says (the body is untrusted).
    return {
      status,
      code: (word(e.code) as ApiErrorCode | undefined) ?? 'unknown',
      parameter: word(e.parameter),
      message: e.message.trim().replace(/[.\s]+$/, ''),
    };
  }
  // OAuth-style bodies ({error: 'invalid_client', error_description}) and non-JSON answers.
  const description = (body as { error_description?: unknown } | null)?.error_description;
  return {
    status,
    code: (word(e) as ApiErrorCode | undefined) ?? 'unknown',
    message: typeof description === 'string' ? description : statusText(status),
  };
}

function statusText(status: number): string {
  if (status === 401) return 'the service did not accept the access token';
  if (status === 403) return 'the service refused access';
  if (status === 404) return 'not found';
  if (status === 429) return 'too many requests';
  if (status >= 500) return 'the service had an internal error';
  return 'the service refused the request';
}
