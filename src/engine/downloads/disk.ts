/**
 * The file operations a transfer needs, behind one interface so that tests can fill the disk
 * (ENOSPC) without a full disk. How much room there is for files: free-space.ts.
 */
import { close, closeSync, constants, fsync, open, writev } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import { statfs } from 'node:fs/promises';
import { english } from '../../shared/i18n/english.ts';
import type { Keep } from '../net/http1/client.ts';
import { said } from '../../shared/i18n/translator.ts';

export interface PartFile {
  /**
   * Appends `chunk`: a copy (the caller may reuse its memory at once), or, given `keep`, the
   * chunk itself, kept until it is on the disk (the network's read buffer: no copy). Writes run
   * one at a time, in order, and the bytes that arrive meanwhile go out together in the next
   * one. Returns null when more may follow at once, else a promise to wait for: it resolves
   * once no more than a megabyte waits for the disk, and rejects with a failed write.
   */
  write(chunk: Uint8Array, keep?: Keep): Promise<void> | null;
  /** Writes what waits, then flushes to the device before the rename makes the file final. */
  sync(): Promise<void>;
  /** Writes what waits (the `.part` keeps every byte received), then closes. */
  close(): Promise<void>;
}

/** The file system holding a folder: bytes available to this process, and its size. */
export interface DiskSpace {
  free: number;
  size: number;
}

export interface DiskOps {
  /** The file system holding `dir`. */
  space(dir: string): Promise<DiskSpace>;
  /** Opens a `.part` file: empty when `fresh`, else for appending to what it holds. */
  openPart(path: string, fresh: boolean): Promise<PartFile>;
}

// The file descriptor calls (not FileHandle): `writev` below needs the plain descriptor.
const openFd = promisify(open);
const fsyncFd = promisify(fsync);
const closeFd = promisify(close);

/** Bytes waiting for the disk beyond which a transfer stops reading from the network. */
const HIGH_WATER = 1024 * 1024;

/**
 * Bytes waiting for the disk that the caller cannot lend (undici's chunks through a proxy, a
 * test's buffer) are copied into slabs that are used again once written: a few megabytes that
 * live as long as the process, instead of a new buffer per network read for the garbage
 * collector to find (docs/benchmarks.md, downloads). The lean client's bytes are kept where
 * they were read (`keep`), without a copy.
 */
const SLAB = 256 * 1024;
const spareSlabs: Buffer[] = [];
const takeSlab = () => spareSlabs.pop() ?? Buffer.allocUnsafe(SLAB);
const giveSlab = (slab: Buffer) => {
  if (spareSlabs.length < 32) spareSlabs.push(slab);
};

/** Bytes waiting for the disk, and what lets their memory go once they are written. */
interface Piece {
  bytes: Uint8Array;
  done: () => void;
}

class QueuedFile implements PartFile {
  readonly #fd: number;
  /** Filled slabs' bytes, in the file's order, not yet handed to a write. */
  #queue: Piece[] = [];
  /** The slab being filled, and how much of it is. */
  #fill: Buffer | undefined;
  #used = 0;
  /** Bytes not yet on the disk: queued or being written. */
  #pending = 0;
  #writing = false;
  #error: Error | undefined;
  #waiters: { below: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  /** Every byte reached the device: closing has nothing left to write. */
  #synced = false;

  constructor(fd: number) {
    this.#fd = fd;
  }

  write(chunk: Uint8Array, keep?: Keep): Promise<void> | null {
    if (this.#error) return Promise.reject(this.#error);
    if (keep) {
      // After what was copied before it, in order.
      this.#seal();
      this.#queue.push({ bytes: chunk, done: keep() });
    } else this.#copy(chunk);
    this.#pending += chunk.length;
    this.#next();
    return this.#pending > HIGH_WATER ? this.#until(HIGH_WATER) : null;
  }

  async sync(): Promise<void> {
    await this.#until(0);
    await fsyncFd(this.#fd);
    this.#synced = true;
  }

  async close(): Promise<void> {
    await this.#until(0).catch(() => undefined);
    // After a failed write: what still waits lets its memory go.
    for (const piece of this.#queue.splice(0)) piece.done();
    if (this.#fill) giveSlab(this.#fill);
    this.#fill = undefined;
    // After an fsync, close only lets the descriptor go: no trip through the thread pool.
    if (this.#synced) closeSync(this.#fd);
    else await closeFd(this.#fd);
  }

  /** Resolves once at most `below` bytes wait for the disk. */
  #until(below: number): Promise<void> {
    if (this.#error) return Promise.reject(this.#error);
    if (this.#pending <= below) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ below, resolve, reject }));
  }

  /** Copies `chunk` into slabs, after what waits. */
  #copy(chunk: Uint8Array): void {
    for (let at = 0; at < chunk.length;) {
      if (!this.#fill || this.#used === SLAB) {
        this.#seal();
        this.#fill = takeSlab();
      }
      const n = Math.min(chunk.length - at, SLAB - this.#used);
      this.#fill.set(chunk.subarray(at, at + n), this.#used);
      this.#used += n;
      at += n;
    }
  }

  /** The slab being filled joins the queue; the next bytes go into another. */
  #seal(): void {
    const fill = this.#fill;
    if (fill && this.#used > 0) {
      this.#queue.push({ bytes: fill.subarray(0, this.#used), done: () => giveSlab(fill) });
      this.#fill = undefined;
    }
    this.#used = 0;
  }

  #next(): void {
    if (this.#writing || this.#error) return;
    this.#seal();
    if (this.#queue.length === 0) return;
    const pieces = this.#queue;
    this.#queue = [];
    this.#writing = true;
    writev(
      this.#fd,
      pieces.map((p) => p.bytes),
      (error, written) => {
        this.#writing = false;
        if (error) {
          for (const piece of pieces) piece.done();
          this.#error = error;
          for (const w of this.#waiters.splice(0)) w.reject(error);
          return;
        }
        this.#pending -= written;
        // A short write: what was not written goes first in the next one.
        this.#queue.unshift(...unwritten(pieces, written));
        this.#waiters = this.#waiters.filter((w) => {
          if (this.#pending > w.below) return true;
          w.resolve();
          return false;
        });
        this.#next();
      },
    );
  }
}

/** The pieces a short write left, in order; the slabs written whole are used again. */
function unwritten(pieces: Piece[], written: number): Piece[] {
  const rest: Piece[] = [];
  for (const piece of pieces) {
    if (written >= piece.bytes.length) {
      written -= piece.bytes.length;
      piece.done();
    } else {
      rest.push(written > 0 ? { ...piece, bytes: piece.bytes.subarray(written) } : piece);
      written = 0;
    }
  }
  return rest;
}

// A `.part` is never opened through a symbolic link (ELOOP): one planted at its name would make
// the download write wherever it points. Not on Windows, where an ordinary user plants none.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** A fresh `.part` is a new file: never an existing one (a hard link to another file). */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
const APPEND = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NO_FOLLOW;

export const realDisk: DiskOps = {
  async space(dir) {
    const s = await statfs(dir);
    return { free: s.bavail * s.bsize, size: s.blocks * s.bsize };
  },
  async openPart(path, fresh) {
    try {
      if (!fresh) return new QueuedFile(await openFd(path, APPEND, 0o666));
      return new QueuedFile(
        await openFd(path, CREATE_NEW, 0o666).catch(async (error) => {
          // A `.part` left from before, started over: removed (the name, never what a link
          // points to), then made anew.
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          await unlink(path);
          return openFd(path, CREATE_NEW, 0o666);
        }),
      );
    } catch (error) {
      throw linkRefused(error, path);
    }
  },
};

/** ELOOP (EMLINK on FreeBSD) from O_NOFOLLOW: the `.part` is a symbolic link, said in words. */
function linkRefused(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ELOOP' && code !== 'EMLINK') return error;
  const reason = said('downloads.reason.link', { path });
  return Object.assign(new Error(english.say(reason), { cause: error }), {
    code: 'LINK_REFUSED',
    said: reason,
  });
}

/** A `.part` found to be a symbolic link: nothing changes by retrying until the user removes it. */
export function isLinkRefused(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'LINK_REFUSED';
}

/** A write refused for want of room: the disk is full, or the user's quota on it. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** A write the device itself failed: a failing disk, a stick pulled out, a share gone. */
export function isDiskBroken(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EIO';
}
