import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Browser mode opens a local door into the main process, so every request must prove it comes
 * from the page we served: the Host header names our loopback address (defeats DNS rebinding),
 * the Origin is ours (defeats other local pages), and it carries the per-launch token.
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
   * The URL's token, or the cookie's. A matching cookie is enough: a media URL's query belongs
   * to the service's playlists, whose names may carry a `token` of their own (a CDN's).
   */
  requestToken(request: IncomingMessage, url: URL): string | null {
    const cookie = readCookie(request, COOKIE);
    if (this.tokenMatches(cookie)) return cookie;
    return url.searchParams.get('token') ?? cookie;
  }
}

export const COOKIE = 'roadcam_token';

function readCookie(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}
