/**
 * The body of a lean-http.ts answer, handed to its reader as it arrives: the bytes are lent
 * (they live in the connection's read buffer), the reader copies what it keeps and may ask
 * for a pause. Bytes that come before the reader, or while it paused, wait as copies.
 */

/** A protocol or connection failure, with a code the engine reads as worth another try. */
export class LeanHttpError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'LeanHttpError';
    this.code = code;
  }
}

/** The connection under a body: what a body asks of it. */
export interface BodySource {
  /** Reads on (what a paused read held first). */
  resume(): void;
  /** Closes the connection; the body fails with `error`. */
  destroy(error: Error): void;
}

/**
 * Takes the body's bytes as they arrive. They are lent: valid only during the call. Returns
 * false to pause the connection until `LeanBody.resume()`.
 */
export type BodySink = (bytes: Buffer) => boolean;

export class LeanBody {
  readonly #connection: BodySource;
  #sink: BodySink | undefined;
  /** Bytes that came before the reader, or that wait while it paused (copies). */
  #early: Buffer[] = [];
  /** Every byte came from the connection. */
  #ended = false;
  /** The pipe's promise is settled. */
  #settled = false;
  #error: Error | undefined;
  #done: { resolve: () => void; reject: (e: Error) => void } | undefined;

  constructor(connection: BodySource) {
    this.#connection = connection;
  }

  /** The whole body arrived. */
  get complete(): boolean {
    return this.#ended;
  }

  /** Delivers the body to `sink`; resolves once it all arrived, rejects if it was cut. */
  pipe(sink: BodySink): Promise<void> {
    if (this.#sink) return Promise.reject(new Error('the body is already being read'));
    this.#sink = sink;
    return new Promise<void>((resolve, reject) => {
      this.#done = { resolve, reject };
      this.#drain();
    });
  }

  /** Reads a (small) answer as text; gives up past `limit` bytes. */
  async text(limit = 65_536): Promise<string> {
    const parts: Buffer[] = [];
    let size = 0;
    await this.pipe((bytes) => {
      if (size < limit) parts.push(Buffer.from(bytes.subarray(0, limit - size)));
      size += bytes.length;
      if (size > limit) this.destroy();
      return true;
    }).catch((error: unknown) => {
      if (size <= limit) throw error;
    });
    return Buffer.concat(parts).toString('utf8');
  }

  /** Goes on after the sink asked for a pause. */
  resume(): void {
    if (this.#sink && !this.#settled) this.#drain();
  }

  /** Gives the body up (the connection is closed); a pending `pipe` rejects with `error`. */
  destroy(error?: Error): void {
    if (this.#error || this.#settled) return;
    const reason = error ?? new LeanHttpError('ECONNABORTED', 'the body was given up');
    // All of it came, but the reader has not taken it all: only the reading stops.
    if (this.#ended) this.#fail(reason);
    else this.#connection.destroy(reason);
  }

  /** @internal Bytes from the connection; false pauses it. */
  deliver(bytes: Buffer): boolean {
    if (this.#sink && this.#early.length === 0) return this.#give(bytes);
    this.#early.push(Buffer.from(bytes));
    return false;
  }

  /** @internal */
  end(): void {
    this.#ended = true;
    if (this.#early.length === 0) this.#settle();
  }

  /** @internal The connection failed before the body's end. */
  fail(error: Error): void {
    if (!this.#ended) this.#fail(error);
  }

  #fail(error: Error): void {
    if (this.#error || this.#settled) return;
    this.#error = error;
    this.#early = [];
    this.#settle();
  }

  /** Settles a pending `pipe` (a later one settles at once, in #drain). */
  #settle(): void {
    if (!this.#done) return;
    this.#settled = true;
    if (this.#error) this.#done.reject(this.#error);
    else this.#done.resolve();
  }

  /** Hands over what waits, until the sink pauses; then ends, or lets the connection go on. */
  #drain(): void {
    while (this.#early.length > 0) {
      if (!this.#give(this.#early.shift()!)) return;
    }
    if (this.#error || this.#ended) this.#settle();
    else this.#connection.resume();
  }

  /** A sink that throws gives the body up with its error. */
  #give(bytes: Buffer): boolean {
    try {
      return this.#sink!(bytes);
    } catch (thrown) {
      this.destroy(thrown instanceof Error ? thrown : new Error(String(thrown)));
      return false;
    }
  }
}
