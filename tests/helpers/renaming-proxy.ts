/**
 * A service that names images as a test likes: a proxy in front of the embedded service that
 * shows each real image name under another one (in JSON answers and markers) and sends a
 * request for a shown name on as the real one. The embedded service only makes names of its
 * own form; this lets a test hand the app names a hostile or odd service could send.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RenamingProxy {
  url: string;
  close(): Promise<void>;
}

/** `shown`: real name -> the name the proxy shows for it. */
export async function startRenamingProxy(
  target: string,
  shown: ReadonlyMap<string, string>,
): Promise<RenamingProxy> {
  const real = new Map([...shown].map(([r, s]) => [s, r]));
  const toShown = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(toShown)
      : typeof value === 'string'
        ? (shown.get(value) ?? value)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toShown(v)]))
          : value;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const marker = url.searchParams.get('marker');
    if (marker !== null) url.searchParams.set('marker', real.get(marker) ?? marker);
    url.pathname = url.pathname.replace(
      /(\/images\/)([^/]+)$/,
      (_, images: string, name: string) => {
        const decoded = decodeURIComponent(name);
        return images + encodeURIComponent(real.get(decoded) ?? decoded);
      },
    );
    const headers = { ...req.headers, host: url.host };
    delete headers['accept-encoding'];
    const upstream = httpRequest(url, { method: req.method, headers }, (up) => {
      const out = { ...up.headers };
      if (!String(up.headers['content-type']).includes('json')) {
        res.writeHead(up.statusCode ?? 502, out);
        return void up.pipe(res);
      }
      const parts: Buffer[] = [];
      up.on('data', (c: Buffer) => parts.push(c));
      up.on('end', () => {
        const body = JSON.stringify(toShown(JSON.parse(Buffer.concat(parts).toString())));
        delete out['content-length'];
        delete out['transfer-encoding'];
        res.writeHead(up.statusCode ?? 502, out);
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
