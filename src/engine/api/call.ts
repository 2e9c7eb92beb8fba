/**
 * What a request to the service is (Call) and what comes back as a file (MediaResponse,
 * SignedStream): the vocabulary the requester, the resource groups and their callers share,
 * kept apart from the machinery so that none of them imports another to name a request.
 */
import type { Readable } from 'node:stream';
import type { ServiceThrottle } from '../../shared/ipc/app.ts';
import type { Network } from '../net/network.ts';
import type { RetryPolicy } from './http.ts';
import type { Log } from '../log.ts';
import type { LeanBody } from '../net/http1/client.ts';
import type { TokenStore } from './token.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export interface RequesterOptions {
  baseUrl: string;
  /** Read when a token is needed, so that the keychain is touched only then. */
  credentials: () => Promise<Credentials>;
  tokenStore?: TokenStore;
  retry?: Partial<RetryPolicy>;
  log?: Log;
  now?: () => number;
  onTokenChange?: (held: boolean) => void;
  /** Told when the service starts and stops limiting requests (429s that are waited out). */
  onThrottle?: (state: ServiceThrottle) => void;
  /**
   * Where requests leave the machine (proxy, certificates, pools): its owner's, who closes it
   * (the core's, a CLI command's, a test's). There is no default: a client made without the
   * owner's network would ignore the user's proxy and CA settings.
   */
  network: Network;
  /**
   * How long one attempt of a request may take, in ms (answer-deadline.ts); a function is asked
   * at each request, so that a changed setting applies to the next one. Default 60 s.
   */
  answerDeadlineMs?: number | (() => number);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  /**
   * What the user asked for, as it means it (`api.op.*`, `media.what.*`): messages take it as
   * their `{operation}` (saidWithin), logs its English (english.say): "cameras search".
   */
  operation: Said;
  method: Method;
  /** Starts with a slash; relative to the base URL. */
  path: string;
  query?: URLSearchParams;
  json?: unknown;
  headers?: Record<string, string>;
  /** Defaults from the method: GET, PUT and DELETE are idempotent. */
  idempotent?: boolean;
  signal?: AbortSignal | undefined;
  /** What this call may wait beyond the client's policy allows less of (a live picture). */
  retry?: Partial<RetryPolicy>;
}

/**
 * A live picture waited on for a minute is no longer live: a service that asks for a longer
 * wait (an offline camera's 503 with Retry-After: 60) is answered at once with its own words,
 * and the wall asks again on its own schedule.
 */
export const LIVE_RETRY: Partial<RetryPolicy> = { maxRetryAfterMs: 5_000, attempts: 2 };

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ByteRange {
  /** Negative: the last -start bytes of the file (a suffix range, `bytes=-N`). */
  start: number;
  /** Inclusive; omitted means to the end. */
  end?: number;
}

export interface MediaOptions extends CallOptions {
  /** Resume: ask the signed-URL host for these bytes only. */
  range?: ByteRange;
}

/** A signed file's answer as a Node stream (Requester.streamSigned). */
export interface SignedStream {
  /** 200, or 206 when a range was asked for and honoured. */
  status: number;
  contentType: string | null;
  contentLength: number | null;
  contentRange: string | null;
  etag: string | null;
  /** The Last-Modified header: for a camera's live image, when it was taken. */
  lastModified: string | null;
  /** Read it to the end (`pipe`), or destroy it to give the connection up. */
  body: LeanBody;
}

/** A streamed body: images, archives, snapshots. Nothing here holds the whole file. */
export interface MediaResponse {
  /** 200, or 206 when a range was asked for and honoured. */
  status: number;
  contentType: string | null;
  contentLength: number | null;
  /** The Content-Range header of a 206. */
  contentRange: string | null;
  etag: string | null;
  /** The Last-Modified header: for a camera's live image, when it was taken. */
  lastModified: string | null;
  body: ReadableStream<Uint8Array>;
  /** The same body as a Node stream, for piping into files. */
  nodeStream(): Readable;
}

/** The call of an operation, with what it adds to the method and path (a query, a body...). */
export function call(
  operation: Said,
  method: Method,
  path: string,
  options: CallOptions,
  extra: Partial<Call> = {},
): Call {
  return { operation, method, path, signal: options.signal, ...extra };
}

/** The call of a GET, the common case of the resource groups. */
export function get(
  operation: Said,
  path: string,
  options: CallOptions,
  query?: URLSearchParams,
): Call {
  return call(operation, 'GET', path, options, { query });
}

/** Tags as the service takes them in a body: one comma-separated text. */
export function joinTags(tags: string | readonly string[] | undefined): string | undefined {
  return typeof tags === 'string' || tags === undefined ? tags : tags.join(',');
}

/** The fetch of a signed URL the service handed out for `operation`: its own words around it. */
export function signedOperation(operation: Said): Said {
  return said('api.op.signedUrl', { operation: saidWithin(operation) });
}

/** Whether an error's operation was the fetch of a signed URL (a refusal there means expired). */
export function isSignedOperation(operation: Said): boolean {
  return operation.code === 'api.op.signedUrl';
}
