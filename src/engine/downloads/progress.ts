/**
 * Progress of the running transfers (bytes, speed, ETA) and the throttled updates built from
 * it: whatever changed is collected and sent as ONE `downloads.update` at most every
 * `intervalMs`, so 500 items downloading at once cost a few messages a second, not thousands.
 */
import type {
  BatchFinished,
  BatchState,
  DownloadBatchView,
  DownloadItemView,
  DownloadLimit,
  DownloadsUpdate,
} from '../../shared/ipc/downloads.ts';
import type { BatchRow, BatchTotals, ItemRow } from './rows.ts';
import { BottleneckMeter } from './bottleneck.ts';
import type { DownloadQueueStore } from './store.ts';
import { saidFrom } from './reasons.ts';

interface Live {
  done: number;
  total: number | null;
  /** Bytes per second, smoothed. */
  speed: number;
  sampleDone: number;
  sampleAt: number;
}

export class ProgressTracker {
  readonly #store: DownloadQueueStore;
  readonly #emit: (update: DownloadsUpdate) => void;
  readonly #intervalMs: number;
  readonly #live = new Map<number, Live>();
  readonly #dirtyItems = new Set<number>();
  readonly #dirtyBatches = new Set<number>();
  readonly #removed = new Set<number>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  /** What holds the running transfers back, told by them (bottleneck.ts). */
  readonly meter = new BottleneckMeter();
  #limitedBy: DownloadLimit | null = null;

  constructor(store: DownloadQueueStore, emit: (u: DownloadsUpdate) => void, intervalMs: number) {
    this.#store = store;
    this.#emit = emit;
    this.#intervalMs = intervalMs;
  }

  begin(itemId: number, done: number, total: number | null): void {
    this.#live.set(itemId, { done, total, speed: 0, sampleDone: done, sampleAt: Date.now() });
  }

  bytes(itemId: number, batchId: number, done: number, total: number | null): void {
    const live = this.#live.get(itemId);
    if (!live) return;
    live.done = done;
    live.total = total;
    this.changed(itemId, batchId);
  }

  end(itemId: number): void {
    this.#live.delete(itemId);
  }

  /** Bytes received by running transfers, for saving to the database. */
  running(): Map<number, number> {
    return new Map([...this.#live].map(([id, l]) => [id, l.done]));
  }

  changed(itemId: number | null, batchId: number): void {
    if (itemId !== null) this.#dirtyItems.add(itemId);
    this.#dirtyBatches.add(batchId);
    this.#arm();
  }

  removed(batchId: number): void {
    this.#removed.add(batchId);
    this.#arm();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #arm(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      try {
        this.flush();
      } catch {
        // The database closed under a late tick (core shutting down): nothing to report.
      }
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Saves byte progress and sends one update with everything that changed. */
  flush(): void {
    if (!this.#store.open) return;
    this.#sample();
    this.#store.saveProgress(this.running());
    // Each batch read once a flush, and the items in a few statements: a batch being filled
    // makes every item it adds changed, thousands a flush, which were two reads an item.
    const rows = new Map<number, BatchRow | undefined>();
    const batchRow = (id: number) => {
      if (!rows.has(id)) rows.set(id, this.#store.batch(id));
      return rows.get(id);
    };
    const items: DownloadItemView[] = [];
    // Kept collections' batches stay out of the Downloads view (docs/downloads.md).
    for (const row of this.#store.itemsById(this.#dirtyItems)) {
      if (batchRow(row.batch_id)?.purpose !== 'offline') items.push(this.itemView(row));
    }
    const batches: DownloadBatchView[] = [];
    for (const id of this.#dirtyBatches) {
      const row = batchRow(id);
      if (row && row.purpose !== 'offline') batches.push(this.batchView(row));
    }
    const removedBatches = [...this.#removed];
    this.#dirtyItems.clear();
    this.#dirtyBatches.clear();
    this.#removed.clear();
    if (items.length + batches.length + removedBatches.length > 0) {
      this.#emit({ items, batches, removedBatches });
    }
    // Speeds decay to zero only if someone looks again: keep ticking while anything runs.
    if (this.#live.size > 0) {
      for (const id of this.#live.keys()) this.#dirtyItems.add(id);
      for (const id of this.#batchesOfLive()) this.#dirtyBatches.add(id);
      this.#arm();
    }
  }

  #batchesOfLive(): number[] {
    const ids = new Set<number>();
    for (const id of this.#live.keys()) {
      const row = this.#store.item(id);
      if (row) ids.add(row.batch_id);
    }
    return [...ids];
  }

  #sample(): void {
    this.#limitedBy = this.meter.sample(this.#live.size);
    const now = Date.now();
    for (const live of this.#live.values()) {
      const dt = (now - live.sampleAt) / 1000;
      if (dt < 0.2) continue;
      const rate = Math.max(0, live.done - live.sampleDone) / dt;
      live.speed = live.speed === 0 ? rate : live.speed * 0.6 + rate * 0.4;
      live.sampleDone = live.done;
      live.sampleAt = now;
    }
  }

  itemView(row: ItemRow): DownloadItemView {
    const live = this.#live.get(row.id);
    const done = live?.done ?? row.bytes_done;
    const total = live?.total ?? row.bytes_total;
    const speed = live && row.state === 'downloading' ? Math.round(live.speed) : 0;
    return {
      id: row.id,
      batchId: row.batch_id,
      kind: row.kind,
      recordingId: row.recording_id,
      format: row.format,
      collectionId: row.collection_id,
      image: row.image,
      state: row.state,
      name: row.name,
      bytesDone: done,
      bytesTotal: total,
      speed,
      etaSeconds: speed > 0 && total !== null ? Math.ceil((total - done) / speed) : null,
      message: row.message,
      messageSaid: saidFrom(row.message_said),
      sha256: row.sha256,
      skipped: row.skipped === 1,
    };
  }

  batchView(row: BatchRow): DownloadBatchView {
    const totals = this.#store.totals(row.id);
    let speed = 0;
    let running = false;
    for (const [id, live] of this.#live) {
      if (this.#store.item(id)?.batch_id !== row.id) continue;
      speed += live.speed;
      running = true;
    }
    speed = Math.round(speed);
    const remaining = Math.max(0, totals.bytesTotal - totals.bytesDone);
    return {
      id: row.id,
      label: row.label,
      labelSaid: saidFrom(row.label_said),
      folder: row.folder,
      template: row.template,
      existing: row.existing,
      state: batchState(totals),
      message: row.message,
      messageSaid: saidFrom(row.message_said),
      spaceNeeded: row.space_needed,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      counts: totals.counts,
      items: totals.items,
      bytesDone: totals.bytesDone,
      bytesTotal: totals.bytesTotal,
      speed,
      etaSeconds: speed > 0 ? Math.ceil(remaining / speed) : null,
      limitedBy: running ? this.#limitedBy : null,
    };
  }
}

/** A batch's state follows from its items'. */
export function batchState(t: BatchTotals): BatchState {
  const c = t.counts;
  if (c.queued + c.waiting + c.downloading > 0) return 'active';
  if (c.paused > 0) return 'paused';
  if (c.failed > 0) return 'failed';
  if (c.canceled > 0 && c.completed === 0) return 'canceled';
  return 'completed';
}

/** The announcement of a batch that has nothing left to do (a desktop notification). */
export function finishedEvent(
  batch: Pick<BatchRow, 'id' | 'label' | 'label_said' | 'folder'>,
  totals: BatchTotals,
  state: Exclude<BatchState, 'active' | 'paused'>,
): BatchFinished {
  const { completed, failed } = totals.counts;
  const end = {
    label: batch.label,
    labelSaid: saidFrom(batch.label_said),
    state,
    completed,
    failed,
    items: totals.items,
    folder: batch.folder,
  };
  return { batchId: batch.id, ...end };
}
