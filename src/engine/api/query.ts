/**
 * How a search travels: GET with a query string by default, POST .../_search with a JSON body
 * when the query string would pass 2 KB or carries a polyline (interface 2.1: "long polylines
 * should be sent with POST"; GET query strings are size-limited).
 */
import { encodeSearchParams, wireForm, type PAGE_LIMITS } from '../../shared/api/index.ts';
import type { Call } from './requester.ts';
import { said } from '../../shared/i18n/translator.ts';

export type SearchKind = keyof typeof PAGE_LIMITS;

export const MAX_QUERY_STRING = 2048;

/** The call for one search page of a kind (cameras, observations, ...). */
export function searchCall(
  kind: SearchKind,
  params: object,
  signal: AbortSignal | undefined,
): Call {
  const operation = said('api.op.search', { kind });
  const query = encodeSearchParams(params);
  const hasPolyline = (params as { polyline?: unknown }).polyline !== undefined;
  if (!hasPolyline && query.toString().length <= MAX_QUERY_STRING) {
    return { operation, method: 'GET', path: `/v1/${kind}`, query, signal };
  }
  // A search changes nothing: repeating it is safe, so it keeps its retries.
  return {
    operation,
    method: 'POST',
    path: `/v1/${kind}/_search`,
    json: jsonSearchBody(params),
    idempotent: true,
    signal,
  };
}

/** The JSON body of a POST search: the same values as the query string, nesting kept. */
export function jsonSearchBody(params: object): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value !== undefined && value !== null) body[key] = wireForm(key, value);
  }
  return body;
}
