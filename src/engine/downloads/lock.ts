/**
 * One process runs a data folder's download queue: two (the app and `roadcam download`, say)
 * writing the same `.part` files would corrupt them. A lock file holds the owner's pid; a lock
 * whose process is gone (crash, SIGKILL) is taken over.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const heldHere = new Set<string>();

/** The lock file of one service's queue in a data folder. */
export function queueLockPath(dataDir: string, service: string): string {
  const hash = createHash('sha256').update(service).digest('hex').slice(0, 12);
  return join(dataDir, `downloads-${hash}.lock`);
}

/** The queue's lock for this process, or undefined (logged) while another process runs it. */
export function lockQueue(
  dataDir: string,
  service: string,
  log?: (line: string) => void,
): QueueLock | undefined {
  const got = takeLock(queueLockPath(dataDir, service));
  if (!('heldBy' in got)) return got;
  log?.(`downloads: the queue is run by process ${got.heldBy}; watching only`);
  return undefined;
}

export interface QueueLock {
  release(): void;
}

/** The lock, or the pid of the process that holds it. */
export function takeLock(path: string): QueueLock | { heldBy: number } {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      return {
        release() {
          if (!heldHere.delete(path)) return;
          try {
            unlinkSync(path);
          } catch {
            // Already gone (the data folder was removed): nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readText(path));
      const ours = pid === process.pid;
      if ((ours && heldHere.has(path)) || (!ours && alive(pid))) return { heldBy: pid };
      try {
        unlinkSync(path);
      } catch {
        // Someone else removed the stale lock first; try again.
      }
    }
  }
  return { heldBy: Number(readText(path)) || 0 };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
