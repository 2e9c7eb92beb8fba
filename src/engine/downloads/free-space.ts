/**
 * Room on the disk for downloads: a reserve that is never used (a setting), and what the files
 * being written still need held back from the file system's answer. A transfer claims room
 * before its first byte and checks it while it writes (transfer.ts); a batch that would pass
 * the reserve pauses, and resumes on its own once there is room again (space-waits.ts).
 */
import type { DiskOps, DiskSpace } from './disk.ts';

const MB = 1024 * 1024;

/**
 * The space downloads leave free on a disk: the setting in MB, or by default 5% of the disk
 * and at most 1 GB (a full system disk breaks other programs; a small USB stick still fills).
 */
export function reserveFor(size: number, settingMB: number | null): number {
  if (settingMB !== null) return settingMB * MB;
  return Math.min(1024 * MB, Math.floor(size * 0.05));
}

/** A file that is being written: the bytes it still needs are held back from the others. */
export interface Claim {
  readonly dir: string;
  /** Bytes received so far (moved from "still needed" to "on the disk"). */
  wrote(bytes: number): void;
  /** The file ended, whatever the outcome: it holds nothing back any more. */
  release(): void;
}

/** A file cannot start, or go on: what is free (besides the files being written) and needed. */
export interface Shortfall {
  free: number;
  /** What must be free to go on: the file's remaining bytes and the reserve. */
  needed: number;
  /** The part of `needed` that is the reserve. */
  reserve: number;
}

interface Known {
  space: DiskSpace;
  at: number;
  /** `written` of the folder when the file system was asked. */
  writtenAt: number;
}

/**
 * The free space of each download folder, asked of the file system at most once a second
 * (a statfs per file is a trip through libuv's thread pool, where it waits behind the fsyncs
 * of the files being finished). What the files being written still need is held back from
 * the answer, and what they wrote since it is taken off: so two files never both count on the
 * same free bytes, and the estimate stays right between two answers.
 */
export class FreeSpace {
  readonly #disk: DiskOps;
  readonly #known = new Map<string, Known>();
  readonly #asking = new Map<string, Promise<Known>>();
  /** Per folder: bytes the files being written still need, and bytes written in all. */
  readonly #held = new Map<string, { needed: number; written: number }>();

  constructor(disk: DiskOps) {
    this.#disk = disk;
  }

  /**
   * Claims room for a file of `needed` more bytes in `dir`, keeping `reserveMB` (null: the
   * default share of the disk) free besides; a Shortfall when it does not fit. Asks the file
   * system again when its last answer is a second old, or does not leave room.
   */
  async claim(dir: string, needed: number, reserveMB: number | null): Promise<Claim | Shortfall> {
    let room = await this.room(dir, reserveMB, 1_000);
    if (room.free < needed + room.reserve) room = await this.room(dir, reserveMB, 0);
    if (room.free < needed + room.reserve) {
      return { free: Math.max(0, room.free), needed: needed + room.reserve, reserve: room.reserve };
    }
    const held = this.#heldIn(dir);
    held.needed += needed;
    let left = needed;
    return {
      dir,
      wrote(bytes) {
        const n = Math.min(bytes, left);
        left -= n;
        held.needed -= n;
        held.written += bytes;
      },
      release() {
        held.needed -= left;
        left = 0;
      },
    };
  }

  /**
   * The bytes free in `dir` for new files (what the files being written still need is not),
   * and the reserve to keep; from an answer of the file system at most `maxAgeMs` old.
   */
  async room(
    dir: string,
    reserveMB: number | null,
    maxAgeMs: number,
  ): Promise<{ free: number; reserve: number }> {
    const known = await this.#ask(dir, maxAgeMs);
    const held = this.#heldIn(dir);
    return {
      free: known.space.free - (held.written - known.writtenAt) - held.needed,
      reserve: reserveFor(known.space.size, reserveMB),
    };
  }

  #ask(dir: string, maxAgeMs: number): Promise<Known> {
    const known = this.#known.get(dir);
    if (known && Date.now() - known.at < maxAgeMs) return Promise.resolve(known);
    // One question in flight per folder: the transfers that ask meanwhile share its answer.
    let asking = this.#asking.get(dir);
    if (!asking) {
      const writtenAt = this.#heldIn(dir).written;
      asking = this.#disk
        .space(dir)
        .then((space) => {
          const answer = { space, at: Date.now(), writtenAt };
          this.#known.set(dir, answer);
          return answer;
        })
        .finally(() => this.#asking.delete(dir));
      this.#asking.set(dir, asking);
    }
    return asking;
  }

  #heldIn(dir: string): { needed: number; written: number } {
    let held = this.#held.get(dir);
    if (!held) this.#held.set(dir, (held = { needed: 0, written: 0 }));
    return held;
  }
}

export function isShortfall(x: Claim | Shortfall): x is Shortfall {
  return 'needed' in x;
}
