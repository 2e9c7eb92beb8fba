/**
 * How a sync lets the download engine fetch a few images at a time. The engine runs as many
 * files at once as the download setting allows (up to 16), for every batch alike, in the
 * queue's order; a kept collection's batch of 5,000 images would take every slot, ask the
 * service for that many bodies and signed URLs at once, and hold the user's own downloads back
 * until it ends. So the sync queues every missing image in its batch, holds them all (paused,
 * which the engine leaves alone), and lets go of the next one each time one it let go ends:
 * never more than `size` of its images are queued or running. What is held stays in the
 * batch, so a stopped sync, or one cut off by a restart, finds it again.
 */
import type { DownloadManager } from '../downloads/manager.ts';

const ACTIVE = new Set(['queued', 'waiting', 'downloading']);

export class FetchWindow {
  readonly #engine: DownloadManager;
  readonly #size: number;
  /** Items held back, in the queue's order (the images' names). */
  readonly #held: number[];
  /** Items let go that had not ended when last looked at. */
  readonly #going = new Set<number>();
  /** The engine paused what was let go (the disk is full): nothing more is let go. */
  #halted = false;

  /** Call right after queueing the batch, before the engine's next turn starts any of it. */
  constructor(engine: DownloadManager, batchId: number, size: number) {
    this.#engine = engine;
    this.#size = size;
    engine.pause({ batchId });
    this.#held = engine.store
      .itemsOfBatch(batchId)
      .filter((item) => item.state === 'paused')
      .map((item) => item.id)
      .sort((a, b) => a - b);
    this.fill();
  }

  /** Nothing is held back and nothing let go is still queued or running, or it halted. */
  get idle(): boolean {
    return this.#halted || (this.#held.length === 0 && this.#going.size === 0);
  }

  /** Lets go of held items until `size` are queued or running (or none is held). */
  fill(): void {
    for (const id of this.#going) {
      const state = this.#engine.store.item(id)?.state;
      if (state === 'paused') this.#halted = true;
      if (state === undefined || !ACTIVE.has(state)) this.#going.delete(id);
    }
    while (!this.#halted && this.#going.size < this.#size && this.#held.length > 0) {
      const id = this.#held.shift()!;
      if (this.#engine.resume({ itemId: id }) > 0) this.#going.add(id);
    }
  }
}
