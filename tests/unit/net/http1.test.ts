import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeanBody } from '../../../src/engine/net/http1/client.ts';
import * as t from '../../helpers/raw-server.ts';
import { sleep, waitFor } from '../../helpers/wait.ts';

const { failure, fixed, listen, pool, rawServer: raw, readAll, send, sha } = t;

afterEach(t.cleanUp);

describe('bodies', () => {
  it('delivers a Content-Length body sent in many small writes whole, then reuses the connection', async () => {
    const payload = randomBytes(3 * 1024 * 1024);
    const server = await raw(async (socket) => {
      const head = `HTTP/1.1 200 OK\r\nContent-Length: ${payload.length}\r\n\r\n`;
      await send(socket, head.slice(0, 20), head.slice(20, 38), head.slice(38, -1), '\n');
      for (let at = 0; at < payload.length; at += 48 * 1024) {
        await new Promise((resolve) => socket.write(payload.subarray(at, at + 48 * 1024), resolve));
      }
    });
    const http = pool();
    const response = await http.get(`${server.url}/a`, {});
    expect(response.status).toBe(200);
    const hash = createHash('sha256');
    let size = 0;
    let calls = 0;
    await response.body.pipe((bytes) => {
      hash.update(bytes);
      size += bytes.length;
      return ++calls > 0;
    });
    expect([size, hash.digest('hex'), response.body.complete]).toEqual([
      payload.length,
      sha(payload),
      true,
    ]);
    expect(calls).toBeGreaterThan(10);
    const again = await http.get(`${server.url}/b`, {});
    expect(sha(await readAll(again.body))).toBe(sha(payload));
    expect(server.connections).toBe(1);
    expect(server.requests.map((r) => r.split('\r\n')[0])).toEqual([
      'GET /a HTTP/1.1',
      'GET /b HTTP/1.1',
    ]);
  });

  it('decodes a chunked body with extensions and trailers, split anywhere, and reuses the connection', async () => {
    const big = randomBytes(100_000);
    const server = await raw((socket) =>
      send(
        socket,
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=va',
        'lue\r\nhello\r',
        '\n1',
        '0 ; x\r\n0123456789abcdef\r\nA\r\n',
        '+-+-+-+-+-\r\n',
        Buffer.concat([Buffer.from(`${big.length.toString(16)}\r\n`), big.subarray(0, 500)]),
        Buffer.concat([big.subarray(500), Buffer.from('\r\n0\r\nTrailer-One: x\r\n')]),
        'Trailer-Two: y\r\n\r',
        '\n',
      ),
    );
    const http = pool();
    const expected = Buffer.concat([Buffer.from('hello0123456789abcdef+-+-+-+-+-'), big]);
    for (const path of ['/a', '/b']) {
      const response = await http.get(server.url + path, {});
      const body = await readAll(response.body);
      expect(body.length).toBe(expected.length);
      expect(sha(body)).toBe(sha(expected));
      expect(response.body.complete).toBe(true);
    }
    expect(server.connections).toBe(1);
  });

  it('reads a body without a length up to the end of the connection, then opens a new one', async () => {
    const payload = randomBytes(500_000);
    const server = await raw(async (socket) => {
      await send(socket, 'HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n', payload.subarray(0, 1000));
      socket.end(payload.subarray(1000));
    });
    const http = pool();
    for (const path of ['/a', '/b']) {
      const response = await http.get(server.url + path, {});
      expect(sha(await readAll(response.body))).toBe(sha(payload));
      expect(response.body.complete).toBe(true);
    }
    expect(server.connections).toBe(2);
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
  });

  it('skips 100 Continue and 103 Early Hints before the answer', async () => {
    const server = await raw((socket) =>
      send(
        socket,
        'HTTP/1.1 100 Continue\r\n\r\n',
        'HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 200 OK\r\n',
        'Content-Length: 4\r\n\r\nbody',
      ),
    );
    const response = await pool().get(server.url, {});
    expect(response.status).toBe(200);
    expect(response.headers).toEqual({ 'content-length': '4' });
    expect(await response.body.text()).toBe('body');
  });

  it('reads no body after a 204 or a 304 and reuses the connection', async () => {
    const heads = ['HTTP/1.1 204 No Content', 'HTTP/1.1 304 Not Modified\r\nContent-Length: 10'];
    const server = await raw((socket, _head, n) =>
      fixed(heads[n] ?? 'HTTP/1.1 200 OK\r\nContent-Length: 2', n < 2 ? '' : 'ok')(socket),
    );
    const http = pool();
    for (const status of [204, 304]) {
      const response = await http.get(server.url, {});
      expect(response.status).toBe(status);
      expect(response.body.complete).toBe(true);
      expect(await response.body.text()).toBe('');
    }
    expect(await (await http.get(server.url, {})).body.text()).toBe('ok');
    expect(server.connections).toBe(1);
  });
});

describe('backpressure', () => {
  /** Pipes with a sink that asks for a pause at its first call, and resumes 150 ms later. */
  async function pausedOnce(body: LeanBody, expected: Buffer): Promise<void> {
    let calls = 0;
    const parts: Buffer[] = [];
    const piped = body.pipe((bytes) => {
      calls++;
      parts.push(Buffer.from(bytes));
      return calls > 1;
    });
    await waitFor(() => calls > 0, { what: 'the first bytes', timeoutMs: 2_000, everyMs: 5 });
    await sleep(150); // the pause itself: nothing may reach the sink while it lasts
    expect(calls).toBe(1);
    expect(body.complete).toBe(false);
    body.resume();
    await piped;
    expect(sha(Buffer.concat(parts))).toBe(sha(expected));
    expect(calls).toBeGreaterThan(1);
  }

  it('gives a sink that returned false nothing more until resume()', async () => {
    const payload = randomBytes(1024 * 1024);
    const server = await raw(async (socket) => {
      await send(socket, `HTTP/1.1 200 OK\r\nContent-Length: ${payload.length}\r\n\r\n`);
      for (let at = 0; at < payload.length; at += 64 * 1024) {
        await send(socket, payload.subarray(at, at + 64 * 1024));
      }
    });
    await pausedOnce((await pool().get(server.url, {})).body, payload);
  });

  it('gives a sink that returned false nothing more until resume(), with many chunks in one read', async () => {
    const chunks = Array.from({ length: 50 }, () => randomBytes(1000));
    const wire = chunks.map((c) => Buffer.concat([Buffer.from('3e8\r\n'), c, Buffer.from('\r\n')]));
    const server = await raw((socket) =>
      send(
        socket,
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
        Buffer.concat([...wire, Buffer.from('0\r\n\r\n')]),
      ),
    );
    await pausedOnce((await pool().get(server.url, {})).body, Buffer.concat(chunks));
  });
  it.each(['http', 'https'] as const)(
    'hands a paused reader the bytes held when the server closed after them (%s)',
    async (scheme) => {
      const payload = randomBytes(40 * 1024); // a few TLS records, in one network read
      const keys = t.selfSigned();
      const answer = (_req: unknown, res: ServerResponse) => {
        res.setHeader('connection', 'close');
        res.end(payload);
      };
      const server = await listen(
        scheme === 'https' ? createHttpsServer(keys, answer) : createServer(answer),
        scheme,
      );
      const response = await pool({ tls: { ca: keys.cert } }).get(server.url, {});
      // The whole answer and the close come before the reader, which pauses at once: time to let
      // them arrive, with nothing to wait for.
      await sleep(100);
      const parts: Buffer[] = [];
      await response.body.pipe((bytes) => {
        parts.push(Buffer.from(bytes));
        if (parts.length === 1) setTimeout(() => response.body.resume(), 50);
        return parts.length > 1;
      });
      expect(sha(Buffer.concat(parts))).toBe(sha(payload));
    },
  );
});

describe('bytes kept by the reader', () => {
  it.each(['http', 'https'] as const)(
    'stay as they were read while later reads arrive, and are let go when the reader says (%s)',
    async (scheme) => {
      const payload = randomBytes(3 * 1024 * 1024);
      const keys = t.selfSigned();
      const answer = (_req: unknown, res: ServerResponse) => res.end(payload);
      const server = await listen(
        scheme === 'https' ? createHttpsServer(keys, answer) : createServer(answer),
        scheme,
      );
      const response = await pool({ tls: { ca: keys.cert } }).get(server.url, {});
      // Every chunk kept where it was read (no copy), then let go only at the end: a later
      // read into the same memory would change what was kept.
      const kept: Buffer[] = [];
      const letGo: (() => void)[] = [];
      let offered = 0;
      await response.body.pipe((bytes, keep) => {
        if (keep) {
          offered++;
          letGo.push(keep());
          kept.push(bytes);
        } else kept.push(Buffer.from(bytes));
        return true;
      });
      expect(sha(Buffer.concat(kept))).toBe(sha(payload));
      // Over plain TCP every read is lent for keeping; TLS may copy what it holds.
      if (scheme === 'http') expect(offered).toBe(kept.length);
      expect(offered).toBeGreaterThan(0);
      for (const release of letGo) release();
      // The connection reads on into its slabs once they are let go: the next answer is whole.
      const again = await pool({ tls: { ca: keys.cert } }).get(server.url, {});
      expect(sha(await readAll(again.body))).toBe(sha(payload));
    },
  );
});

describe('keep-alive', () => {
  it('asks once more on a new connection when the server closed a kept one', async () => {
    const server = await raw((socket, _head, n, c) => {
      if (n > 0) socket.destroy();
      else fixed('HTTP/1.1 200 OK\r\nContent-Length: 2', `c${c}`)(socket);
    });
    const http = pool();
    expect(await (await http.get(server.url, {})).body.text()).toBe('c1');
    expect(await (await http.get(server.url, {})).body.text()).toBe('c2');
    expect([server.connections, server.requests.length]).toEqual([2, 3]);
  });

  it('does not ask again when a new connection is closed before any answer', async () => {
    const server = await raw((socket) => socket.destroy());
    const error = await failure(pool().get(server.url, {}));
    expect(error.code).toBe('ECONNRESET');
    expect([server.connections, server.requests.length]).toEqual([1, 1]);
  });

  it('uses a new connection once node:http closed the kept one after its keepAliveTimeout', async () => {
    const httpServer = createServer(
      { keepAliveTimeout: 50, keepAliveTimeoutBuffer: 0 },
      (_req, res) => res.end('fine'),
    );
    const server = await listen(httpServer);
    const http = pool();
    expect(await (await http.get(server.url, {})).body.text()).toBe('fine');
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
    expect(await (await http.get(server.url, {})).body.text()).toBe('fine');
    expect(server.connections).toBe(2);
  });

  it('closes a connection left unused for idleMs', async () => {
    const server = await listen(createServer((_req, res) => res.end('x')));
    const http = pool({ idleMs: 150 });
    for (let i = 0; i < 3; i++)
      expect(await (await http.get(server.url, {})).body.text()).toBe('x');
    const start = performance.now();
    expect(server.open.size).toBe(1);
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
    expect(performance.now() - start).toBeGreaterThanOrEqual(130);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(server.connections).toBe(1);
  });

  it('does not keep the process alive with an unused connection', async () => {
    const httpServer = createServer({ keepAliveTimeout: 60_000 }, (_req, res) => res.end('x'));
    const server = await listen(httpServer);
    const module = pathToFileURL(
      join(import.meta.dirname, '../../../src/engine/net/http1/client.ts'),
    );
    const script = `import { LeanHttp } from ${JSON.stringify(module.href)};
      const response = await new LeanHttp({ idleMs: 60_000 }).get(process.argv[1], {});
      console.log(await response.body.text());`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, server.url]);
    t.later(() => child.kill());
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    const exit = new Promise((resolve) => child.on('exit', resolve));
    // A bound on the race, not a wait: a child that does not exit fails the test in 4 s.
    expect(await Promise.race([exit, sleep(4_000).then(() => 'still running')])).toBe(0);
    expect(output).toBe('x\n');
    expect(server.connections).toBe(1);
  });
});

describe('text', () => {
  it('reads an error body as text, and stops past its limit without waiting for the rest', async () => {
    const json = JSON.stringify({ error: 'busy', detail: 'try again later' });
    const answers = [
      `HTTP/1.1 503 Busy\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
      `HTTP/1.1 503 Busy\r\nContent-Length: 100000\r\n\r\n${'abcdefghij'.repeat(100)}`,
    ];
    const server = await raw((socket, _head, n) => socket.write(answers[n]!));
    const http = pool();
    const response = await http.get(server.url, {});
    expect([response.status, response.headers['content-type']]).toEqual([503, 'application/json']);
    expect(JSON.parse(await response.body.text())).toEqual(JSON.parse(json));
    expect(await (await http.get(server.url, {})).body.text(15)).toBe('abcdefghijabcde');
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
    expect(server.connections).toBe(1);
  });
});
