/**
 * The body of a lean-http.ts answer, handed to its reader as it arrives: the bytes are lent
 * (they live in the connection's read buffer), the reader copies what it keeps and may ask
 * for a pause. Bytes that come before the reader, or while it paused, wait in the connection,
 * which stops reading meanwhile.
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
  /** Reads on for `body` (what a paused read held first), if it is still the one being read. */
  resume(body: LeanBody): void;
  /** Closes the connection; the body fails with `error`. */
  destroy(error: Error): void;
}

/**
 * Takes the body's bytes as they arrive. They are lent: valid only during the call, unless the
 * reader calls `keep` (when given: bytes in the connection's read buffer), which keeps them
 * unchanged until the function it returns is called. Returns false to pause the connection
 * until `LeanBody.resume()`.
 */
export type BodySink = (bytes: Buffer, keep?: Keep) => boolean;

/** Keeps lent bytes past the call; the function returned lets them go. */
export type Keep = () => () => void;

export class LeanBody {
  readonly #connection: BodySource;
  #sink: BodySink | undefined;
  /** The sink asked for a pause and was not resumed yet. */
  #paused = false;
  /** Every byte came from the connection. */
  #ended = false;
  /** The pipe's promise is settled. */
  #settled = false;
  #error: Error | undefined;
  #done: { resolve: () => void; reject: (e: Error) => void } | undefined;

  constructor(connection: BodySource) {
    this.#connection = connection;
  }

  /** The whole body arrived and was handed to the reader. */
  get complete(): boolean {
    return this.#ended;
  }

  /** @internal A reader takes bytes now; else the connection keeps them and stops reading. */
  get reading(): boolean {
    return this.#sink !== undefined && !this.#paused && !this.#settled && !this.#error;
  }

  /** Delivers the body to `sink`; resolves once it all arrived, rejects if it was cut. */
  pipe(sink: BodySink): Promise<void> {
    if (this.#sink) return Promise.reject(new Error('the body is already being read'));
    this.#sink = sink;
    return new Promise<void>((resolve, reject) => {
      this.#done = { resolve, reject };
      this.#go();
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
    if (!this.#sink || !this.#paused) return;
    this.#paused = false;
    this.#go();
  }

  /** Gives the body up (the connection is closed); a pending `pipe` rejects with `error`. */
  destroy(error?: Error): void {
    if (this.#error || this.#settled) return;
    const reason = error ?? new LeanHttpError('ECONNABORTED', 'the body was given up');
    // All of it was handed over (the sink paused on the last bytes): only the reading stops.
    if (this.#ended) this.#fail(reason);
    else this.#connection.destroy(reason);
  }

  /** @internal Bytes from the connection, only while `reading`; false pauses it. */
  deliver(bytes: Buffer, keep?: Keep): boolean {
    try {
      if (this.#sink!(bytes, keep)) return true;
    } catch (thrown) {
      // A sink that throws gives the body up with its error.
      this.destroy(thrown instanceof Error ? thrown : new Error(String(thrown)));
      return false;
    }
    this.#paused = true;
    return false;
  }

  /** @internal */
  end(): void {
    this.#ended = true;
    this.#settle();
  }

  /** @internal The connection failed before the body's end. */
  fail(error: Error): void {
    if (!this.#ended) this.#fail(error);
  }

  #fail(error: Error): void {
    if (this.#error || this.#settled) return;
    this.#error = error;
    this.#settle();
  }

  /** Settles a pending `pipe` (a later one settles at once, in #go). */
  #settle(): void {
    if (!this.#done) return;
    this.#settled = true;
    if (this.#error) this.#done.reject(this.#error);
    else this.#done.resolve();
  }

  /** Ends a pipe over a body that is over, or lets the connection hand the rest over. */
  #go(): void {
    if (this.#error || this.#ended) this.#settle();
    else this.#connection.resume(this);
  }
}
