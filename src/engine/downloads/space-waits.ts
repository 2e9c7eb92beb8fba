/**
 * Batches paused for want of room go on by themselves once there is room again: while any
 * waits, the room in its folder is asked of the file system every few seconds (free-space.ts),
 * and a batch whose folder has what it needs is queued again. The wait is in the database, so
 * it outlives a restart of the app; a batch the user paused by hand never goes on by itself.
 */
import type { FreeSpace } from './free-space.ts';
import type { DownloadQueueStore } from './store.ts';

export interface SpaceWaitOptions {
  store: DownloadQueueStore;
  service: string;
  space: FreeSpace;
  /** The reserve setting, read at each look (null: the default share of the disk). */
  reserveMB: () => number | null;
  /** Queues the batch's paused items again. */
  resume(batchId: number): void;
  log?: ((line: string) => void) | undefined;
  /** How often to look; default 2 s. */
  everyMs?: number;
}

export class SpaceWaits {
  readonly #o: SpaceWaitOptions;
  #timer: NodeJS.Timeout | undefined;
  #looking = false;
  #closed = false;

  constructor(options: SpaceWaitOptions) {
    this.#o = options;
  }

  /** Starts looking if a batch waits for room (after a pause, and at start). */
  check(): void {
    if (this.#closed || this.#timer || !this.#o.store.open) return;
    if (this.#o.store.spaceWaits(this.#o.service).length === 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#look();
    }, this.#o.everyMs ?? 2_000);
    // The app stays open anyway; the CLI ends on a batch paused for room.
    this.#timer.unref();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #look(): Promise<void> {
    if (this.#looking || this.#closed) return;
    this.#looking = true;
    try {
      for (const batch of this.#o.store.spaceWaits(this.#o.service)) {
        const room = await this.#o.space
          .room(batch.folder, this.#o.reserveMB(), 0)
          .catch(() => undefined);
        if (this.#closed || !this.#o.store.open) return;
        // A folder that cannot be asked (a stick pulled out) is asked again next time.
        if (!room || room.free < (batch.space_needed ?? 0)) continue;
        this.#o.log?.(`downloads: room again in ${batch.folder}: resuming "${batch.label}"`);
        this.#o.resume(batch.id);
      }
    } finally {
      this.#looking = false;
      this.check();
    }
  }
}
