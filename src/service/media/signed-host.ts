/**
 * Where signed URLs point (interface 1.3, 5.8), and who watches that the client sends them no
 * credentials. With variant `signedHost: 'cdn'` the files are served by a second HTTP server of
 * the same service on another origin (another port), as a provider's CDN would serve them: it
 * serves only /signed/... and refuses, with 403 and a message, any request that carries the
 * service's Authorization header, an access_token parameter or a cookie. Either way every
 * request for a signed file is counted, and so is every one that carried credentials, so that
 * tests can prove the client never sends them.
 */
import type { IncomingMessage, RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceContext } from '../context.ts';
import { serverFor } from '../http/server.ts';

export interface SignedRequestStats {
  /** Requests for signed files, on whichever host serves them. */
  requests: number;
  /** Of those, the ones that carried credentials (refused on the CDN, counted on ours). */
  withCredentials: number;
}

/** What credentials a request carries, in words; null when none. */
export function credentialsOf(req: IncomingMessage): string | null {
  if (req.headers.authorization !== undefined) return 'an Authorization header';
  const q = (req.url ?? '').indexOf('?');
  if (q >= 0 && new URLSearchParams((req.url ?? '').slice(q + 1)).has('access_token'))
    return 'an access_token parameter';
  if (req.headers.cookie !== undefined) return 'a cookie';
  return null;
}

export class SignedRequestCounter {
  readonly stats: SignedRequestStats = { requests: 0, withCredentials: 0 };

  /** Counts one request for a signed file; returns what credentials it carried, if any. */
  note(req: IncomingMessage): string | null {
    this.stats.requests++;
    const carried = credentialsOf(req);
    if (carried) this.stats.withCredentials++;
    return carried;
  }
}

/** The CDN of variant signedHost 'cdn': a second server in front of the signed routes. */
export class SignedFileHost {
  readonly #server: Server;
  readonly #served = new WeakSet<IncomingMessage>();
  readonly #scheme: 'http' | 'https';
  #origin = '';
  #port = 0;

  /**
   * `route` answers the requests that carry no credentials (the service's signed routes). The
   * host speaks HTTPS, with the service's certificate, when the service does.
   */
  constructor(
    counter: SignedRequestCounter,
    route: RequestListener,
    s: Pick<ServiceContext, 'scheme' | 'tls'>,
  ) {
    this.#scheme = s.scheme;
    this.#server = serverFor(s, { keepAliveTimeout: 30_000 }, (req, res) => {
      const carried = counter.note(req);
      if (!carried) {
        this.#served.add(req);
        return route(req, res);
      }
      req.resume();
      const body = JSON.stringify({
        error: {
          status: 403,
          code: 'forbidden',
          message: `This file host refuses requests that carry ${carried}: a signed URL carries its own authorization, so fetch it exactly as the service returned it, without the service's token.`,
        },
      });
      res.writeHead(403, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(body);
    });
  }

  /** Whether this host received the request (and counted it), not the service's own. */
  received(req: IncomingMessage): boolean {
    return this.#served.has(req);
  }

  /** e.g. http://127.0.0.1:43124 (https when the service speaks TLS), once listening. */
  get origin(): string {
    return this.#origin;
  }

  async listen(host: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const a = this.#server.address() as AddressInfo;
    this.#port = a.port;
    this.#origin = `${this.#scheme}://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
  }

  /**
   * The origin to name in a redirect answering `req`: the host name the client used for the
   * service (it reached that machine) with this host's port; the listening address otherwise.
   */
  originFor(req: IncomingMessage): string {
    const host = req.headers.host ?? '';
    const name = /^(\[[\d:a-fA-F.]+\]|[\w.-]+)(:\d+)?$/.exec(host)?.[1];
    return name ? `${this.#scheme}://${name}:${this.#port}` : this.#origin;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.#server.listening) return resolve();
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }
}
