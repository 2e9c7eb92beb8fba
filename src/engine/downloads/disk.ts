/**
 * The file operations a transfer needs, behind one interface so that tests can fill the disk
 * (ENOSPC) without a full disk. How much room there is for files: free-space.ts.
 */
import { statfs } from 'node:fs/promises';
import { DiskThread } from './disk-thread.ts';

export interface PartFile {
  /**
   * Appends a copy of `chunk` (the caller may reuse its memory at once), in order. Returns
   * null when more may follow at once, else a promise to wait for: it resolves once no more
   * than two megabytes wait for the disk, and rejects with a failed write.
   */
  write(chunk: Uint8Array): Promise<void> | null;
  /** Writes what waits, then flushes to the device before the rename makes the file final. */
  sync(): Promise<void>;
  /** After `sync`: closes the `.part` and renames it to `target`, the file's final name. */
  finish(target: string): Promise<void>;
  /** Writes what waits (the `.part` keeps every byte received), then closes; once `finish`ed, nothing. */
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
  /**
   * Opens a `.part` file: a new one when `offset` is null, else the one there cut to `offset`
   * bytes, for appending to what it holds. Its folder is made again if someone
   * removed it. A failed open may be told by the file's first wait instead (a write's, `sync`).
   */
  openPart(path: string, offset: number | null): Promise<PartFile>;
  /** Gets ready to write, so that the first file does not wait for it (the writer's thread). */
  warm?(): void;
}

/** The disk, its files written by `writer`'s thread (disk-thread.ts). */
export function diskOn(writer: DiskThread): DiskOps {
  return {
    async space(dir) {
      const s = await statfs(dir);
      return { free: s.bavail * s.bsize, size: s.blocks * s.bsize };
    },
    openPart: (path, offset) => Promise.resolve(writer.open(path, offset)),
    warm: () => writer.warm(),
  };
}

/** The process's disk: one writer thread for every transfer. */
export const realDisk = diskOn(new DiskThread());

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
