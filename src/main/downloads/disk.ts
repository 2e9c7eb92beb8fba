/**
 * The file operations a transfer needs, behind one interface so that tests can fill the disk
 * (ENOSPC) without a full disk.
 */
import { close, fsync, open, writev } from 'node:fs';
import { promisify } from 'node:util';
import { statfs } from 'node:fs/promises';

export interface PartFile {
  /**
   * Appends a chunk. Writes run one at a time, in order, and the chunks that arrive meanwhile
   * go out together in the next one; this resolves at once unless more than a megabyte is
   * still waiting for the disk. A failed write is thrown by the next call.
   */
  write(chunk: Uint8Array): Promise<void>;
  /** Writes what waits, then flushes to the device before the rename makes the file final. */
  sync(): Promise<void>;
  /** Writes what waits (the `.part` keeps every byte received), then closes. */
  close(): Promise<void>;
}

export interface DiskOps {
  /** Bytes available to this process in the file system holding `dir`. */
  freeBytes(dir: string): Promise<number>;
  /** Opens a `.part` file: empty when `fresh`, else for appending to what it holds. */
  openPart(path: string, fresh: boolean): Promise<PartFile>;
}

// The file descriptor calls (not FileHandle): `writev` below needs the plain descriptor.
const openFd = promisify(open);
const fsyncFd = promisify(fsync);
const closeFd = promisify(close);

/** Bytes waiting for the disk beyond which a transfer stops reading from the network. */
const HIGH_WATER = 1024 * 1024;

class QueuedFile implements PartFile {
  readonly #fd: number;
  #queue: Uint8Array[] = [];
  /** Bytes not yet on the disk: queued or being written. */
  #pending = 0;
  #writing = false;
  #error: Error | undefined;
  #waiters: { below: number; resolve: () => void; reject: (e: Error) => void }[] = [];

  constructor(fd: number) {
    this.#fd = fd;
  }

  write(chunk: Uint8Array): Promise<void> {
    if (this.#error) return Promise.reject(this.#error);
    this.#queue.push(chunk);
    this.#pending += chunk.length;
    this.#next();
    return this.#until(HIGH_WATER);
  }

  async sync(): Promise<void> {
    await this.#until(0);
    await fsyncFd(this.#fd);
  }

  async close(): Promise<void> {
    await this.#until(0).catch(() => undefined);
    await closeFd(this.#fd);
  }

  /** Resolves once at most `below` bytes wait for the disk. */
  #until(below: number): Promise<void> {
    if (this.#error) return Promise.reject(this.#error);
    if (this.#pending <= below) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ below, resolve, reject }));
  }

  #next(): void {
    if (this.#writing || this.#queue.length === 0) return;
    const chunks = this.#queue;
    this.#queue = [];
    this.#writing = true;
    writev(this.#fd, chunks, (error, written) => {
      this.#writing = false;
      if (error) {
        this.#error = error;
        for (const w of this.#waiters.splice(0)) w.reject(error);
        return;
      }
      this.#pending -= written;
      // A short write: what was not written goes first in the next one.
      this.#queue.unshift(...unwritten(chunks, written));
      this.#waiters = this.#waiters.filter((w) => {
        if (this.#pending > w.below) return true;
        w.resolve();
        return false;
      });
      this.#next();
    });
  }
}

function unwritten(chunks: Uint8Array[], written: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  for (const chunk of chunks) {
    if (written >= chunk.length) written -= chunk.length;
    else {
      rest.push(written > 0 ? chunk.subarray(written) : chunk);
      written = 0;
    }
  }
  return rest;
}

export const realDisk: DiskOps = {
  async freeBytes(dir) {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  },
  async openPart(path, fresh) {
    return new QueuedFile(await openFd(path, fresh ? 'w' : 'a'));
  },
};

export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
