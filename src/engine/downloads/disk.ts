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
   * than a megabyte waits for the disk, and rejects with a failed write.
   */
  write(chunk: Uint8Array): Promise<void> | null;
  /**
   * Writes what waits and flushes it to the device; resolves with the SHA-256 (hex) of every
   * byte the file holds, what a resumed one held before included.
   */
  sync(): Promise<string>;
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
   * bytes, for appending to (and hashing) what it holds.
   */
  openPart(path: string, offset: number | null): Promise<PartFile>;
}

/** The disk, its files written by `writer`'s thread (disk-thread.ts). */
export function diskOn(writer: DiskThread): DiskOps {
  return {
    async space(dir) {
      const s = await statfs(dir);
      return { free: s.bavail * s.bsize, size: s.blocks * s.bsize };
    },
    openPart: (path, offset) =>
      writer.open(path, offset).catch((error: unknown) => {
        throw linkRefused(error, path);
      }),
  };
}

/** The process's disk: one writer thread for every transfer. */
export const realDisk = diskOn(new DiskThread());

/** ELOOP (EMLINK on FreeBSD) from O_NOFOLLOW: the `.part` is a symbolic link, said in words. */
function linkRefused(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'ELOOP' && code !== 'EMLINK') return error;
  return Object.assign(
    new Error(
      `${path} is a symbolic link, and Roadcam does not write through links. Remove it, then retry the download.`,
      { cause: error },
    ),
    { code: 'LINK_REFUSED' },
  );
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
