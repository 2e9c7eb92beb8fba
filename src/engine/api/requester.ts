/**
 * Authenticated requests to one service: adds the bearer token, renews it once on a 401,
 * turns error answers into typed errors, and follows signed-URL redirects WITHOUT the
 * service's authorization (interface 1.3; signed-files.ts).
 */
import { ANSWER_CAPS, readBytesCapped, readCapped, readCut } from './capped-read.ts';
import { DEFAULT_ANSWER_DEADLINE_MS, type Deadline } from './answer-deadline.ts';
import { readAnswer, type AnswerShape } from './answers/answers.ts';
import type { ByteRange, Call, MediaResponse, RequesterOptions, SignedStream } from './call.ts';
import { AuthError, ServiceError, errorFromText } from './errors.ts';
import {
  DEFAULT_RETRY,
  exchange,
  parseRetryAfter,
  type Fetcher,
  type RetryPolicy,
} from './http.ts';
import type { Log } from '../log.ts';
import type { Network } from '../net/network.ts';
import { ThrottleWatch } from './throttle.ts';
import { ServiceClock } from './clock.ts';
import { MemoryTokenStore, TokenManager, TokensPausedError } from './token.ts';
import { signIn } from './sign-in.ts';
import { SignedFiles, rangeHeaders, toMedia, type ErrorHeaders } from './signed-files.ts';
import { RedirectGuard } from './redirects.ts';
import type { Said } from '../../shared/i18n/translator.ts';

export type {
  ByteRange,
  Call,
  Credentials,
  MediaResponse,
  Method,
  RequesterOptions,
  SignedStream,
} from './call.ts';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class Requester {
  readonly baseUrl: string;
  readonly tokens: TokenManager;
  /** The service's clock, learnt from the Date header of its answers (clock.ts). */
  readonly clock: ServiceClock;
  #retry: RetryPolicy;
  #log: Log;
  #now: () => number;
  #secret: string | undefined;
  /** Every request of this client, signed files included, reports its 429 waits here. */
  readonly throttle: ThrottleWatch;
  /** Where requests leave the machine: proxy, certificates, pools (src/engine/net). */
  readonly network: Network;
  readonly #fetch: Fetcher;
  /** Files behind signed URLs, fetched without the service's authorization. */
  readonly #signed: SignedFiles;
  /** Where the service's redirects may lead (redirects.ts). */
  readonly #redirects: RedirectGuard;
  /** The answer deadline now, in ms (answer-deadline.ts). */
  readonly #deadlineMs: () => number;

  constructor(options: RequesterOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#log = options.log ?? (() => {});
    this.#now = options.now ?? Date.now;
    this.throttle = new ThrottleWatch(options.onThrottle ?? (() => {}));
    this.network = options.network;
    // Not fetch: a call a file while a batch downloads (net/exchange.ts says why).
    this.#fetch = (url, init) => this.network.exchange(url, init);
    const deadline = options.answerDeadlineMs ?? DEFAULT_ANSWER_DEADLINE_MS;
    this.#deadlineMs = typeof deadline === 'number' ? () => deadline : deadline;
    this.#redirects = new RedirectGuard(this.baseUrl);
    this.clock = new ServiceClock(this.#now);
    const errorOf = (operation: Said, response: Response) => this.#error(operation, response);
    this.#signed = new SignedFiles({
      retry: this.#retry,
      log: this.#log,
      throttle: this.throttle,
      fetch: this.#fetch,
      // The download engine's GETs (the lean HTTP/1.1 client, or undici through a proxy).
      files: this.network.files,
      errorOf,
      errorFromText: (...args) => this.#errorFromText(...args),
      deadlineMs: this.#deadlineMs,
    });
    this.tokens = new TokenManager({
      store: options.tokenStore ?? new MemoryTokenStore(),
      request: () =>
        signIn({
          baseUrl: this.baseUrl,
          credentials: options.credentials,
          clock: this.clock,
          now: this.#now,
          retry: this.#retry,
          log: this.#log,
          fetch: this.#fetch,
          deadlineMs: this.#deadlineMs,
          errorOf,
          usingSecret: (secret) => (this.#secret = secret),
        }),
      now: this.#now,
      onChange: options.onTokenChange,
    });
  }

  /** This machine's clock (tests give their own). */
  now(): number {
    return this.#now();
  }

  /**
   * An authenticated request; resolves with a 2xx or 3xx response, throws a typed error otherwise.
   * Its body is read whole within the answer deadline (at most the JSON cap).
   */
  send(call: Call): Promise<Response> {
    return this.#send(call, { cap: ANSWER_CAPS.json });
  }

  /** `send`, with the answer deadline covering the body whole (`{ cap }`) or 'streamed'. */
  async #send(call: Call, body: Deadline['body']): Promise<Response> {
    const token = await this.#paused(call, () => this.tokens.token(call.signal));
    let response = await this.#exchange(call, token, body);
    if (response.status === 401) {
      // Renewed once; a token refused again is never renewed in a loop (token.ts).
      const refusal = await this.#error(call.operation, response);
      const renewed = await this.#paused(call, () =>
        this.tokens.renew(token, call.signal, refusal),
      );
      response = await this.#exchange(call, renewed, body);
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

  /** Where the requester logs (a liberal reading's notes go there too: answers/). */
  get log(): Log {
    return this.#log;
  }

  /** A JSON answer, read by `schema` (answers/) before anyone uses it. */
  async json<T>(call: Call, schema: AnswerShape<T>): Promise<T> {
    const response = await this.send(call);
    const type = response.headers.get('content-type');
    const text = await readCapped(call.operation, response.body, ANSWER_CAPS.json);
    return readAnswer(call.operation, text, type, schema, this.#log);
  }

  /** Small binary answers (vector tiles) that are used whole anyway, at most a tile's cap. */
  async bytes(call: Call): Promise<Uint8Array> {
    const response = await this.#send(call, { cap: ANSWER_CAPS.tile });
    return readBytesCapped(call.operation, response.body, ANSWER_CAPS.tile);
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
    // Not to this computer or its network from a service on the internet (redirects.ts).
    return this.#redirects.follow(call.operation, response.status, location);
  }

  /** Fetches a media answer, following a signed redirect without any authorization. */
  async media(call: Call, range?: ByteRange): Promise<MediaResponse> {
    // Streamed: an image or a video segment on a slow link may rightly take longer than any total.
    const first = await this.#send(
      { ...call, headers: { ...call.headers, ...rangeHeaders(range) } },
      'streamed',
    );
    if (!REDIRECTS.has(first.status)) return toMedia(first);
    await first.body?.cancel();
    const location = first.headers.get('location');
    const target = await this.#redirects.follow(call.operation, first.status, location);
    return this.fetchSigned(call.operation, target, range, call.signal);
  }

  /** GETs a signed URL as-is: no Authorization header, no access_token parameter. */
  fetchSigned(
    operation: Said,
    url: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<MediaResponse> {
    return this.#signed.fetch(operation, url, range, signal);
  }

  /**
   * The same GET as fetchSigned for the download engine's files, over the lean HTTP/1.1
   * client: the body is lent to a reader chunk by chunk. Retries as fetchSigned does; throws a typed error.
   */
  streamSigned(
    operation: Said,
    url: string,
    range?: ByteRange,
    signal?: AbortSignal,
  ): Promise<SignedStream> {
    return this.#signed.stream(operation, url, range, signal);
  }

  async #exchange(call: Call, token: string, body: Deadline['body']): Promise<Response> {
    const url = new URL(this.baseUrl + call.path);
    if (call.query) url.search = call.query.toString();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...call.headers,
      authorization: `Bearer ${token}`,
    };
    let sent: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      sent = JSON.stringify(call.json);
    }
    const idempotent = call.idempotent ?? ['GET', 'PUT', 'DELETE'].includes(call.method);
    const sentAt = this.clock.localNow();
    const response = await exchange(
      {
        operation: call.operation,
        method: call.method,
        url: url.href,
        headers,
        body: sent,
        idempotent,
        signal: call.signal,
        deadline: { ms: this.#deadlineMs(), body },
      },
      call.retry ? { ...this.#retry, ...call.retry } : this.#retry,
      this.#log,
      this.throttle,
      this.#fetch,
    );
    this.clock.observe(response.headers.get('date'), sentAt);
    return response;
  }

  async #error(operation: Said, response: Response): Promise<ServiceError> {
    // Cut before any parsing: the service's words are at the start, and the readers of HTML
    // and JSON must never see megabytes (error-body.ts).
    const text = await readCut(response.body, ANSWER_CAPS.error).catch(() => '');
    return this.#errorFromText(operation, response.status, text, {
      type: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
    });
  }

  /** The error of an answer, from its body in whatever form the service wrote it (errors.ts). */
  #errorFromText(
    operation: Said,
    status: number,
    text: string,
    headers: ErrorHeaders,
  ): ServiceError {
    const wait = headers.retryAfter === null ? null : parseRetryAfter(headers.retryAfter);
    const secrets = [this.#secret];
    return errorFromText(operation, status, text, headers.type, secrets, wait ?? undefined);
  }
}
