/**
 * Finds and checks the access token of a request: the Authorization Bearer header, the
 * access_token query parameter, or the access_token body parameter of POST, PUT and PATCH.
 */
import { RequestError } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { Auth } from '../http/router.ts';
import type { ServiceContext } from '../context.ts';
import { verifyJwt } from './jwt.ts';

const CHALLENGE = 'Bearer realm="roadcam"';

export function tokenOf(
  header: string | undefined,
  query: ParamBag,
  body: ParamBag,
  method: string,
): string | undefined {
  if (header !== undefined && header !== '') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      throw new RequestError(
        401,
        'unauthorized',
        'The Authorization header must be "Bearer <access token>".',
        undefined,
        {
          'WWW-Authenticate': CHALLENGE,
        },
      );
    }
    return m[1];
  }
  const fromQuery = query['access_token'];
  if (fromQuery !== undefined) return single(fromQuery);
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const fromBody = body['access_token'];
    if (fromBody !== undefined) return single(fromBody);
  }
  return undefined;
}

function single(v: ParamBag[string]): string {
  if (typeof v === 'string') return v;
  throw new RequestError(
    400,
    'invalid_request',
    'access_token must be given once, as a string.',
    'access_token',
  );
}

export function authenticate(s: ServiceContext, token: string | undefined): Auth {
  if (token === undefined || token === '') {
    throw new RequestError(
      401,
      'unauthorized',
      'This operation needs an access token: request one at POST /v1/oauth/token and send it as "Authorization: Bearer <token>".',
      undefined,
      { 'WWW-Authenticate': CHALLENGE },
    );
  }
  const nowS = s.clock.nowS();
  const result = verifyJwt(s.world.jwtSecret, token, nowS);
  if (!result.ok) {
    const expired = result.reason === 'expired';
    throw new RequestError(
      401,
      expired ? 'token_expired' : 'invalid_token',
      expired
        ? 'The access token has expired: request a new one.'
        : 'The access token is not valid: request a new one.',
      undefined,
      { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` },
    );
  }
  const { claims } = result;
  if (!s.clients.isKnown(claims.sub)) {
    throw new RequestError(
      401,
      'invalid_token',
      'The access token belongs to an unknown client.',
      undefined,
      {
        'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"`,
      },
    );
  }
  const blocked = s.clients.blockedFor(claims.sub, nowS);
  if (blocked > 0) {
    throw new RequestError(
      403,
      'client_blocked',
      `Client ${claims.sub} is blocked for ${blocked} more seconds for requesting too many tokens. Reuse tokens until they expire.`,
    );
  }
  return { clientId: claims.sub, roles: claims.roles, expires: claims.exp, issuedAt: claims.iat };
}
