/** HS256 JSON Web Tokens with node:crypto: the access tokens of the service. */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  iss: string;
  sub: string;
  iat: number;
  exp: number;
  jti: string;
  roles: string[];
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
export const ISSUER = 'roadcam-service';

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(data: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function issueJwt(
  secret: Buffer,
  sub: string,
  roles: string[],
  nowS: number,
  lifetimeS: number,
): string {
  const claims: TokenClaims = {
    iss: ISSUER,
    sub,
    iat: nowS,
    exp: nowS + lifetimeS,
    jti: randomUUID(),
    roles,
  };
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyJwt(secret: Buffer, token: string, nowS: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
  const expected = sign(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.exp !== 'number' || typeof claims.sub !== 'string')
    return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowS) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
