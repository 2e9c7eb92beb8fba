/**
 * What a transfer watches while a body arrives (transfer.ts): that it keeps coming at a rate
 * that can ever finish the file, and that the disk keeps room for the rest of it.
 */
import { STREAM_RATE } from '../api/answer-deadline.ts';
import { outOfSpace, StallError } from './failures.ts';
import type { Claim, FreeSpace } from './free-space.ts';

/**
 * Below this many bytes a second, over the stall time, a body is stalled: a server that sends
 * a byte every 29 s keeps a connection open but brings no file (the slowest speed limit, 1 KB/s
 * shared by 16 files, still gives each 64 bytes a second). The rate every streamed answer
 * must keep (answer-deadline.ts).
 */
export const STALL_RATE = STREAM_RATE;

export interface WatchOptions {
  /** The window over which the body must bring STALL_RATE bytes a second. */
  stallMs: number;
  space: FreeSpace;
  /** The reserve setting (null: the default share of the disk). */
  reserveMB: number | null;
  folder: string;
  /** Aborted with the reason (a StallError, or a full disk) when the body must stop. */
  stall: AbortController;
  /** The room the file claimed before its first byte. */
  claim: Claim;
}

/** How often a transfer asks whether the disk still has room for the rest of its file. */
const ROOM_CHECK_MS = 2_000;

/**
 * Watches a body as it arrives. Stalled: less than STALL_RATE bytes a second over the stall
 * time (the time it waits for the disk or the speed limit does not count). Out of room: the
 * disk no longer holds the rest of the file besides the reserve, because something else wrote
 * to it; the batch pauses before the write that would fail, in figures.
 */
export class BodyWatch {
  readonly #o: WatchOptions;
  readonly #timer: NodeJS.Timeout;
  #bytes = 0;
  #holding = false;
  #heldThisWindow = false;
  #checkedAt = performance.now();

  constructor(options: WatchOptions) {
    this.#o = options;
    const { stallMs, stall } = options;
    const least = (STALL_RATE * stallMs) / 1000;
    this.#timer = setInterval(() => {
      if (!this.#heldThisWindow && this.#bytes < least) {
        stall.abort(new StallError(stallMs, this.#bytes));
      }
      this.#bytes = 0;
      this.#heldThisWindow = this.#holding;
    }, stallMs);
  }

  arrived(bytes: number, left: number): void {
    this.#bytes += bytes;
    const now = performance.now();
    if (now - this.#checkedAt < ROOM_CHECK_MS || left === 0) return;
    this.#checkedAt = now;
    void this.#checkRoom(left);
  }

  /** The transfer waits for the disk or the speed limit (true), or goes on (false). */
  hold(holding: boolean): void {
    this.#holding = holding;
    if (holding) this.#heldThisWindow = true;
  }

  close(): void {
    clearInterval(this.#timer);
  }

  async #checkRoom(left: number): Promise<void> {
    const { space, claim, reserveMB, folder, stall } = this.#o;
    const room = await space.room(claim.dir, reserveMB, 1_000).catch(() => undefined);
    // What this file still needs is held back in room.free already.
    if (!room || room.free >= room.reserve || stall.signal.aborted) return;
    const free = Math.max(0, room.free + left);
    stall.abort(outOfSpace(folder, { ...room, free, needed: left + room.reserve }));
  }
}
