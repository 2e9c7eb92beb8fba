/**
 * net/http1/client.ts meeting what goes wrong: broken answers, timeouts, aborts, readers that fail.
 * Real sockets: raw servers that write exactly the bytes under test (tests/helpers/raw-server.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LeanHttpError } from '../../../src/engine/net/http1/client.ts';
import * as t from '../../helpers/raw-server.ts';
import { sleep, waitFor } from '../../helpers/wait.ts';

const { failure, fixed, pool, rawServer: raw, readAll, send } = t;

afterEach(t.cleanUp);

describe('failures', () => {
  it('rejects a body cut short with ECONNRESET, saying how many bytes were still to come', async () => {
    const server = await raw(async (socket) => {
      await send(socket, 'HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n', randomBytes(40_000));
      socket.end();
    });
    const response = await pool().get(server.url, {});
    let size = 0;
    const error = await failure(response.body.pipe((bytes) => (size += bytes.length) > 0));
    expect(error.code).toBe('ECONNRESET');
    expect(error.message).toMatch(/with 60000 bytes still to come/);
    expect(size).toBe(40_000);
    expect(response.body.complete).toBe(false);
  });

  it('rejects the body with the error of a sink that throws', async () => {
    const server = await raw(async (socket) => {
      await send(socket, 'HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n');
      // The body comes later than the head, in a read of its own, as a slow peer's would.
      await sleep(30);
      socket.write('body');
    });
    const response = await pool().get(server.url, {});
    const failed = new Error('the disk is gone');
    const piped = response.body.pipe(() => {
      throw failed;
    });
    // A bound on the race, not a wait: a body that never settles fails the test in 1 s.
    const late = sleep(1_000).then(() => 'still pending after 1 s');
    expect(await Promise.race([piped.catch((error: unknown) => error), late])).toBe(failed);
  });

  it('rejects the body with the error of a reader that pauses, then gives it up before its end', async () => {
    // The head and the first bytes come first; the rest would follow 300 ms later.
    const server = await raw(async (socket) => {
      await send(socket, 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello');
      await sleep(300); // the rest comes later, after the reader has given the body up
      await send(socket, 'world');
    });
    const response = await pool().get(server.url, {});
    const failed = new Error('no space left on device');
    const piped = response.body.pipe(() => {
      setTimeout(() => response.body.destroy(failed), 10);
      return false;
    });
    // A bound on the race, not a wait: a body that never settles fails the test in 1 s.
    const late = sleep(1_000).then(() => 'still pending after 1 s');
    expect(await Promise.race([piped.catch((error: unknown) => error), late])).toBe(failed);
  });

  it('resolves the body of a reader that paused on its last bytes; giving it up then changes nothing', async () => {
    // The whole answer comes before the reader, which pauses on it, then gives it up.
    const server = await raw(fixed('HTTP/1.1 200 OK\r\nContent-Length: 5', 'hello'));
    const http = pool();
    const response = await http.get(server.url, {});
    // Time for the whole answer to arrive before the reader: nothing to wait for but time.
    await sleep(50);
    const got: string[] = [];
    await response.body.pipe((bytes) => {
      got.push(bytes.toString());
      return false;
    });
    response.body.destroy(new Error('too late'));
    expect([got, response.body.complete]).toEqual([['hello'], true]);
    expect(await (await http.get(server.url, {})).body.text()).toBe('hello');
    expect(server.connections).toBe(1);
  });

  it.each([
    ['a malformed status line', 'HTTP/1.1 2OO OK', /not HTTP\/1\.1: "HTTP\/1\.1 2OO OK"/],
    ['another protocol', 'ICY 200 OK', /not HTTP\/1\.1: "ICY 200 OK"/],
    ['a header line without a colon', 'HTTP/1.1 200 OK\r\nbroken', /bad header line "broken"/],
    [
      'an invalid Content-Length',
      'HTTP/1.1 200 OK\r\nContent-Length: 12a',
      /bad Content-Length "12a"/,
    ],
    ['a negative Content-Length', 'HTTP/1.1 200 OK\r\nContent-Length: -1', /bad Content-Length/],
    [
      'conflicting Content-Lengths',
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6',
      /bad Content-Length "5, 6"/,
    ],
  ])('rejects %s with EPROTO and closes the connection', async (_what, head, message) => {
    const server = await raw(fixed(head, 'hello'));
    const error = await failure(pool().get(server.url, {}));
    expect(error).toBeInstanceOf(LeanHttpError);
    expect(error.code).toBe('EPROTO');
    expect(error.message).toMatch(message);
    await waitFor(() => server.connections === 1 && server.open.size === 0, {
      what: 'the one connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
  });

  it('rejects a head that goes on past 64 KB with EPROTO', async () => {
    const server = await raw((socket) =>
      send(socket, 'HTTP/1.1 200 OK\r\n', `X-Pad: ${'a'.repeat(40_000)}\r\n`, 'b'.repeat(40_000)),
    );
    const error = await failure(pool().get(server.url, {}));
    expect([error.code, error.message]).toEqual(['EPROTO', 'the answer head is larger than 64 KB']);
  });

  it('rejects a head over 64 KB with EPROTO even when its end arrives in the read past 64 KB', async () => {
    const pad = (n: number) => `X-Pad-${n}: ${'a'.repeat(990)}\r\n`;
    const server = await raw((socket) =>
      send(
        socket,
        `HTTP/1.1 200 OK\r\n${Array.from({ length: 65 }, (_, i) => pad(i)).join('')}`,
        `${pad(65)}${pad(66)}Content-Length: 0\r\n\r\n`,
      ),
    );
    const error = await failure(pool().get(server.url, {}));
    expect([error.code, error.message]).toEqual(['EPROTO', 'the answer head is larger than 64 KB']);
  });

  it.each([
    ['a chunk size that is not hex', 'zz\r\n', /bad chunk size "zz"/],
    ['a chunk not followed by CRLF', '5\r\nhelloXY\r\n0\r\n\r\n', /bad chunk end/],
    ['a chunk-size line that never ends', '5'.repeat(5000), /bad chunk/],
  ])('rejects the body on %s with EPROTO', async (_what, chunks, message) => {
    const server = await raw(fixed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked', chunks));
    const response = await pool().get(server.url, {});
    const error = await failure(readAll(response.body));
    expect(error.code).toBe('EPROTO');
    expect(error.message).toMatch(message);
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
  });

  it('gives up waiting for a head after headTimeoutMs with ETIMEDOUT', async () => {
    const server = await raw(() => {});
    const start = performance.now();
    const error = await failure(pool({ headTimeoutMs: 200 }).get(server.url, {}));
    const elapsed = performance.now() - start;
    expect([error.code, error.message]).toEqual(['ETIMEDOUT', 'no answer within 0.2 s']);
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(450);
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
  });

  it('rejects with the reason of a signal aborted before the head, and closes the connection', async () => {
    const server = await raw(() => {});
    const abort = new AbortController();
    const reason = new Error('no longer wanted');
    setTimeout(() => abort.abort(reason), 50);
    expect(await failure(pool().get(server.url, {}, abort.signal))).toBe(reason);
    expect(server.connections).toBe(1);
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
  });

  it('rejects the body with the reason of a signal aborted mid-body, and closes the connection', async () => {
    const server = await raw((socket) =>
      send(socket, 'HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n', randomBytes(1000)),
    );
    const abort = new AbortController();
    const reason = new Error('cancelled');
    const response = await pool().get(server.url, {}, abort.signal);
    let size = 0;
    const piped = failure(response.body.pipe((bytes) => (size += bytes.length) > 0));
    await waitFor(() => size === 1000, {
      what: 'the first 1000 bytes',
      timeoutMs: 2_000,
      everyMs: 5,
    });
    abort.abort(reason);
    expect(await piped).toBe(reason);
    await waitFor(() => server.open.size === 0, {
      what: 'the connection to close',
      timeoutMs: 2_000,
      everyMs: 5,
    });
  });

  it('does not connect for a signal already aborted', async () => {
    const server = await raw(fixed('HTTP/1.1 200 OK\r\nContent-Length: 0'));
    const reason = new Error('too late');
    expect(await failure(pool().get(server.url, {}, AbortSignal.abort(reason)))).toBe(reason);
    // Nothing may happen: a connection would have arrived by then.
    await sleep(20);
    expect(server.connections).toBe(0);
  });

  it('rejects with the connection error when nothing listens', async () => {
    const server = await raw(() => {});
    const url = server.url;
    await server.close();
    expect((await failure(pool().get(url, {}))).code).toBe('ECONNREFUSED');
  });
});
