/**
 * HTTP/1.1 GETs of signed file URLs for the download engine, over keep-alive connections that
 * read into one fixed buffer each (`onread`), so that a body costs no allocation per read.
 *
 * node:http hands every socket read over in a new 64 KB Buffer; at a few hundred MB/s that is
 * thousands of short-lived buffers a second, and V8 answers the external memory with a full
 * collection of the whole heap every few tens of milliseconds: in the engine's process that
 * was a third of its CPU (docs/benchmarks.md, downloads). Here the body's bytes are lent to the
 * reader, which copies what it keeps (the part file's write queue does, into reused slabs).
 *
 * It speaks the part of HTTP/1.1 a GET needs, whole: bodies framed by Content-Length, chunked,
 * or by the end of the connection; interim 1xx answers skipped; a reused connection that the
 * server closed meanwhile replaced once. Nothing here adds authorization: a signed URL
 * carries its own.
 */
import {
  LeanConnection,
  type ConnectionPool,
  type LeanOptions,
  type LeanResponse,
} from './connection.ts';
import { LeanHttpError } from './body.ts';

export { LeanBody, LeanHttpError, type BodySink, type Keep } from './body.ts';
export type { LeanOptions, LeanResponse } from './connection.ts';

/** A pool of keep-alive connections per origin. */
export class LeanHttp implements ConnectionPool {
  readonly #options: LeanOptions;
  readonly #idle = new Map<string, LeanConnection[]>();
  readonly idleMs: number;

  constructor(options: LeanOptions = {}) {
    this.#options = options;
    this.idleMs = options.idleMs ?? 4_000;
  }

  /** Resolves once the answer's head arrived; read or destroy its body. */
  async get(
    url: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<LeanResponse> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new LeanHttpError(
        'ERR_UNSUPPORTED_PROTOCOL',
        `A file at a ${target.protocol} address cannot be downloaded: only http and https are.`,
      );
    }
    let request = `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n`;
    for (const [name, value] of Object.entries({ 'accept-encoding': 'identity', ...headers })) {
      // A refusal in words, not a TypeError: the IPC edge reads a TypeError as a bug of ours.
      if (!/^[\w-]+$/.test(name) || /[\r\n]/.test(value)) {
        throw new LeanHttpError(
          'ERR_INVALID_HEADER',
          `The request for ${target.host} was not sent: its header "${name.slice(0, 40)}" has a character a header cannot carry.`,
        );
      }
      request += `${name}: ${value}\r\n`;
    }
    request += '\r\n';
    for (;;) {
      if (signal?.aborted) throw signal.reason as Error;
      const connection =
        this.#take(target.origin) ?? new LeanConnection(this, target, this.#options);
      const reused = connection.served > 0;
      try {
        return await connection.send(request, this.#options.headTimeoutMs ?? 30_000, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason as Error;
        // A kept connection the server closed meanwhile: once more on a new one (a GET).
        if (reused && (error as LeanHttpError).code === 'ECONNRESET') continue;
        throw error;
      }
    }
  }

  /** Closes every unused connection. */
  close(): void {
    for (const list of this.#idle.values()) {
      for (const c of list.splice(0)) c.destroy(new LeanHttpError('ECONNRESET', 'closed'));
    }
  }

  /** @internal */
  release(connection: LeanConnection): void {
    const list = this.#idle.get(connection.origin) ?? [];
    list.push(connection);
    this.#idle.set(connection.origin, list);
  }

  /** @internal */
  forget(connection: LeanConnection): void {
    const list = this.#idle.get(connection.origin);
    const at = list?.indexOf(connection) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  }

  #take(origin: string): LeanConnection | undefined {
    const list = this.#idle.get(origin);
    while (list?.length) {
      const c = list.pop()!;
      if (!c.closed) return c;
    }
    return undefined;
  }
}
