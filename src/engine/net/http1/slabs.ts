/**
 * The buffers lean-http's connections read into, shared with whoever keeps the bytes read into
 * them (the download engine's part files, until the bytes are on the disk): a connection reads
 * into the unused rest of its slab, and a slab goes back to the spares once nobody uses any of
 * it. A few megabytes that live as long as the process, and no copy of a body's bytes between
 * the network and the disk (docs/benchmarks.md, downloads).
 */
import type { Keep } from './body.ts';

export const SLAB_SIZE = 256 * 1024;
/** Spare slabs kept for the next reads (the rest are left to the garbage collector). */
const SPARES = 32;
const spares: Slab[] = [];

export class Slab {
  readonly bytes = Buffer.allocUnsafe(SLAB_SIZE);
  #users = 0;

  retain(): void {
    this.#users++;
  }

  /** One user is done with the slab; the last one gives it back to the spares. */
  release(): void {
    if (--this.#users === 0 && spares.length < SPARES) spares.push(this);
  }
}

/** A slab for one user (a connection reading into it), spare or new. */
export function takeSlab(): Slab {
  const slab = spares.pop() ?? new Slab();
  slab.retain();
  return slab;
}

/** A read gets at least this much room: a slab with less left is left to its keepers. */
const MIN_READ = 64 * 1024;

/** Where one connection's reads go: the rest of its slab, past the bytes that stay. */
export class ReadPlace {
  #slab: Slab | undefined;
  #at = 0;
  /** The last read's bytes stay (kept by the reader, or held for it). */
  used = false;

  /** The slab of the last read. */
  get slab(): Slab | undefined {
    return this.#slab;
  }

  /** The buffer of the next read. */
  next(): Buffer {
    if (!this.#slab || SLAB_SIZE - this.#at < MIN_READ) {
      this.#slab?.release();
      this.#slab = takeSlab();
      this.#at = 0;
    }
    return this.#slab.bytes.subarray(this.#at);
  }

  /** The reader is done with a read of `n` bytes: the next goes past them if they stay. */
  advance(n: number): void {
    if (this.used) this.#at += n;
    this.used = false;
  }

  /** Lets the reader keep bytes of `slab` past its call (body.ts, `Keep`). */
  keeper(slab: Slab): Keep {
    return () => {
      this.used = true;
      slab.retain();
      return () => slab.release();
    };
  }

  close(): void {
    this.#slab?.release();
    this.#slab = undefined;
  }
}
