/**
 * The HTTP front: parses the request (path, query, body), finds the route, checks the token,
 * runs the handler and writes its reply. Every failure becomes an error answer in the variant's
 * form (JSON by default); bad input never becomes a 500. A variant's rate limit is applied here.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { Readable } from 'node:stream';
import { authenticate, tokenOf } from '../auth/authenticate.ts';
import type { ServiceContext } from '../context.ts';
import { parseBody, readBody } from './body.ts';
import { RequestError, errorAnswer } from './errors.ts';
import { emptyBag, mergeBags, parseUrlEncoded, type ParamBag } from './params.ts';
import type { Reply, RequestContext, Router } from './router.ts';
import { Throttle } from './throttle.ts';

export const MAX_URL_BYTES = 8192;
const JSON_TYPE = 'application/json; charset=utf-8';

export function createHttpServer(router: Router, s: ServiceContext): Server {
  const throttle = s.variant.throttle ? new Throttle(s.variant.throttle) : undefined;
  return serverFor(s, { maxHeaderSize: 65536, keepAliveTimeout: 30_000 }, (req, res) => {
    // HTTP's Date is the origin's clock: ours (pinned in tests), not the machine's. Clients
    // learn the service's clock from it (src/engine/api/clock.ts).
    res.setHeader('Date', s.clock.now().toUTCString());
    handle(router, s, req, res, throttle).catch((e: unknown) => {
      s.log(`request failed: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) sendError(res, s, internal(), false);
      else res.destroy();
    });
  });
}

/** An HTTP server, or an HTTPS one with the service's certificate when it speaks TLS. */
export function serverFor(
  s: Pick<ServiceContext, 'tls'>,
  options: ServerOptions,
  listener: RequestListener,
): Server {
  if (!s.tls) return createServer(options, listener);
  return createTlsServer({ ...options, cert: s.tls.cert, key: s.tls.key }, listener);
}

function internal(): RequestError {
  return new RequestError(
    500,
    'internal_error',
    'The service failed on this request; it has been logged.',
  );
}

async function handle(
  router: Router,
  s: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  throttle: Throttle | undefined,
): Promise<void> {
  const method = req.method ?? 'GET';
  let tokenEndpoint = false;
  try {
    const rawUrl = req.url ?? '/';
    if (Buffer.byteLength(rawUrl) > MAX_URL_BYTES) {
      req.resume();
      throw new RequestError(
        414,
        'uri_too_long',
        `The URL is longer than ${MAX_URL_BYTES} bytes: send the parameters with POST .../_search.`,
      );
    }
    const q = rawUrl.indexOf('?');
    const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
    tokenEndpoint = path.replace(/\/+$/, '') === '/v1/oauth/token';
    const match = router.match(method, path.length > 1 ? path.replace(/\/+$/, '') : path);
    const query = q < 0 ? emptyBag() : parseUrlEncoded(rawUrl.slice(q + 1));
    let body: ParamBag = emptyBag();
    if (method !== 'GET' && method !== 'HEAD') body = parseBody(req, await readBody(req));
    else req.resume();
    const auth = match.auth
      ? authenticate(s, tokenOf(req.headers.authorization, query, body, method))
      : undefined;
    // Counted once the client is known, and before the handler: a refused operation is not run.
    if (auth) throttle?.admit(auth.clientId);
    const params = mergeBags(query, body);
    delete params['access_token'];
    if (match.auth) s.world.catchUp(s.clock.nowS());
    const ctx: RequestContext = {
      req,
      res,
      method,
      path,
      pathParams: match.pathParams,
      query,
      body,
      params,
      auth,
    };
    send(res, await match.handler(ctx));
  } catch (e) {
    if (e instanceof RequestError) {
      if (!res.headersSent) sendError(res, s, e, tokenEndpoint);
      return;
    }
    throw e;
  }
}

/** An error in the variant's form (errorAnswer), with its status and headers whatever the form. */
function sendError(
  res: ServerResponse,
  s: ServiceContext,
  e: RequestError,
  tokenEndpoint: boolean,
) {
  const answer = errorAnswer(e, s.variant.errors, tokenEndpoint);
  res.writeHead(e.status, {
    ...(answer.contentType === undefined ? {} : { 'Content-Type': answer.contentType }),
    'Content-Length': Buffer.byteLength(answer.body),
    'Cache-Control': 'no-store',
    ...e.headers,
  });
  res.end(answer.body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string>,
): void {
  res.writeHead(status, {
    'Content-Type': JSON_TYPE,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function send(res: ServerResponse, reply: Reply): void {
  if ('handled' in reply) return;
  if ('jsonText' in reply) {
    sendJsonText(res, reply.status ?? 200, reply.jsonText, reply.headers ?? {});
    return;
  }
  if ('json' in reply) {
    sendJson(res, reply.status ?? 200, reply.json, reply.headers ?? {});
    return;
  }
  if ('redirect' in reply) {
    res.writeHead(reply.status ?? 302, {
      Location: reply.redirect,
      'Content-Length': 0,
      'Cache-Control': 'no-store',
      ...reply.headers,
    });
    res.end();
    return;
  }
  const headers: Record<string, string | number> = {
    'Content-Type': reply.contentType,
    ...reply.headers,
  };
  if (reply.body instanceof Readable) {
    res.writeHead(reply.status ?? 200, headers);
    reply.body.pipe(res);
    return;
  }
  headers['Content-Length'] = Buffer.byteLength(reply.body);
  res.writeHead(reply.status ?? 200, headers);
  res.end(reply.body);
}
