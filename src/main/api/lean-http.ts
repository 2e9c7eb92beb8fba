/**
 * HTTP/1.1 GETs of signed file URLs for the download engine, over keep-alive connections that
 * read into one fixed buffer each (`onread`), so that a body costs no allocation per read.
 *
 * node:http hands every socket read over in a new 64 KB Buffer; at a few hundred MB/s that is
 * thousands of short-lived buffers a second, and V8 answers the external memory with a full
 * collection of the whole heap every few tens of milliseconds: in the engine's process that
 * was a third of its CPU (docs/benchmarks.md, downloads). Here the body's bytes are lent to the
 * reader, which copies what it keeps (the part file's write queue does, into reused slabs).
 *
 * It speaks the part of HTTP/1.1 a GET needs, whole: bodies framed by Content-Length, chunked,
 * or by the end of the connection; interim 1xx answers skipped; a reused connection that the
 * server closed meanwhile replaced once. Nothing here adds authorization: a signed URL
 * carries its own.
 */
import net from 'node:net';
import tls from 'node:tls';
import { LeanBody, LeanHttpError, type BodySource } from './lean-body.ts';

export { LeanBody, LeanHttpError, type BodySink } from './lean-body.ts';

export interface LeanResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: LeanBody;
}

export interface LeanOptions {
  /** TLS settings for https URLs (tests: a CA of their own). */
  tls?: tls.ConnectionOptions;
  /** Longest wait for an answer's head once the request is sent (default 30 s). */
  headTimeoutMs?: number;
  /** An unused connection is closed after this long (default 4 s, under common server limits). */
  idleMs?: number;
}

const READ_BUFFER = 256 * 1024;
const MAX_HEAD = 64 * 1024;
const MAX_CHUNK_LINE = 4096;

type Framing =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; state: 'size' | 'data' | 'data-end' | 'trailer'; left: number }
  | { kind: 'close' }
  | { kind: 'none' };

interface Exchange {
  resolve: (r: LeanResponse) => void;
  reject: (e: Error) => void;
  body?: LeanBody;
  framing?: Framing;
  headTimer: NodeJS.Timeout;
  /** The exchange is over (read whole, or the connection is gone): timers and listeners go. */
  settled: () => void;
}

class Connection implements BodySource {
  readonly origin: string;
  readonly #socket: net.Socket;
  readonly #pool: LeanHttp;
  /** The start of a head or of a chunk line that is not whole yet (a copy). */
  #unparsed: Buffer | undefined;
  #exchange: Exchange | undefined;
  /** Answers read whole on this connection (0: fresh, so a failure is not a stale reuse). */
  served = 0;
  /** False once the server said `Connection: close`. */
  #keepAlive = true;
  #closed = false;
  #idleTimer: NodeJS.Timeout | undefined;
  /**
   * Body bytes of a read that came before the body's reader, or after it paused: the socket
   * stops reading until resume(). Over plain TCP they stay where they are, in the read buffer,
   * which no read touches meanwhile; TLS copies them (its decryption may go on filling the
   * buffer after a pause, see #read).
   */
  #held: Buffer | undefined;
  /** The socket was paused for the body's reader (held bytes or not). */
  #paused = false;
  /** The connection's end, put off until the reader has the bytes held before it. */
  #lost: (() => void) | undefined;
  readonly #secure: boolean;

  constructor(pool: LeanHttp, url: URL, options: LeanOptions) {
    this.origin = url.origin;
    this.#pool = pool;
    const buffer = Buffer.allocUnsafe(READ_BUFFER);
    const onread = { buffer, callback: (n: number) => this.#read(buffer.subarray(0, n)) };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    // onread works for tls.connect as for net.connect (Node >= 15); @types/node omits it.
    const secure: tls.ConnectionOptions & Pick<net.NetConnectOpts, 'onread'> = {
      ...options.tls,
      host,
      port,
      servername: net.isIP(host) ? undefined : host,
      ALPNProtocols: ['http/1.1'],
      onread,
    };
    this.#secure = url.protocol === 'https:';
    this.#socket = this.#secure ? tls.connect(secure) : net.connect({ host, port, onread });
    this.#socket.setNoDelay(true);
    this.#socket.on('end', () => this.#lose(() => this.#onEnd()));
    this.#socket.on('error', (error) => this.#lose(() => this.destroy(error)));
    this.#socket.on('close', () =>
      this.#lose(() => this.destroy(new LeanHttpError('ECONNRESET', 'connection closed'))),
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  send(request: string, ms: number, signal?: AbortSignal): Promise<LeanResponse> {
    clearTimeout(this.#idleTimer);
    this.#socket.ref();
    this.#socket.resume();
    return new Promise((resolve, reject) => {
      const headTimer = setTimeout(
        () => this.destroy(new LeanHttpError('ETIMEDOUT', `no answer within ${ms / 1000} s`)),
        ms,
      );
      const onAbort = () => this.destroy(signal!.reason as Error);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = () => {
        clearTimeout(headTimer);
        signal?.removeEventListener('abort', onAbort);
      };
      this.#exchange = { resolve, reject, headTimer, settled };
      this.#socket.write(request);
    });
  }

  resume(body: LeanBody): void {
    if (this.#closed || !this.#paused || this.#exchange?.body !== body) return;
    this.#paused = false;
    const held = this.#held;
    this.#held = undefined;
    if (held && !this.#read(held)) return;
    const lost = this.#lost;
    this.#lost = undefined;
    if (lost) lost();
    else this.#socket.resume();
  }

  destroy(error: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    const x = this.#exchange;
    this.#exchange = undefined;
    if (x) {
      x.settled();
      if (x.body) x.body.fail(error);
      else x.reject(error);
    }
    this.#socket.destroy();
    this.#pool.forget(this);
  }

  /** onread: the bytes of one socket read, in the fixed buffer. False pauses the socket. */
  #read(bytes: Buffer): boolean {
    if (this.#paused) {
      // TLS decrypts a whole network read in one go and hands it over record by record even
      // after a pause was asked for: what comes then waits behind what was held, in order.
      this.#held = this.#held ? Buffer.concat([this.#held, bytes]) : Buffer.from(bytes);
      return false;
    }
    while (bytes.length > 0 && !this.#closed) {
      const x = this.#exchange;
      if (!x) {
        this.destroy(new LeanHttpError('EPROTO', 'the server sent bytes nobody asked for'));
        return false;
      }
      if (!x.body) {
        const rest = this.#readHead(x, bytes);
        if (rest === undefined) return true;
        bytes = rest;
        continue;
      }
      // No reader yet (the head was just read), or it asked for a pause: the rest waits.
      if (!x.body.reading) return this.#hold(bytes);
      const [used, more] = this.#readBody(x, bytes);
      bytes = bytes.subarray(used);
      // The body read whole needs no pause (the connection went on to its next exchange).
      if (!more && this.#exchange === x && !this.#closed) return this.#hold(bytes);
    }
    return true;
  }

  /** Ends the connection, once a paused reader has had the bytes that came before the end. */
  #lose(end: () => void): void {
    if (this.#held && !this.#closed) this.#lost ??= end;
    else end();
  }

  /** Pauses for the body's reader, keeping what this read still holds for resume(). */
  #hold(bytes: Buffer): false {
    this.#paused = true;
    if (bytes.length > 0) this.#held = this.#secure ? Buffer.from(bytes) : bytes;
    return false;
  }

  /** Collects the head; returns the bytes after it once it is whole. */
  #readHead(x: Exchange, bytes: Buffer): Buffer | undefined {
    const all = this.#joined(bytes);
    const end = all.indexOf('\r\n\r\n');
    if ((end < 0 ? all.length : end) > MAX_HEAD) {
      this.destroy(new LeanHttpError('EPROTO', 'the answer head is larger than 64 KB'));
      return undefined;
    }
    if (end < 0) {
      this.#keep(all, bytes);
      return undefined;
    }
    const rest = all.subarray(end + 4);
    const head = parseHead(all.subarray(0, end).toString('latin1'));
    if (typeof head === 'string') {
      this.destroy(new LeanHttpError('EPROTO', `the server's answer is not HTTP/1.1: ${head}`));
      return undefined;
    }
    // An interim answer (100 Continue, 103 Early Hints): the real one follows.
    if (head.status >= 100 && head.status < 200) return rest;
    clearTimeout(x.headTimer);
    const framing = framingOf(head.status, head.headers);
    if (typeof framing === 'string') {
      this.destroy(new LeanHttpError('EPROTO', framing));
      return undefined;
    }
    x.framing = framing;
    x.body = new LeanBody(this);
    if (head.headers.connection?.toLowerCase().includes('close')) this.#keepAlive = false;
    x.resolve({ status: head.status, headers: head.headers, body: x.body });
    if (framing.kind === 'none' || (framing.kind === 'length' && framing.left === 0)) {
      this.#finish(x);
    }
    return rest;
  }

  /** Hands body bytes over; returns how many bytes it used and whether to keep reading. */
  #readBody(x: Exchange, bytes: Buffer): [number, boolean] {
    const f = x.framing!;
    const body = x.body!;
    if (f.kind === 'close') return [bytes.length, body.deliver(bytes)];
    if (f.kind === 'length') {
      const take = Math.min(f.left, bytes.length);
      f.left -= take;
      const more = body.deliver(bytes.subarray(0, take));
      if (f.left === 0) this.#finish(x);
      return [take, more];
    }
    if (f.kind === 'none') {
      this.destroy(new LeanHttpError('EPROTO', 'the server sent bytes nobody asked for'));
      return [bytes.length, false];
    }
    // Chunked: size lines, data, the CRLF after it, then trailers up to an empty line.
    if (f.state === 'data') {
      const take = Math.min(f.left, bytes.length);
      f.left -= take;
      if (f.left === 0) f.state = 'data-end';
      return [take, body.deliver(bytes.subarray(0, take))];
    }
    const eol = bytes.indexOf('\n');
    const line = this.#joined(bytes);
    if (eol < 0) {
      if (line.length > MAX_CHUNK_LINE) this.destroy(new LeanHttpError('EPROTO', 'bad chunk'));
      else this.#keep(line, bytes);
      return [bytes.length, true];
    }
    const text = line
      .subarray(0, line.length - bytes.length + eol)
      .toString('latin1')
      .replace(/\r$/, '');
    if (f.state === 'data-end') {
      if (text !== '') this.destroy(new LeanHttpError('EPROTO', 'bad chunk end'));
      f.state = 'size';
    } else if (f.state === 'size') {
      const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(text);
      if (!size) this.destroy(new LeanHttpError('EPROTO', `bad chunk size "${text.slice(0, 40)}"`));
      else {
        f.left = parseInt(size[1]!, 16);
        f.state = f.left === 0 ? 'trailer' : 'data';
      }
    } else if (text === '') this.#finish(x);
    return [eol + 1, true];
  }

  /** What waited from earlier reads followed by `bytes`; the unfinished start is used up. */
  #joined(bytes: Buffer): Buffer {
    const before = this.#unparsed;
    this.#unparsed = undefined;
    return before ? Buffer.concat([before, bytes]) : bytes;
  }

  /** Keeps an unfinished start for the next read (copied unless already a copy). */
  #keep(all: Buffer, bytes: Buffer): void {
    this.#unparsed = all === bytes ? Buffer.from(bytes) : all;
  }

  #finish(x: Exchange): void {
    // The reader gave the body up on its last bytes: the connection is already closed.
    if (this.#closed) return;
    this.#exchange = undefined;
    x.settled();
    const reusable = x.framing!.kind !== 'close' && this.#keepAlive;
    this.served++;
    x.body!.end();
    if (!reusable) return this.destroy(new LeanHttpError('ECONNRESET', 'connection closed'));
    this.#socket.resume();
    this.#socket.unref();
    this.#idleTimer = setTimeout(
      () => this.destroy(new LeanHttpError('ECONNRESET', 'idle')),
      this.#pool.idleMs,
    );
    this.#idleTimer.unref();
    this.#pool.release(this);
  }

  #onEnd(): void {
    const x = this.#exchange;
    if (x?.body && x.framing?.kind === 'close') {
      this.#exchange = undefined;
      x.settled();
      x.body.end();
    }
    const left = x?.framing?.kind === 'length' ? ` with ${x.framing.left} bytes still to come` : '';
    this.destroy(new LeanHttpError('ECONNRESET', `the server closed the connection${left}`));
  }
}

function parseHead(text: string): { status: number; headers: Record<string, string> } | string {
  const lines = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(lines[0]!);
  if (!status) return JSON.stringify(lines[0]!.slice(0, 60));
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return `bad header line ${JSON.stringify(line.slice(0, 60))}`;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status: Number(status[1]), headers };
}

function framingOf(status: number, headers: Record<string, string>): Framing | string {
  if (status === 204 || status === 304) return { kind: 'none' };
  const coding = headers['transfer-encoding'];
  if (coding !== undefined) {
    return /(^|,)\s*chunked\s*$/i.test(coding)
      ? { kind: 'chunked', state: 'size', left: 0 }
      : { kind: 'close' };
  }
  const length = headers['content-length'];
  if (length === undefined) return { kind: 'close' };
  const values = new Set(length.split(',').map((v) => v.trim()));
  const [only] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(only!)) return `bad Content-Length "${length}"`;
  return { kind: 'length', left: Number(only) };
}

/** A pool of keep-alive connections per origin. */
export class LeanHttp {
  readonly #options: LeanOptions;
  readonly #idle = new Map<string, Connection[]>();
  readonly idleMs: number;

  constructor(options: LeanOptions = {}) {
    this.#options = options;
    this.idleMs = options.idleMs ?? 4_000;
  }

  /** Resolves once the answer's head arrived; read or destroy its body. */
  async get(
    url: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<LeanResponse> {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new TypeError(`unsupported protocol ${target.protocol}`);
    }
    let request = `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n`;
    for (const [name, value] of Object.entries({ 'accept-encoding': 'identity', ...headers })) {
      if (!/^[\w-]+$/.test(name) || /[\r\n]/.test(value)) throw new TypeError(`bad header ${name}`);
      request += `${name}: ${value}\r\n`;
    }
    request += '\r\n';
    for (;;) {
      if (signal?.aborted) throw signal.reason as Error;
      const connection = this.#take(target.origin) ?? new Connection(this, target, this.#options);
      const reused = connection.served > 0;
      try {
        return await connection.send(request, this.#options.headTimeoutMs ?? 30_000, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason as Error;
        // A kept connection the server closed meanwhile: once more on a new one (a GET).
        if (reused && (error as LeanHttpError).code === 'ECONNRESET') continue;
        throw error;
      }
    }
  }

  /** Closes every unused connection. */
  close(): void {
    for (const list of this.#idle.values()) {
      for (const c of list.splice(0)) c.destroy(new LeanHttpError('ECONNRESET', 'closed'));
    }
  }

  /** @internal */
  release(connection: Connection): void {
    const list = this.#idle.get(connection.origin) ?? [];
    list.push(connection);
    this.#idle.set(connection.origin, list);
  }

  /** @internal */
  forget(connection: Connection): void {
    const list = this.#idle.get(connection.origin);
    const at = list?.indexOf(connection) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  }

  #take(origin: string): Connection | undefined {
    const list = this.#idle.get(origin);
    while (list?.length) {
      const c = list.pop()!;
      if (!c.closed) return c;
    }
    return undefined;
  }
}
