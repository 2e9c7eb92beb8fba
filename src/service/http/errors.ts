/**
 * Errors a request can end in. Every failure is answered as
 * {"error": {"status", "code", "parameter"?, "message"}} (docs/service.md).
 */
import type { ApiErrorBody, ApiErrorCode } from '../../shared/api/index.ts';

export class ApiError extends Error {
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

export function invalidParameter(parameter: string, message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', message, parameter);
}

/** Well-formed but contradictory values (for example a minimum above its maximum). */
export function unprocessable(parameter: string, message: string): ApiError {
  return new ApiError(422, 'unprocessable', message, parameter);
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError(
    404,
    'not_found',
    `No ${what} with id "${id}" (it may never have existed or may have expired).`,
  );
}
