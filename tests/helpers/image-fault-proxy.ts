/**
 * A service whose live images go wrong for chosen cameras, in front of a real one: every request
 * is forwarded as it came, except `GET /v1/cameras/ID/live` of a camera given a fault, which
 * answers either the real image cut to half (a complete HTTP answer whose JPEG lacks its end,
 * as a camera's upload that broke off) or an error answer at once. The wall tour's tests use it.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ImageFault = 'cut' | 'error';

export interface ImageFaultProxy {
  url: string;
  /** The fault of each camera's live image; a camera not named is served as it is. */
  faults: Map<string, ImageFault>;
  /** Live image requests answered with a fault, by camera. */
  faulted: string[];
  close(): Promise<void>;
}

export async function startImageFaultProxy(target: string): Promise<ImageFaultProxy> {
  const sockets = new Set<Socket>();
  const state: ImageFaultProxy = {
    url: '',
    faults: new Map(),
    faulted: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const live = /^\/v1\/cameras\/([^/?]+)\/live(?:\?.*)?$/.exec(path);
    const camera = live ? decodeURIComponent(live[1]!) : null;
    const fault = camera === null ? undefined : state.faults.get(camera);
    if (fault) state.faulted.push(camera!);
    if (fault === 'error') {
      // Not a 5xx: the app's client would retry those; a refusal it passes on at once.
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        `{"error":{"status":422,"code":"invalid_request","message":"Camera ${camera} sent no usable image."}}`,
      );
      return;
    }
    const upstream = httpRequest(
      `${target}${path}`,
      { method: req.method, headers: req.headers },
      (up) => {
        if (fault !== 'cut' || up.statusCode !== 200) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          return up.pipe(res);
        }
        const chunks: Buffer[] = [];
        up.on('data', (chunk: Buffer) => chunks.push(chunk));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          const half = body.subarray(0, Math.floor(body.length / 2));
          const headers = { ...up.headers, 'content-length': String(half.length) };
          delete headers['transfer-encoding'];
          res.writeHead(200, headers);
          res.end(half);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
