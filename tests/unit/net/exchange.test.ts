/**
 * Network.exchange, the API client's transport (not fetch): what fetch did for those calls is
 * done here too. A real server on loopback answers each case.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Network } from '../../../src/engine/net/network.ts';
import { waitFor } from '../../helpers/wait.ts';

const TEXT = JSON.stringify({ words: 'a road camera '.repeat(200) });
let base = '';
let closedEarly = 0;
const seen: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/layered': (_req, res) => {
    // gzip applied first, then br: undone last first.
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip, br' });
    res.end(brotliCompressSync(gzipSync(TEXT)));
  },
  '/redirect': (_req, res) => {
    res.writeHead(302, { location: '/elsewhere', 'set-cookie': ['a=1', 'b=2'] });
    res.end();
  },
  '/empty': (_req, res) => {
    res.writeHead(204);
    res.end();
  },
  '/odd-status': (_req, res) => {
    res.writeHead(999);
    res.end('no such status');
  },
  '/endless': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 10);
    req.socket.on('close', () => {
      clearInterval(timer);
      closedEarly++;
    });
  },
  '/echo': (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      res.writeHead(201, { 'content-type': 'text/plain' });
      res.end('made');
    });
  },
};

const server = createServer((req, res) => routes[req.url!]!(req, res));
const network = new Network({ proxy: { mode: 'none' } });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await network.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the API client's transport", () => {
  it('undoes content codings layer on layer, as fetch did', async () => {
    const response = await network.exchange(`${base}/layered`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(TEXT);
  });

  it('hands a redirect back unfollowed, every header value kept', async () => {
    const response = await network.exchange(`${base}/redirect`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('gives a 204 no body', async () => {
    const response = await network.exchange(`${base}/empty`);
    expect([response.status, response.body]).toEqual([204, null]);
  });

  it('refuses a status HTTP has not got, in words, instead of throwing a RangeError', async () => {
    const error = await network.exchange(`${base}/odd-status`).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RangeError);
    expect(String(error)).toContain('999 is not an HTTP status');
  });

  it("sends a body with fetch's default type and the caller's headers", async () => {
    const response = await network.exchange(`${base}/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer x' },
      body: 'grant_type=client_credentials',
    });
    expect([response.status, await response.text()]).toEqual([201, 'made']);
    const { method, headers, body } = seen.at(-1)!;
    expect([method, body]).toEqual(['POST', 'grant_type=client_credentials']);
    expect(headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(headers['authorization']).toBe('Bearer x');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it("fails a body's read with the caller's abort reason, and closes the connection", async () => {
    const before = closedEarly;
    const controller = new AbortController();
    const response = await network.exchange(`${base}/endless`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    const reason = new Error('the caller gave up');
    controller.abort(reason);
    // The reads go on until the abort has reached the stream: then they fail with its reason.
    const failed = await (async () => {
      for (;;) if ((await reader.read()).done) return 'the body ended';
    })().catch((e: unknown) => e);
    expect(failed).toBe(reason);
    await waitFor(() => closedEarly > before, { what: 'the connection closed', timeoutMs: 5_000 });
  });
});
