/** Section 4.1 and 5: the token request and the session. */
import {
  TOKEN_LIFETIME_S,
  type SessionResponse,
  type TokenResponse,
} from '../../shared/api/index.ts';
import { issueJwt } from '../auth/jwt.ts';
import type { ServiceContext } from '../context.ts';
import { RequestError } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { RequestContext, Router } from '../http/router.ts';
import { otherSession } from '../variants/shapes.ts';

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="roadcam"' };

export function registerAuthEndpoints(router: Router, s: ServiceContext): void {
  router.post('/v1/oauth/token', (ctx) => ({ json: token(s, ctx) }), { auth: false });
  router.get('/v1/session', (ctx) => {
    const auth = ctx.auth!;
    const body: SessionResponse = {
      name: auth.clientId,
      roles: auth.roles,
      context: {
        client_id: auth.clientId,
        issued_at: new Date(auth.issuedAt * 1000).toISOString(),
        expires_at: new Date(auth.expires * 1000).toISOString(),
      },
      expires_in: inUnit(s, Math.max(0, auth.expires - s.clock.nowS())),
    };
    return { json: s.variant.session === 'other' ? otherSession(body) : body };
  });
}

function field(bag: ParamBag, name: string): string | undefined {
  const v = bag[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string')
    throw new RequestError(
      400,
      'invalid_request',
      `${name} must be given once, as a string.`,
      name,
    );
  return v;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header) return undefined;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m)
    throw new RequestError(
      401,
      'invalid_client',
      'The Authorization header of a token request must be "Basic base64(client_id:client_secret)".',
      undefined,
      BASIC_CHALLENGE,
    );
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0)
    throw new RequestError(
      401,
      'invalid_client',
      'The Basic credentials must be client_id:client_secret.',
      undefined,
      BASIC_CHALLENGE,
    );
  const decode = (x: string): string => {
    try {
      return decodeURIComponent(x.replace(/\+/g, ' '));
    } catch {
      return x;
    }
  };
  return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
}

function token(s: ServiceContext, ctx: RequestContext): TokenResponse {
  const params = ctx.params;
  const grant = field(params, 'grant_type');
  if (grant === undefined)
    throw new RequestError(
      400,
      'invalid_request',
      'grant_type is required; the only supported value is client_credentials.',
      'grant_type',
    );
  if (grant !== 'client_credentials') {
    throw new RequestError(
      400,
      'unsupported_grant_type',
      `grant_type "${grant}" is not supported; use client_credentials.`,
      'grant_type',
    );
  }
  const basic = basicCredentials(ctx.req.headers.authorization);
  const bodyId = field(params, 'client_id');
  const bodySecret = field(params, 'client_secret');
  if (basic && (bodyId !== undefined || bodySecret !== undefined)) {
    throw new RequestError(
      400,
      'invalid_request',
      'Send the client credentials either in the Basic header or in the body, not both.',
    );
  }
  const id = basic?.id ?? bodyId;
  const secret = basic?.secret ?? bodySecret;
  if (id === undefined || secret === undefined) {
    throw new RequestError(
      401,
      'invalid_client',
      'Client credentials are required: client_id and client_secret in the form body, or a Basic Authorization header.',
      undefined,
      BASIC_CHALLENGE,
    );
  }
  if (!s.clients.authenticate(id, secret)) {
    throw new RequestError(
      401,
      'invalid_client',
      'Unknown client_id or wrong client_secret.',
      undefined,
      BASIC_CHALLENGE,
    );
  }
  const nowS = s.clock.nowS();
  const blocked = s.clients.countTokenRequest(id, nowS);
  if (blocked > 0) {
    throw new RequestError(
      429,
      'too_many_requests',
      `Client ${id} requested too many tokens and is blocked for ${blocked} seconds. Tokens are valid for 7 days: reuse them.`,
      undefined,
      { 'Retry-After': String(blocked) },
    );
  }
  const roles = ['client'];
  return {
    access_token: issueJwt(s.world.jwtSecret, id, roles, nowS, TOKEN_LIFETIME_S),
    token_type: 'Bearer',
    expires_in: inUnit(s, TOKEN_LIFETIME_S),
  };
}

/**
 * `expires_in` in the unit this service uses (interface 5.7: "not shown"); the JWT's exp is
 * seconds.
 */
function inUnit(s: ServiceContext, seconds: number): number {
  const unit = s.variant.expiresIn;
  if (unit === 'milliseconds') return seconds * 1000;
  return unit === 'minutes' ? Math.floor(seconds / 60) : seconds;
}
