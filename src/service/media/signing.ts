/**
 * Signed URLs (spec section 1.3 and 8): every redirect of the service points to a path on the
 * same server that carries its expiry and an HMAC over path and expiry, so it needs no
 * authorization and cannot be altered or extended without the secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNED_URL_LIFETIME_S = 15 * 60;
/** Every signed path starts with this prefix: the router serves it without authentication. */
export const SIGNED_PREFIX = '/signed/';

export type SignatureCheck =
  | { ok: true; path: string; expires: number }
  | { ok: false; reason: 'missing' | 'tampered' | 'expired'; message: string };

export class UrlSigner {
  readonly #secret: Buffer;

  constructor(secret: Buffer) {
    this.#secret = secret;
  }

  #mac(path: string, expires: number): string {
    return createHmac('sha256', this.#secret).update(`${path}\n${expires}`).digest('base64url');
  }

  /** `path` must start with SIGNED_PREFIX; returns path?expires=...&signature=... */
  sign(path: string, nowS: number, lifetimeS = SIGNED_URL_LIFETIME_S): string {
    if (!path.startsWith(SIGNED_PREFIX))
      throw new Error(`Only paths under ${SIGNED_PREFIX} are signed, not ${path}`);
    const expires = nowS + lifetimeS;
    return `${path}?expires=${expires}&signature=${this.#mac(path, expires)}`;
  }

  /** Checks a request's path and query against its signature and the clock. */
  verify(path: string, query: URLSearchParams, nowS: number): SignatureCheck {
    const expiresText = query.get('expires');
    const signature = query.get('signature');
    if (!expiresText || !signature) {
      return {
        ok: false,
        reason: 'missing',
        message: 'This URL is not signed: ask the service for a new one.',
      };
    }
    const expires = Number(expiresText);
    const expected = Buffer.from(this.#mac(path, expires));
    const given = Buffer.from(signature);
    if (
      !/^\d+$/.test(expiresText) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      return {
        ok: false,
        reason: 'tampered',
        message:
          'The signature of this URL does not match its path or expiry: use the URL exactly as the service returned it.',
      };
    }
    if (nowS >= expires) {
      return {
        ok: false,
        reason: 'expired',
        message: `This signed URL expired at ${new Date(expires * 1000).toISOString()}: request the resource from the service again for a fresh URL.`,
      };
    }
    return { ok: true, path, expires };
  }
}
