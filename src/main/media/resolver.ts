import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ApiClient } from '../api/client.ts';
import { ApiError, NetworkError, ServiceError } from '../api/errors.ts';
import type { MediaCache, MediaEntry } from '../cache/media.ts';
import type { Log } from '../log.ts';
import { mediaRoute, type MediaRoute } from './routes.ts';

/** What a transport sends back for a media URL: an HTTP-like answer with a streamed body. */
export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

/**
 * Resolves media paths for the renderer: from the disk cache when the bytes cannot change, else
 * from the service (token added and signed redirect followed by the client), kept on disk when
 * worth keeping, and served from disk when the service cannot be reached.
 */
export class MediaResolver {
  #client: ApiClient;
  #cache: MediaCache;
  #log: Log;

  constructor(client: ApiClient, cache: MediaCache, log: Log) {
    this.#client = client;
    this.#cache = cache;
    this.#log = log;
  }

  async resolve(path: string, signal: AbortSignal): Promise<MediaAnswer> {
    const route = mediaRoute(path);
    if (!route) return text(404, `No such media: ${path}. Media paths look like cameras/ID/live.`);
    if (route.cacheKey && !route.live) {
      const cached = this.#cache.get(route.cacheKey);
      if (cached) return fromFile(cached, 'private, max-age=31536000, immutable');
    }
    try {
      return await this.#fetch(route, signal);
    } catch (error) {
      return this.#fallback(route, error);
    }
  }

  async #fetch(route: MediaRoute, signal: AbortSignal): Promise<MediaAnswer> {
    const response = await route.fetch(this.#client, signal);
    if (!route.cacheKey) {
      const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
      if (response.contentType) headers['Content-Type'] = response.contentType;
      if (response.contentLength !== null)
        headers['Content-Length'] = String(response.contentLength);
      return { status: 200, headers, body: response.nodeStream() };
    }
    const entry = await this.#cache.put(
      route.cacheKey,
      response.nodeStream(),
      response.contentType,
    );
    return fromFile(entry, route.live ? 'no-store' : 'private, max-age=31536000, immutable');
  }

  /** Offline or refused: the last copy on disk if there is one, else the reason in words. */
  #fallback(route: MediaRoute, error: unknown): MediaAnswer {
    const cached = route.cacheKey ? this.#cache.get(route.cacheKey) : null;
    if (cached && !(error instanceof ServiceError && error.status === 404)) {
      const answer = fromFile(cached, 'no-store');
      answer.headers['X-Roadcam-Offline'] = '1';
      return answer;
    }
    if (signal(error)) return text(499, `${route.label}: request canceled`);
    const message =
      error instanceof ApiError ? error.message : `${route.label} failed: ${String(error)}`;
    this.#log(`media ${route.label}: ${message}`);
    if (error instanceof ServiceError) return text(error.status, message);
    if (error instanceof NetworkError) return text(503, message);
    return text(502, message);
  }
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

function text(status: number, message: string): MediaAnswer {
  const body = Buffer.from(`${message}\n`);
  return {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
    },
    body: Readable.from([body]),
  };
}
