/** The error body of every failed request of the embedded service (docs/service.md). */

export const API_ERROR_CODES = [
  'invalid_parameter',
  'unknown_parameter',
  'invalid_body',
  'unsupported_media_type',
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
  'unauthorized',
  'invalid_token',
  'token_expired',
  'client_blocked',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'uri_too_long',
  'unprocessable',
  'too_many_requests',
  /** 409: the resource is not in a state that allows the operation (destroying a non-empty collection) */
  'conflict',
  /** 503: temporarily unavailable (camera offline, live encoders busy, injected fault) */
  'unavailable',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorDetail {
  status: number;
  code: ApiErrorCode;
  /** The parameter at fault, when one is. */
  parameter?: string;
  message: string;
}

export interface ApiErrorBody {
  error: ApiErrorDetail;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const e = (value as { error?: unknown }).error;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as ApiErrorDetail).status === 'number' &&
    typeof (e as ApiErrorDetail).message === 'string'
  );
}
