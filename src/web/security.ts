import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Browser mode opens a local door into the main process, so every request must prove it comes
 * from the page we served: the Host header names our loopback address (defeats DNS rebinding),
 * the Origin is ours (defeats other local pages), and the contract and media carry the
 * per-launch token (the built renderer's files are not secret: they need none).
 */
export class WebGate {
  readonly token: string;
  #port = 0;

  constructor(token: string) {
    this.token = token;
  }

  setPort(port: number): void {
    this.#port = port;
  }

  get origins(): string[] {
    return [`http://127.0.0.1:${this.#port}`, `http://localhost:${this.#port}`];
  }

  hostAllowed(request: IncomingMessage): boolean {
    const host = request.headers.host;
    return host === `127.0.0.1:${this.#port}` || host === `localhost:${this.#port}`;
  }

  /** Origin must be ours when present (browsers always send it on WebSocket and cross-origin). */
  originAllowed(request: IncomingMessage, required: boolean): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return !required;
    return this.origins.includes(origin);
  }

  /** Fetch metadata: refuse what another site (including another local port) asked for. */
  fetchSiteAllowed(request: IncomingMessage): boolean {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }

  tokenMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /**
   * The WebSocket's token: in its URL's query, which the page builds for our own port only.
   * No cookie is read: browsers send a cookie to every port of 127.0.0.1, so a cookie would
   * also reach any other local server the browser visits.
   */
  socketToken(url: URL): string | null {
    return url.searchParams.get('token');
  }
}
