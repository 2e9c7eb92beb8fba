/**
 * Authenticated requests to one service: adds the bearer token, renews it once on a 401,
 * turns error answers into typed errors, and follows signed-URL redirects WITHOUT the
 * service's authorization (spec section 1, convention 3).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { readAnswer, tokenAnswer, type AnswerShape } from './answers.ts';
import { AuthError, ServiceError, errorFromText, safeUrl } from './errors.ts';
import {
  DEFAULT_RETRY,
  exchange,
  parseRetryAfter,
  retrying,
  type Fetcher,
  type Log,
  type RetryPolicy,
} from './http.ts';
import { defaultNetwork, type Network } from '../net/network.ts';
import type { LeanBody, LeanResponse } from './lean-http.ts';
import { FileFetcher } from '../net/files.ts';
import { ThrottleWatch } from './throttle.ts';
import type { ServiceThrottle } from '../../shared/ipc/app.ts';
import { ServiceClock } from './clock.ts';
import {
  MemoryTokenStore,
  TokenManager,
  TokensPausedError,
  type StoredToken,
  type TokenStore,
} from './token.ts';
import { tokenExpiry } from './token-expiry.ts';

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
  /** The core's HTTP stack (proxy, certificates); a process-wide default otherwise. */
  network?: Network;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  /** What the user asked for, for messages: "cameras search". */
  operation: string;
  method: Method;
  /** Starts with a slash; relative to the base URL. */
  path: string;
  query?: URLSearchParams;
  json?: unknown;
  headers?: Record<string, string>;
  /** Defaults from the method: GET, PUT and DELETE are idempotent. */
  idempotent?: boolean;
  signal?: AbortSignal | undefined;
}

export interface ByteRange {
  /** Negative: the last -start bytes of the file (a suffix range, `bytes=-N`). */
  start: number;
  /** Inclusive; omitted means to the end. */
  end?: number;
}

/** A signed file's answer as a Node stream (Requester.streamSigned). */
export interface SignedStream {
  /** 200, or 206 when a range was asked for and honoured. */
  status: number;
  contentType: string | null;
  contentLength: number | null;
  contentRange: string | null;
  etag: string | null;
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
  body: ReadableStream<Uint8Array>;
  /** The same body as a Node stream, for piping into files. */
  nodeStream(): Readable;
}

/** The Range header of a byte range, or none. */
function rangeHeaders(range?: ByteRange): Record<string, string> {
  if (range && range.start < 0) return { range: `bytes=${range.start}` };
  return range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {};
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class Requester {
  readonly baseUrl: string;
  readonly tokens: TokenManager;
  /** The service's clock, learnt from the Date header of its answers (clock.ts). */
  readonly clock: ServiceClock;
  #options: RequesterOptions;
  #retry: RetryPolicy;
  #log: Log;
  #now: () => number;
  #secret: string | undefined;
  /** Every request of this client, signed files included, reports its 429 waits here. */
  readonly throttle: ThrottleWatch;
  /** Where requests leave the machine: proxy, certificates, pools (src/main/net). */
  readonly network: Network;
  readonly #fetch: Fetcher;
  /** The download engine's GETs of signed files (lean-http.ts, or undici through a proxy). */
  readonly #files: FileFetcher;

  constructor(options: RequesterOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#options = options;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#log = options.log ?? (() => {});
    this.#now = options.now ?? Date.now;
    this.throttle = new ThrottleWatch(options.onThrottle ?? (() => {}));
    this.network = options.network ?? defaultNetwork();
    this.#fetch = (url, init) => this.network.fetch(url, init);
    this.#files = new FileFetcher(this.network);
    this.clock = new ServiceClock(this.#now);
    this.tokens = new TokenManager({
      store: options.tokenStore ?? new MemoryTokenStore(),
      request: () => this.#requestToken(),
      now: this.#now,
      onChange: options.onTokenChange,
    });
  }

  /** This machine's clock (tests give their own). */
  now(): number {
    return this.#now();
  }

  /** An authenticated request; resolves with a 2xx or 3xx response, throws a typed error otherwise. */
  async send(call: Call): Promise<Response> {
    const token = await this.#paused(call, () => this.tokens.token(call.signal));
    let response = await this.#exchange(call, token);
    if (response.status === 401) {
      // Renewed once; a token refused again is never renewed in a loop (token.ts).
      const refusal = await this.#error(call.operation, response);
      const renewed = await this.#paused(call, () =>
        this.tokens.renew(token, call.signal, refusal),
      );
      response = await this.#exchange(call, renewed);
      if (response.status === 401) {
        const again = await this.#error(call.operation, response);
        throw this.tokens.refused(renewed, again) ? this.#pausedError(call, again) : again;
      }
    }
    if (response.status >= 400) throw await this.#error(call.operation, response);
    return response;
  }

  /** `get` with a pause of token renewal (TokensPausedError) told in the operation's words. */
  async #paused(call: Call, get: () => Promise<string>): Promise<string> {
    try {
      return await get();
    } catch (error) {
      if (error instanceof TokensPausedError) throw this.#pausedError(call, error.reason);
      throw error;
    }
  }

  #pausedError(call: Call, reason: unknown): AuthError {
    const refusal = reason instanceof ServiceError ? reason : null;
    const until = this.tokens.pausedUntil ?? this.#now();
    const wait = Math.max(1, Math.ceil((until - this.#now()) / 1000));
    return new AuthError(call.operation, {
      status: refusal?.status ?? 401,
      code: refusal?.code ?? 'unknown',
      message:
        `the service refused an access token it had issued moments before${refusal ? ` ("${refusal.serviceMessage}")` : ''}: ` +
        'the credentials may have been revoked, or the service disagrees with its own token. ' +
        `Roadcam requests no new token for ${wait} s, since too many token requests get an application blocked`,
    });
  }

  /** Where the requester logs (a liberal reading's notes go there too: answers.ts). */
  get log(): Log {
    return this.#log;
  }

  /** A JSON answer, read by `schema` (answers.ts) before anyone uses it. */
  async json<T>(call: Call, schema: AnswerShape<T>): Promise<T> {
    const response = await this.send(call);
    const type = response.headers.get('content-type');
    return readAnswer(call.operation, await response.text(), type, schema, this.#log);
  }

  /** Small binary answers (vector tiles) that are used whole anyway. */
  async bytes(call: Call): Promise<Uint8Array> {
    const response = await this.send(call);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** Asks for a redirect and returns its target without fetching it (downloads refresh these). */
  async signedUrl(call: Call): Promise<string> {
    const response = await this.send(call);
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location) {
      throw new ServiceError(call.operation, {
        status: response.status,
        code: 'unknown',
        message: 'the service answered without the expected signed-URL redirect',
      });
    }
    return new URL(location, this.baseUrl + '/').href;
  }

  /** Fetches a media answer, following a signed redirect without any authorization. */
  async media(call: Call, range?: ByteRange): Promise<MediaResponse> {
    const first = await this.send({
      ...call,
      headers: { ...call.headers, ...rangeHeaders(range) },
    });
    if (!REDIRECTS.has(first.status)) return toMedia(first);
    await first.body?.cancel();
    const location = new URL(first.headers.get('location') ?? '', this.baseUrl + '/').href;
    return this.fetchSigned(call.operation, location, range, call.signal);
  }

  /** GETs a signed URL as-is: no Authorization header, no access_token parameter. */
  async fetchSigned(
    operation: string,
    url: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<MediaResponse> {
    const headers = rangeHeaders(range);
    const response = await exchange(
      { operation, method: 'GET', url, headers, idempotent: true, signal },
      this.#retry,
      this.#log,
      this.throttle,
      this.#fetch,
    );
    if (response.status >= 300) throw await this.#error(`${operation} (signed URL)`, response);
    return toMedia(response);
  }

  /**
   * The same GET as fetchSigned for the download engine's files, over lean-http.ts: the body
   * is lent to a reader chunk by chunk. Retries as fetchSigned does; throws a typed error.
   */
  async streamSigned(
    operation: string,
    url: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<SignedStream> {
    const headers = rangeHeaders(range);
    const response = await retrying<LeanResponse>(
      { operation, url, idempotent: true, signal },
      this.#retry,
      this.#log,
      {
        send: () => this.#files.get(url, headers, signal),
        status: (r) => r.status,
        header: (r, name) => r.headers[name] ?? null,
        discard: (r) => Promise.resolve(r.body.destroy()),
      },
      this.throttle,
    );
    const { status, headers: h } = response;
    if (status >= 300) {
      const text = await response.body.text().catch(() => '');
      throw this.#errorFromText(`${operation} (signed URL)`, status, text, {
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
      body: response.body,
    };
  }

  async #exchange(call: Call, token: string): Promise<Response> {
    const url = new URL(this.baseUrl + call.path);
    if (call.query) url.search = call.query.toString();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...call.headers,
      authorization: `Bearer ${token}`,
    };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    }
    const idempotent = call.idempotent ?? ['GET', 'PUT', 'DELETE'].includes(call.method);
    const sentAt = this.clock.localNow();
    const response = await exchange(
      {
        operation: call.operation,
        method: call.method,
        url: url.href,
        headers,
        body,
        idempotent,
        signal: call.signal,
      },
      this.#retry,
      this.#log,
      this.throttle,
      this.#fetch,
    );
    this.clock.observe(response.headers.get('date'), sentAt);
    return response;
  }

  async #requestToken(): Promise<StoredToken> {
    const { clientId, clientSecret } = await this.#options.credentials();
    this.#secret = clientSecret;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const sentAt = this.clock.localNow();
    // Not idempotent in the service's eyes (each call mints a token): never retried. Nor is a
    // 429 here, which means the client is blocked for asking too often (spec 5.4): asking
    // again would prolong the block; the error says so (errors.ts).
    const response = await exchange(
      {
        operation: 'sign-in',
        method: 'POST',
        url: `${this.baseUrl}/v1/oauth/token`,
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        idempotent: false,
        retryThrottled: false,
      },
      this.#retry,
      this.#log,
      undefined,
      this.#fetch,
    );
    if (response.status !== 200) {
      const error = await this.#error('sign-in', response);
      throw error instanceof AuthError || response.status >= 500
        ? error
        : new AuthError('sign-in', {
            status: error.status,
            code: error.code,
            parameter: error.parameter,
            message: error.serviceMessage,
            retryAfterMs: error.retryAfterMs,
          });
    }
    this.clock.observe(response.headers.get('date'), sentAt);
    const type = response.headers.get('content-type');
    const body = readAnswer('sign-in', await response.text(), type, tokenAnswer);
    const now = this.#now();
    const { expiresAt, from } = tokenExpiry(body, this.clock, now);
    const hours = Math.round((expiresAt - now) / 360_000) / 10;
    this.#log(
      `sign-in: new token for ${safeUrl(this.baseUrl)}, used for ${hours} h (from ${from})`,
    );
    return { accessToken: body.access_token, expiresAt };
  }

  async #error(operation: string, response: Response): Promise<ServiceError> {
    return this.#errorFromText(operation, response.status, await response.text().catch(() => ''), {
      type: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
    });
  }

  /** The error of an answer, from its body in whatever form the service wrote it (errors.ts). */
  #errorFromText(
    operation: string,
    status: number,
    text: string,
    headers: { type: string | null; retryAfter: string | null },
  ): ServiceError {
    const wait = headers.retryAfter === null ? null : parseRetryAfter(headers.retryAfter);
    const secrets = [this.#secret];
    return errorFromText(operation, status, text, headers.type, secrets, wait ?? undefined);
  }
}

function toMedia(response: Response): MediaResponse {
  const length = response.headers.get('content-length');
  const body = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentLength: length === null ? null : Number(length),
    contentRange: response.headers.get('content-range'),
    etag: response.headers.get('etag'),
    body,
    nodeStream: () => Readable.fromWeb(body as NodeWebStream<Uint8Array>),
  };
}
