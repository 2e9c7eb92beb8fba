/**
 * A service that does not know the beta transition filter: a real HTTP proxy in front of the
 * embedded service that drops every `sensors[<type>][prev]` of an observation search (query
 * string of a GET, JSON or form body of a POST .../_search) before sending it on. Its answers
 * then hold observations whose current value matches but that are no change at all.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PrevIgnoringProxy {
  url: string;
  /** Observation searches whose [prev] filter it dropped. */
  dropped: number;
  close(): Promise<void>;
}

const PREV = /^sensors\[[a-z_]+\]\[prev\]/;

function withoutPrevJson(body: Record<string, unknown>): { body: unknown; dropped: boolean } {
  const sensors = body.sensors as Record<string, Record<string, unknown>> | undefined;
  if (!sensors || typeof sensors !== 'object') return { body, dropped: false };
  let dropped = false;
  const kept = Object.fromEntries(
    Object.entries(sensors).map(([type, filter]) => {
      if (filter && typeof filter === 'object' && 'prev' in filter) {
        dropped = true;
        const rest = { ...filter };
        delete rest.prev;
        return [type, rest];
      }
      return [type, filter];
    }),
  );
  return { body: { ...body, sensors: kept }, dropped };
}

export async function startPrevIgnoringProxy(target: string): Promise<PrevIgnoringProxy> {
  const proxy: PrevIgnoringProxy = { url: '', dropped: 0, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', target);
      let body = Buffer.concat(chunks);
      if (url.pathname.startsWith('/v1/observations')) {
        const names = [...url.searchParams.keys()].filter((k) => PREV.test(k));
        for (const k of names) url.searchParams.delete(k);
        if (names.length > 0) proxy.dropped++;
        const type = String(req.headers['content-type'] ?? '');
        if (body.length > 0 && type.includes('json')) {
          const read = withoutPrevJson(JSON.parse(body.toString()) as Record<string, unknown>);
          if (read.dropped) proxy.dropped++;
          body = Buffer.from(JSON.stringify(read.body));
        } else if (body.length > 0 && type.includes('form')) {
          const form = new URLSearchParams(body.toString());
          const prev = [...form.keys()].filter((k) => PREV.test(k));
          for (const k of prev) form.delete(k);
          if (prev.length > 0) proxy.dropped++;
          body = Buffer.from(form.toString());
        }
      }
      const headers = { ...req.headers, host: url.host, 'content-length': String(body.length) };
      const upstream = httpRequest(url, { method: req.method, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
