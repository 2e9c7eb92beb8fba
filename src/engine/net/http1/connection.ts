/**
 * One keep-alive connection of lean-http.ts: it sends a GET, reads the answer's head, and
 * lends the body's bytes to its reader straight from the slab it reads into (slabs.ts); the
 * reader may keep them there, and the next read goes past them.
 */
import net from 'node:net';
import tls from 'node:tls';
import { LeanBody, LeanHttpError, type BodySource, type Keep } from './body.ts';
import { framingOf, parseHead, type Framing } from './head.ts';
import { ReadPlace, type Slab } from './slabs.ts';

export interface LeanResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: LeanBody;
}

export interface LeanOptions {
  /** TLS settings for https URLs (tests: a CA of their own); a function is asked at each TLS connection. */
  tls?: tls.ConnectionOptions | (() => tls.ConnectionOptions);
  /** Longest wait for an answer's head once the request is sent (default 30 s). */
  headTimeoutMs?: number;
  /** An unused connection is closed after this long (default 4 s, under common server limits). */
  idleMs?: number;
}

const MAX_HEAD = 64 * 1024;
const MAX_CHUNK_LINE = 4096;

/** What a connection asks of the pool it belongs to. */
export interface ConnectionPool {
  readonly idleMs: number;
  /** The connection is free for the next request. */
  release(connection: LeanConnection): void;
  /** The connection closed. */
  forget(connection: LeanConnection): void;
}

interface Exchange {
  resolve: (r: LeanResponse) => void;
  reject: (e: Error) => void;
  body?: LeanBody;
  framing?: Framing;
  headTimer: NodeJS.Timeout;
  /** The exchange is over (read whole, or the connection is gone): timers and listeners go. */
  settled: () => void;
}

export class LeanConnection implements BodySource {
  readonly origin: string;
  readonly #socket: net.Socket;
  readonly #pool: ConnectionPool;
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
   * stops reading until resume(). Over plain TCP they stay in their slab (#heldSlab); TLS
   * copies them (its decryption may go on filling the buffer after a pause, see #read).
   */
  #held: Buffer | undefined;
  #heldSlab: Slab | undefined;
  readonly #place = new ReadPlace();
  /** The socket was paused for the body's reader (held bytes or not). */
  #paused = false;
  /** The connection's end, put off until the reader has the bytes held before it. */
  #lost: (() => void) | undefined;
  readonly #secure: boolean;

  constructor(pool: ConnectionPool, url: URL, options: LeanOptions) {
    this.origin = url.origin;
    this.#pool = pool;
    // A function as the buffer: Node asks it for the buffer of each next read.
    const onread = {
      buffer: () => (this.#closed ? Buffer.alloc(0) : this.#place.next()),
      callback: (n: number, buffer: Uint8Array) => {
        this.#place.used = false;
        const more = this.#read((buffer as Buffer).subarray(0, n), this.#place.slab);
        this.#place.advance(n);
        return more;
      },
    };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    // onread works for tls.connect as for net.connect (Node >= 15); @types/node omits it.
    const given = options.tls;
    const secure = (): tls.ConnectionOptions & Pick<net.NetConnectOpts, 'onread'> => ({
      ...(typeof given === 'function' ? given() : given),
      host,
      port,
      servername: net.isIP(host) ? undefined : host,
      ALPNProtocols: ['http/1.1'],
      onread,
    });
    this.#secure = url.protocol === 'https:';
    this.#socket = this.#secure ? tls.connect(secure()) : net.connect({ host, port, onread });
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
    const heldSlab = this.#heldSlab;
    this.#held = undefined;
    this.#heldSlab = undefined;
    if (held) {
      const more = this.#read(held, heldSlab);
      heldSlab?.release();
      if (!more) return;
    }
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
    this.#heldSlab?.release();
    this.#heldSlab = undefined;
    this.#place.close();
  }

  /** The bytes of one socket read (in `slab`, unless copied). False pauses the socket. */
  #read(bytes: Buffer, slab: Slab | undefined): boolean {
    if (this.#paused) {
      // TLS decrypts a whole network read in one go and hands it over record by record even
      // after a pause was asked for: what comes then waits behind what was held, in order.
      this.#held = this.#held ? Buffer.concat([this.#held, bytes]) : Buffer.from(bytes);
      this.#heldSlab?.release();
      this.#heldSlab = undefined;
      return false;
    }
    let keep = slab && this.#place.keeper(slab);
    while (bytes.length > 0 && !this.#closed) {
      const x = this.#exchange;
      if (!x) {
        this.destroy(new LeanHttpError('EPROTO', 'the server sent bytes nobody asked for'));
        return false;
      }
      if (!x.body) {
        const rest = this.#readHead(x, bytes);
        if (rest === undefined) return true;
        // After a head that came in pieces, the rest is a copy, not in the slab.
        if (slab && rest.buffer !== slab.bytes.buffer) slab = keep = undefined;
        bytes = rest;
        continue;
      }
      // No reader yet (the head was just read), or it asked for a pause: the rest waits.
      if (!x.body.reading) return this.#hold(bytes, slab);
      const [used, more] = this.#readBody(x, bytes, keep);
      bytes = bytes.subarray(used);
      // The body read whole needs no pause (the connection went on to its next exchange).
      if (!more && this.#exchange === x && !this.#closed) return this.#hold(bytes, slab);
    }
    return true;
  }

  /** Ends the connection, once a paused reader has had the bytes that came before the end. */
  #lose(end: () => void): void {
    if (this.#held && !this.#closed) this.#lost ??= end;
    else end();
  }

  /** Pauses for the body's reader, keeping what this read still holds for resume(). */
  #hold(bytes: Buffer, slab: Slab | undefined): false {
    this.#paused = true;
    if (bytes.length === 0) return false;
    // In their slab over plain TCP; a copy over TLS, or of bytes not in the slab.
    this.#heldSlab = this.#secure ? undefined : slab;
    this.#held = this.#heldSlab ? bytes : Buffer.from(bytes);
    this.#heldSlab?.retain();
    if (this.#heldSlab) this.#place.used = true;
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
  #readBody(x: Exchange, bytes: Buffer, keep: Keep | undefined): [number, boolean] {
    const f = x.framing!;
    const body = x.body!;
    if (f.kind === 'close') return [bytes.length, body.deliver(bytes, keep)];
    if (f.kind === 'length') {
      const take = Math.min(f.left, bytes.length);
      f.left -= take;
      const more = body.deliver(bytes.subarray(0, take), keep);
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
      return [take, body.deliver(bytes.subarray(0, take), keep)];
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
