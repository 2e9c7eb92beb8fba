/**
 * The file operations a transfer needs, behind one interface so that tests can fill the disk
 * (ENOSPC) without a full disk.
 */
import { statfs } from 'node:fs/promises';
import { open } from 'node:fs/promises';

export interface PartFile {
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes to the device before the rename makes the file final. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface DiskOps {
  /** Bytes available to this process in the file system holding `dir`. */
  freeBytes(dir: string): Promise<number>;
  /** Opens a `.part` file for appending. */
  openAppend(path: string): Promise<PartFile>;
}

export const realDisk: DiskOps = {
  async freeBytes(dir) {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  },
  async openAppend(path) {
    const fh = await open(path, 'a');
    return {
      async write(chunk) {
        let offset = 0;
        while (offset < chunk.length) {
          const { bytesWritten } = await fh.write(chunk, offset, chunk.length - offset);
          offset += bytesWritten;
        }
      },
      sync: () => fh.sync(),
      close: () => fh.close(),
    };
  },
};

export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
