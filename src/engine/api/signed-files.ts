/**
 * Files behind a signed URL (spec section 1, convention 3): fetched as they are, WITHOUT the
 * service's authorization (no Authorization header, no access_token parameter). The media of
 * the views go through fetch (a web stream); the download engine's files through the lean HTTP
 * client (net/http1/client.ts, or undici through a proxy), whose body is lent chunk by chunk.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { FileFetcher } from '../net/files.ts';
import { signedOperation, type ByteRange, type MediaResponse, type SignedStream } from './call.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import type { ServiceError } from './errors.ts';
import { exchange, retrying, type Fetcher, type RetryPolicy } from './http.ts';
import type { Log } from '../log.ts';
import type { LeanResponse } from '../net/http1/client.ts';
import type { ThrottleWatch } from './throttle.ts';

/** The headers of an error answer that its error is made of. */
export interface ErrorHeaders {
  type: string | null;
  retryAfter: string | null;
}

/** What the requester lends: its retries, log, throttle watch, HTTP stacks and error reading. */
export interface SignedFilesContext {
  retry: RetryPolicy;
  log: Log;
  throttle: ThrottleWatch;
  fetch: Fetcher;
  files: FileFetcher;
  errorOf(operation: Said, response: Response): Promise<ServiceError>;
  errorFromText(operation: Said, status: number, text: string, h: ErrorHeaders): ServiceError;
  /** The answer deadline now (Settings › Network), in ms: the headers, then the body's rate. */
  deadlineMs(): number;
}

/** The Range header of a byte range, or none. */
export function rangeHeaders(range?: ByteRange): Record<string, string> {
  if (range && range.start < 0) return { range: `bytes=${range.start}` };
  return range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {};
}

export function toMedia(response: Response): MediaResponse {
  const length = response.headers.get('content-length');
  const body = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentLength: length === null ? null : Number(length),
    contentRange: response.headers.get('content-range'),
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    body,
    nodeStream: () => Readable.fromWeb(body as NodeWebStream<Uint8Array>),
  };
}

export class SignedFiles {
  readonly #c: SignedFilesContext;

  constructor(context: SignedFilesContext) {
    this.#c = context;
  }

  /** GETs a signed URL as-is, as a web stream. */
  async fetch(
    operation: Said,
    url: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<MediaResponse> {
    const headers = rangeHeaders(range);
    const c = this.#c;
    const response = await exchange(
      {
        ...{ operation, method: 'GET', url, headers, idempotent: true, signal },
        deadline: { ms: c.deadlineMs(), body: 'streamed' },
      },
      c.retry,
      c.log,
      c.throttle,
      c.fetch,
    );
    if (response.status >= 300) throw await c.errorOf(signedOperation(operation), response);
    return toMedia(response);
  }

  /** The same GET for the download engine: retries as `fetch` does; throws a typed error. */
  async stream(
    operation: Said,
    url: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<SignedStream> {
    const headers = rangeHeaders(range);
    const c = this.#c;
    const response = await retrying<LeanResponse>(
      { operation, url, idempotent: true, signal },
      c.retry,
      c.log,
      {
        send: () => c.files.get(url, headers, signal),
        status: (r) => r.status,
        header: (r, name) => r.headers[name] ?? null,
        discard: (r) => Promise.resolve(r.body.destroy()),
      },
      c.throttle,
    );
    const { status, headers: h } = response;
    if (status >= 300) {
      const text = await response.body.text().catch(() => '');
      throw c.errorFromText(signedOperation(operation), status, text, {
        type: h['content-type'] ?? null,
        retryAfter: h['retry-after'] ?? null,
      });
    }
    const length = h['content-length'];
    return {
      status,
      contentType: h['content-type'] ?? null,
      contentLength: length === undefined ? null : Number(length),
      contentRange: h['content-range'] ?? null,
      etag: h.etag ?? null,
      lastModified: h['last-modified'] ?? null,
      body: response.body,
    };
  }
}
