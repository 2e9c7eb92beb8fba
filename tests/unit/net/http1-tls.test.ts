/**
 * The lean HTTP client (src/engine/net/http1/client.ts) over TLS, and the request line and headers
 * it sends and reads. Bodies, backpressure and keep-alive are in lean-http.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../helpers/raw-server.ts';
import { sleep } from '../../helpers/wait.ts';

const { failure, fixed, listen, pool, rawServer: raw, readAll, sha } = t;

afterEach(t.cleanUp);

describe('https', () => {
  let tls: { key: Buffer; cert: Buffer };
  beforeAll(() => void (tls = t.selfSigned()));

  function httpsServer(payload: Buffer): Promise<t.Listening> {
    return listen(
      createHttpsServer(tls, (_req, res) => res.end(payload)),
      'https',
    );
  }

  it('reads a body over TLS with a trusted certificate, reusing the connection', async () => {
    const payload = randomBytes(2 * 1024 * 1024);
    const server = await httpsServer(payload);
    const http = pool({ tls: { ca: tls.cert } });
    for (const path of ['/a', '/b']) {
      const body = await readAll((await http.get(server.url + path, {})).body);
      expect(sha(body)).toBe(sha(payload));
    }
    expect(server.connections).toBe(1);
  });

  it('gives a sink that returned false nothing more until resume(), over TLS too', async () => {
    // TLS decrypts a network read record by record and hands each over even after a pause.
    const payload = randomBytes(8 * 1024 * 1024);
    const server = await httpsServer(payload);
    const body = (await pool({ tls: { ca: tls.cert } }).get(server.url, {})).body;
    const parts: Buffer[] = [];
    let paused = false;
    let whilePaused = 0;
    await body.pipe((bytes) => {
      if (paused) whilePaused++;
      parts.push(Buffer.from(bytes));
      if (parts.length % 3 > 0) return true;
      paused = true;
      setTimeout(() => {
        paused = false;
        body.resume();
      }, 1);
      return false;
    });
    expect(whilePaused).toBe(0);
    expect(sha(Buffer.concat(parts))).toBe(sha(payload));
    expect(parts.length).toBeGreaterThan(30);
  });

  it('rejects a certificate it does not trust', async () => {
    const server = await httpsServer(Buffer.from('secret'));
    const error = await failure(pool().get(server.url, {}));
    expect(error.code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
  });
});

describe('headers', () => {
  it('sends the path, query and headers, and reads names in lower case with repeats joined', async () => {
    const server = await raw(
      fixed(
        'HTTP/1.1 200 OK\r\nX-Multi: a\r\nContent-Type: Text/Plain\r\nx-multi:  b \r\nContent-Length: 0',
      ),
    );
    const response = await pool().get(`${server.url}/f/v.mp4?sig=a%20b&x=1`, {
      range: 'bytes=0-9',
    });
    expect(response.headers).toEqual({
      'x-multi': 'a, b',
      'content-type': 'Text/Plain',
      'content-length': '0',
    });
    expect(server.requests).toEqual([
      `GET /f/v.mp4?sig=a%20b&x=1 HTTP/1.1\r\nHost: ${server.url.slice(7)}\r\naccept-encoding: identity\r\nrange: bytes=0-9`,
    ]);
  });

  it('refuses header values with CR or LF, bad header names and other protocols', async () => {
    const server = await raw(fixed('HTTP/1.1 200 OK\r\nContent-Length: 0'));
    const http = pool();
    // Refusals in words (LeanHttpError), never a TypeError, which the IPC edge reads as a bug.
    const refused = (code: string, words: RegExp) =>
      expect.objectContaining({
        name: 'LeanHttpError',
        code,
        message: expect.stringMatching(words),
      });
    const header = refused('ERR_INVALID_HEADER', /header "x-a" has a character a header cannot/);
    await expect(http.get(server.url, { 'x-a': 'b\r\nx-evil: 1' })).rejects.toEqual(header);
    await expect(http.get(server.url, { 'x-a': 'b\nc' })).rejects.toEqual(header);
    await expect(http.get(server.url, { 'x a': 'b' })).rejects.toEqual(
      refused('ERR_INVALID_HEADER', /header "x a"/),
    );
    await expect(http.get('ftp://127.0.0.1/file', {})).rejects.toEqual(
      refused('ERR_UNSUPPORTED_PROTOCOL', /ftp: address cannot be downloaded/),
    );
    // Nothing may happen: a connection would have arrived by then.
    await sleep(20);
    expect(server.connections).toBe(0);
  });
});
