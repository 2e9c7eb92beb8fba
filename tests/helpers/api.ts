/**
 * Test fixtures for the client: the real embedded service on a small fixed world, and a
 * recording proxy in front of it that remembers every request (method, path, headers) and can
 * inject failures, other bodies, or the service's own answers rewritten. Redirects are rewritten to pass through the proxy, so the requests made to
 * signed URLs are recorded too.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_CLIENT,
  startService,
  type RunningService,
  type ServiceOptions,
} from '../../src/service/index.ts';
import { ApiClient, type ApiClientOptions } from '../../src/engine/api/index.ts';
import { Network } from '../../src/engine/net/network.ts';
import { tempDir } from './core.ts';

export const NOW = '2026-11-21T12:00:00Z';

export interface TestService extends RunningService {
  /** Token requests the service counted, per client (its admin statistics). */
  tokenRequests(client?: string): Promise<number>;
  stop(): Promise<void>;
}

/** The world a test service is made of; 300 cameras over 3 hours unless it says otherwise. */
export interface World {
  cameras?: number;
  hours?: number;
  variant?: ServiceOptions['variant'];
  tls?: ServiceOptions['tls'];
}

export async function startTestService(world: World = {}): Promise<TestService> {
  const dir = tempDir('roadcam-api-');
  const service = await startService({
    dataDir: dir.path,
    cameras: world.cameras ?? 300,
    hours: world.hours ?? 3,
    now: NOW,
    admin: true,
    variant: world.variant,
    tls: world.tls,
  });
  return Object.assign(service, {
    async tokenRequests(client: string = DEMO_CLIENT.id) {
      const stats = (await (await fetch(`${service.url}/_admin/stats`)).json()) as {
        token_requests: Record<string, number>;
      };
      return stats.token_requests[client] ?? 0;
    },
    async stop() {
      await service.close();
      dir.remove();
    },
  });
}

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body the client sent, as text. */
  body: string;
}

/** Raw JSON in, raw JSON out: tests break answers in ways no type allows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Rewrite = (answer: any) => unknown;

export interface Fault {
  status: number;
  headers?: Record<string, string>;
  /** Only requests whose path starts with this. */
  path?: string;
  /** 'drop' destroys the connection instead of answering. */
  drop?: boolean;
  /** This body instead of the error one (with `status`, and headers to say its type). */
  body?: string;
  /** Forwards the request, then answers with the service's JSON answer passed through this. */
  rewrite?: Rewrite;
}

export interface RecordingProxy {
  url: string;
  requests: Recorded[];
  /** Answers the next matching requests with these faults, in order, instead of forwarding. */
  inject(...faults: Fault[]): void;
  /**
   * From now on, every JSON answer of the service (but the token's) passes through `rewrite`,
   * called with the request's path too; `undefined` stops it.
   */
  rewriteAll(rewrite: ((answer: unknown, path: string) => unknown) | undefined): void;
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: Recorded[] = [];
  const faults: Fault[] = [];
  let rewriteAll: ((answer: unknown, path: string) => unknown) | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      requests.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: body.toString(),
      });
      const i = faults.findIndex((f) => f.path === undefined || path.startsWith(f.path));
      if (i >= 0) {
        const [fault] = faults.splice(i, 1);
        if (fault!.drop) return req.socket.destroy();
        if (fault!.rewrite) return forward(req, body, res, fault!.rewrite);
        res.writeHead(fault!.status, { 'content-type': 'application/json', ...fault!.headers });
        return res.end(
          fault!.body ??
            JSON.stringify({
              error: { status: fault!.status, code: 'internal_error', message: 'injected' },
            }),
        );
      }
      const all = rewriteAll;
      const everyAnswer =
        all && !path.startsWith('/v1/oauth/token') ? (a: unknown) => all(a, path) : undefined;
      forward(req, body, res, everyAnswer);
    });
  });
  /** The request sent on to the service; its answer back as it is, or its JSON rewritten. */
  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, rewrite?: Rewrite) => {
    const upstream = httpRequest(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (up) => {
        const headers = { ...up.headers };
        if (typeof headers.location === 'string' && headers.location.startsWith(target)) {
          headers.location = proxyUrl + headers.location.slice(target.length);
        }
        if (!rewrite || !String(up.headers['content-type']).includes('json')) {
          res.writeHead(up.statusCode ?? 502, headers);
          return void up.pipe(res);
        }
        const parts: Buffer[] = [];
        up.on('data', (c: Buffer) => parts.push(c));
        up.on('end', () => {
          const text = JSON.stringify(rewrite(JSON.parse(Buffer.concat(parts).toString())));
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(text);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxyUrl,
    requests,
    inject: (...more) => faults.push(...more),
    rewriteAll: (rewrite) => (rewriteAll = rewrite),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let network: Network | undefined;

/**
 * The network of tests' clients (the environment's proxy, the system's certificates), one per
 * test process as a core has one: the app has no network without an owner.
 */
export function testNetwork(): Network {
  return (network ??= new Network());
}

/** A client for the demo account, fast retries so that retry tests take milliseconds. */
export function demoClient(baseUrl: string, options: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl,
    network: testNetwork(),
    credentials: () =>
      Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
}

/**
 * `count` alerts named `event`, half-degree squares in rows of 20 from (-120, 35): more than a
 * page, all inside the box -121,34,-100,42.
 */
export function addAlerts(service: RunningService, count: number, event: string): void {
  for (let i = 0; i < count; i++) {
    const lon = -120 + (i % 20);
    const lat = 35 + Math.floor(i / 20);
    service.control.addAlert({
      event,
      polygon: [
        [lon, lat],
        [lon + 0.5, lat],
        [lon + 0.5, lat + 0.5],
        [lon, lat],
      ],
    });
  }
}

/** The token the client presented in the recorded requests (proxy tests). */
export function bearerTokens(requests: readonly Recorded[]): string[] {
  return [
    ...new Set(
      requests
        .map((r) => r.headers.authorization)
        .filter((h): h is string => typeof h === 'string' && h.startsWith('Bearer '))
        .map((h) => h.slice(7)),
    ),
  ];
}
