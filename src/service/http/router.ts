/**
 * A small router: endpoints are registered per resource group (routes/*.ts) with a method and a
 * path pattern (:name captures one segment or part of one, as in /v1/recordings/:id.:format).
 * The most specific pattern that matches the path wins; if it does not accept the method the
 * answer is 405 with an Allow header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { RequestError } from './errors.ts';
import type { ParamBag } from './params.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Reply =
  | { json: unknown; status?: number; headers?: Record<string, string> }
  /** JSON already serialized (cached search responses) */
  | { jsonText: string; status?: number; headers?: Record<string, string> }
  | { redirect: string; status?: 301 | 302 | 303 | 307; headers?: Record<string, string> }
  | {
      body: Buffer | string | Readable;
      contentType: string;
      status?: number;
      headers?: Record<string, string>;
    }
  /** the handler wrote the response itself */
  | { handled: true };

export interface Auth {
  clientId: string;
  roles: string[];
  /** epoch seconds */
  expires: number;
  issuedAt: number;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  /** decoded path captures */
  pathParams: Record<string, string>;
  query: ParamBag;
  /** parsed body (JSON or form), empty for GET */
  body: ParamBag;
  /** query and body merged (a parameter may be given in one only), without access_token */
  params: ParamBag;
  /** the authenticated client; absent only on endpoints with auth: false */
  auth: Auth | undefined;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface EndpointOptions {
  /** default true: the endpoint needs an access token */
  auth?: boolean;
}

interface Endpoint {
  method: Method;
  pattern: string;
  regex: RegExp;
  names: string[];
  specificity: number;
  handler: Handler;
  auth: boolean;
}

export interface Match {
  handler: Handler;
  pathParams: Record<string, string>;
  auth: boolean;
}

export class Router {
  readonly #endpoints: Endpoint[] = [];

  add(method: Method, pattern: string, handler: Handler, options: EndpointOptions = {}): this {
    if (this.#endpoints.some((r) => r.method === method && r.pattern === pattern)) {
      throw new Error(`Route ${method} ${pattern} is registered twice`);
    }
    const names: string[] = [];
    let specificity = 0;
    const source = pattern.replace(
      /:([A-Za-z_]\w*)|([^:]+)/g,
      (_m, name: string | undefined, literal: string | undefined) => {
        if (name) {
          names.push(name);
          return '([^/]+?)';
        }
        specificity += literal!.length;
        return literal!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      },
    );
    this.#endpoints.push({
      method,
      pattern,
      regex: new RegExp(`^${source}$`),
      names,
      specificity,
      handler,
      auth: options.auth ?? true,
    });
    return this;
  }

  get(pattern: string, handler: Handler, options?: EndpointOptions): this {
    return this.add('GET', pattern, handler, options);
  }
  post(pattern: string, handler: Handler, options?: EndpointOptions): this {
    return this.add('POST', pattern, handler, options);
  }
  put(pattern: string, handler: Handler, options?: EndpointOptions): this {
    return this.add('PUT', pattern, handler, options);
  }
  patch(pattern: string, handler: Handler, options?: EndpointOptions): this {
    return this.add('PATCH', pattern, handler, options);
  }
  delete(pattern: string, handler: Handler, options?: EndpointOptions): this {
    return this.add('DELETE', pattern, handler, options);
  }

  /** Finds the endpoint for a request, or throws 404 / 405. HEAD is answered as GET. */
  match(method: string, path: string): Match {
    let best: { endpoint: Endpoint; m: RegExpExecArray }[] = [];
    let bestScore = -1;
    for (const endpoint of this.#endpoints) {
      const m = endpoint.regex.exec(path);
      if (!m) continue;
      if (endpoint.specificity > bestScore) {
        bestScore = endpoint.specificity;
        best = [{ endpoint, m }];
      } else if (endpoint.specificity === bestScore) best.push({ endpoint, m });
    }
    if (best.length === 0)
      throw new RequestError(404, 'not_found', `There is no operation at ${path}.`);
    const wanted = method === 'HEAD' ? 'GET' : method;
    const hit = best.find((b) => b.endpoint.method === wanted);
    if (!hit) {
      const allow = [...new Set(best.map((b) => b.endpoint.method))].sort().join(', ');
      throw new RequestError(
        405,
        'method_not_allowed',
        `${method} is not allowed on ${path}; use ${allow}.`,
        undefined,
        { Allow: allow },
      );
    }
    const pathParams: Record<string, string> = {};
    hit.endpoint.names.forEach((name, i) => {
      try {
        pathParams[name] = decodeURIComponent(hit.m[i + 1]!);
      } catch {
        throw new RequestError(
          400,
          'invalid_request',
          `The path segment "${hit.m[i + 1]}" is not valid percent-encoding.`,
        );
      }
    });
    return { handler: hit.endpoint.handler, pathParams, auth: hit.endpoint.auth };
  }
}
