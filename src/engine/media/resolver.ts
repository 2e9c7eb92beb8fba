import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { ANSWER_CAPS, AnswerTooLarge, cappedStream } from '../api/capped-read.ts';
import type { ApiClient } from '../api/client.ts';
import type { MediaResponse } from '../api/requester.ts';
import { ApiError, NetworkError, ServiceError } from '../api/errors.ts';
import type { MediaCache, MediaEntry } from '../cache/media.ts';
import type { Log } from '../log.ts';
import { english } from '../../shared/i18n/english.ts';
import { SAID_HEADER, saidHeaderValue } from '../../shared/i18n/said-header.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { readMediaPath, type MediaPath } from './routes.ts';

/** What a transport sends back for a media URL: an HTTP-like answer with a streamed body. */
export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

/** What other modules add to the resolver (offline collections, thumbnails). */
export interface MediaExtensions {
  /** The file of a collection image kept offline, or null: served before any fetch. */
  collectionFile?(collectionId: string, name: string): LocalFile | null;
  /** A JPEG of the image file at `path`, `width` pixels wide. */
  thumbnail?(path: string, width: number): Promise<Buffer>;
}

export interface LocalFile {
  path: string;
  contentType: string | null;
}

const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Resolves media paths for the renderer: from the disk cache when the bytes cannot change, else
 * from the service (token added and signed redirect followed by the client), kept on disk when
 * worth keeping, and served from disk when the service cannot be reached.
 */
export class MediaResolver {
  #client: ApiClient;
  #cache: MediaCache;
  #log: Log;
  readonly #ext: MediaExtensions;

  #tileUrl: () => string;

  /**
   * `tileUrl` is read per request, so a changed setting applies at once; `ext` serves what
   * other features keep (collections kept offline, thumbnails).
   */
  constructor(
    client: ApiClient,
    cache: MediaCache,
    log: Log,
    tileUrl: () => string = () => '',
    ext: MediaExtensions = {},
  ) {
    this.#client = client;
    this.#cache = cache;
    this.#log = log;
    this.#tileUrl = tileUrl;
    this.#ext = ext;
  }

  /**
   * `path` is the media URL's path after the scheme's root (`cameras/C1/live`), with its query
   * when it has one (`cameras/C1/live/media_1.ts?session=ab`): playlists may name files so.
   */
  async resolve(pathAndQuery: string, signal: AbortSignal): Promise<MediaAnswer> {
    try {
      return await this.#resolve(pathAndQuery, signal);
    } catch (error) {
      // Never a rejected promise (it would crash the media server): the cache closed under a
      // request as the app quits, a disk error. The reason goes to the page and the log.
      const path = pathAndQuery.split('?')[0]!;
      const reason = (error as Error).message ?? String(error);
      const words = said('media.failed.serve', { path, reason });
      this.#log(english.say(words));
      return text(500, words);
    }
  }

  async #resolve(pathAndQuery: string, signal: AbortSignal): Promise<MediaAnswer> {
    const q = pathAndQuery.indexOf('?');
    const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
    const query = q < 0 ? undefined : pathAndQuery.slice(q + 1);
    const route = readMediaPath(path, { tileUrl: this.#tileUrl(), query });
    if (!route) return text(404, said('media.failed.noSuch', { path }));
    if (route.refusal) return text(400, route.refusal);
    const local = this.#localFile(route);
    if (local) return fromFile(local, IMMUTABLE);
    if (route.cacheKey && !route.live) {
      const cached = this.#cache.get(route.cacheKey);
      if (cached) return fromFile(cached, IMMUTABLE);
    }
    try {
      if (route.thumbnailOf) return await this.#thumbnail(route, route.thumbnailOf, signal);
      return await this.#fetch(route, signal);
    } catch (error) {
      return this.#fallback(route, error);
    }
  }

  #localFile(route: MediaPath): MediaEntry | null {
    const image = route.collectionImage;
    const file = image && this.#ext.collectionFile?.(image.collectionId, image.name);
    if (!file) return null;
    const size = statSync(file.path, { throwIfNoEntry: false })?.size;
    return size === undefined ? null : { key: route.cacheKey ?? '', ...file, size };
  }

  /** Made from the image on disk (kept offline, or cached), fetching the image only if needed. */
  async #thumbnail(
    route: MediaPath,
    of: NonNullable<MediaPath['thumbnailOf']>,
    signal: AbortSignal,
  ): Promise<MediaAnswer> {
    if (!this.#ext.thumbnail) {
      return text(501, said('media.failed.noThumbnails', { what: saidWithin(route.what) }));
    }
    let source =
      this.#localFile(of.route) ?? (of.route.cacheKey ? this.#cache.get(of.route.cacheKey) : null);
    if (!source) {
      const response = await of.route.fetch(this.#client, signal);
      source = await this.#cache.put(
        of.route.cacheKey!,
        cappedBody(of.route, response),
        response.contentType,
      );
    }
    const bytes = await this.#ext.thumbnail(source.path, of.width);
    const entry = await this.#cache.put(route.cacheKey!, Readable.from([bytes]), 'image/jpeg');
    return fromFile(entry, IMMUTABLE);
  }

  async #fetch(route: MediaPath, signal: AbortSignal): Promise<MediaAnswer> {
    const response = await route.fetch(this.#client, signal);
    if (!route.cacheKey) {
      const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
      if (response.contentType) headers['Content-Type'] = response.contentType;
      if (response.contentLength !== null)
        headers['Content-Length'] = String(response.contentLength);
      const body = cappedBody(route, response);
      // Already answered 200: a body cut at its cap ends the connection, and the log says why.
      body.once('error', (error) => this.#log(`media ${route.label}: ${error.message}`));
      return { status: 200, headers, body };
    }
    const entry = await this.#cache.put(
      route.cacheKey,
      cappedBody(route, response),
      response.contentType,
    );
    const answer = fromFile(entry, route.live ? 'no-store' : IMMUTABLE);
    // A live image's Last-Modified is when the camera took it: the wall shows it. Passed on
    // rewritten from the parsed date, so no odd character of the service's reaches a header.
    const taken = route.live ? Date.parse(response.lastModified ?? '') : Number.NaN;
    if (Number.isFinite(taken)) answer.headers['Last-Modified'] = new Date(taken).toUTCString();
    return answer;
  }

  /** Offline or refused: the last copy on disk if there is one, else the reason in words. */
  #fallback(route: MediaPath, error: unknown): MediaAnswer {
    const cached = route.cacheKey ? this.#cache.get(route.cacheKey) : null;
    if (cached && !(error instanceof ServiceError && error.status === 404)) {
      const answer = fromFile(cached, 'no-store');
      answer.headers['X-Roadcam-Offline'] = '1';
      return answer;
    }
    const what = saidWithin(route.what);
    if (signal(error)) return text(499, said('media.failed.canceled', { what }));
    const message =
      error instanceof ApiError
        ? error.message
        : english.say(said('media.failed.other', { what, reason: String(error) }));
    this.#log(`media ${route.label}: ${message}`);
    const words = failureSaid(route, error) ?? message;
    if (error instanceof ServiceError) return text(error.status, words, message);
    if (error instanceof NetworkError) return text(503, words, message);
    return text(502, words, message);
  }
}

/**
 * The answer's body as a Node stream that fails with AnswerTooLarge past the route's cap (a
 * playlist's, whatever its name, when labelled as one); a declared length past it fails at once.
 */
function cappedBody(route: MediaPath, response: MediaResponse): Readable {
  const playlist = /mpegurl/i.test(response.contentType ?? '');
  const cap = playlist ? Math.min(route.cap, ANSWER_CAPS.playlist) : route.cap;
  if (response.contentLength !== null && response.contentLength > cap) {
    response.body.cancel().catch(() => undefined);
    throw new AnswerTooLarge(route.what, cap);
  }
  const body = cappedStream(route.what, response.body, cap);
  return Readable.fromWeb(body as NodeWebStream<Uint8Array>);
}

/**
 * What a failed fetch means: the client's own said with the route named as the page asked for
 * it (the client names its call: "image NAME" for a collection image's thumbnail); null for an
 * error the client did not word.
 */
function failureSaid(route: MediaPath, error: unknown): Said | null {
  const what = saidWithin(route.what);
  if (!(error instanceof ApiError)) {
    return said('media.failed.other', { what, reason: String(error) });
  }
  if (!error.said || !('operation' in error.said.params)) return error.said ?? null;
  return { ...error.said, params: { ...error.said.params, operation: what } };
}

function signal(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function fromFile(entry: MediaEntry, cacheControl: string): MediaAnswer {
  return {
    status: 200,
    headers: {
      'Content-Type': entry.contentType ?? 'application/octet-stream',
      'Content-Length': String(entry.size),
      'Cache-Control': cacheControl,
    },
    body: createReadStream(entry.path),
  };
}

/** An answer in words: the English body (for logs and a look with curl), and what it means. */
function text(
  status: number,
  words: Said | string,
  inEnglish = typeof words === 'string' ? words : english.say(words),
): MediaAnswer {
  const body = Buffer.from(`${inEnglish}\n`);
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
  };
  const header = typeof words === 'string' ? null : saidHeaderValue(words);
  if (header !== null) headers[SAID_HEADER] = header;
  return { status, headers, body: Readable.from([body]) };
}
