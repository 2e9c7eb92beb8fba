/**
 * A real small file system for the full-disk tests: a tmpfs with a size limit, mounted as root
 * (CI runs as root), grown later with a remount. Where mounting is not allowed, `whyNot` says
 * why and the tests that need it are skipped with that reason in their name.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  readonly path: string;
  /** Bytes free now. */
  free(): number;
  /** Grows (or shrinks) the file system to `bytes`; what it holds stays. */
  resize(bytes: number): void;
  remove(): void;
}

/** Mounts a tmpfs of `bytes` (rounded up to whole 4 KB pages). */
export function mountSmallDisk(bytes: number): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), 'roadcam-small-disk-'));
  const size = (b: number) => `size=${Math.ceil(b / 4096) * 4}k`;
  execFileSync('mount', ['-t', 'tmpfs', '-o', size(bytes), 'tmpfs', path]);
  return {
    path,
    free() {
      const s = statfsSync(path);
      return s.bavail * s.bsize;
    },
    resize(to) {
      execFileSync('mount', ['-o', `remount,${size(to)}`, path]);
    },
    remove() {
      execFileSync('umount', ['-l', path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Null when a small disk can be mounted here; else why not. */
export function smallDiskMissing(): string | null {
  if (process.platform !== 'linux') return 'a tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root (CI runs as root)';
  try {
    mountSmallDisk(64 * 1024).remove();
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${(error as Error).message.split('\n')[0]}`;
  }
}
