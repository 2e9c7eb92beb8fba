/**
 * Errors a request can end in. Every failure is answered as
 * {"error": {"status", "code", "parameter"?, "message"}} (docs/service.md), or in another form
 * when the service's variant says so (errorAnswer).
 */
import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody, ApiErrorCode } from '../../shared/api/index.ts';

export class RequestError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly parameter: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    parameter?: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.parameter = parameter;
    this.headers = headers;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        status: this.status,
        code: this.code,
        ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
        message: this.message,
      },
    };
  }
}

export function invalidParameter(parameter: string, message: string): RequestError {
  return new RequestError(400, 'invalid_parameter', message, parameter);
}

/** Well-formed but contradictory values (for example a minimum above its maximum). */
export function unprocessable(parameter: string, message: string): RequestError {
  return new RequestError(422, 'unprocessable', message, parameter);
}

export function notFound(what: string, id: string): RequestError {
  return new RequestError(
    404,
    'not_found',
    `No ${what} with id "${id}" (it may never have existed or may have expired).`,
  );
}

/** The forms an error body may take (ServiceChoices.errors; the interface shows none). */
export type ErrorForm = 'json' | 'other-json' | 'text' | 'html' | 'empty';

export interface ErrorAnswer {
  /** Absent for an empty body. */
  contentType?: string;
  body: string;
}

/**
 * The body of an error in a variant's form. Ours is `toBody()`; the others are what providers
 * commonly send: RFC 7807 problem details (and RFC 6749's {error, error_description} from the
 * token endpoint), a line of text, a gateway's HTML page, or nothing at all. The status code and
 * the headers (WWW-Authenticate, Retry-After, Allow) are the same in every form.
 */
export function errorAnswer(e: RequestError, form: ErrorForm, tokenEndpoint = false): ErrorAnswer {
  const reason = STATUS_CODES[e.status] ?? 'Error';
  switch (form) {
    case 'json':
      return { contentType: JSON_TYPE, body: JSON.stringify(e.toBody()) };
    case 'other-json':
      if (tokenEndpoint) {
        const oauth = { error: oauthCode(e), error_description: e.message };
        return { contentType: JSON_TYPE, body: JSON.stringify(oauth) };
      }
      return {
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: reason,
          status: e.status,
          detail: e.message,
          ...(e.parameter === undefined ? {} : { invalid_params: [{ name: e.parameter }] }),
        }),
      };
    case 'text':
      return {
        contentType: 'text/plain; charset=utf-8',
        body: `${e.status} ${reason}: ${e.message}\n`,
      };
    case 'html':
      return {
        contentType: 'text/html; charset=utf-8',
        body: htmlPage(e.status, reason, e.message),
      };
    case 'empty':
      return { body: '' };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** RFC 6749 5.2 names the token endpoint's error codes; ours map onto them. */
function oauthCode(e: RequestError): string {
  if (e.code === 'invalid_client' || e.code === 'unsupported_grant_type') return e.code;
  if (e.status === 429) return 'slow_down';
  return 'invalid_request';
}

/** A page as a web server or gateway in front of a service writes one. */
function htmlPage(status: number, reason: string, message: string): string {
  return [
    '<!DOCTYPE html>',
    `<html><head><meta charset="utf-8"><title>${status} ${reason}</title>`,
    '<style>body { font-family: sans-serif; margin: 2em } h1 { color: #a00 }</style>',
    '<script>window.dataLayer = [];</script></head>',
    `<body><h1>${reason}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    '<hr><address>roadcam-gateway</address></body></html>',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
