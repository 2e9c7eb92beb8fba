/**
 * What the taskbar (Windows, Linux) or the dock (macOS) shows of the downloads: one progress
 * bar for every active batch together and a badge with their count, so that a user who put
 * Roadcam behind other windows sees how far a batch of hundreds of files is. Plain data: the
 * Electron entry applies it (src/desktop/electron/taskbar.ts), tests read it here.
 */
import type {
  DownloadBatchView,
  DownloadsSnapshot,
  DownloadsUpdate,
} from '../../shared/ipc/downloads.ts';

export interface TaskbarState {
  /** 0..1 while something downloads; null: no bar. */
  fraction: number | null;
  /**
   * 'indeterminate' while no size is known yet, 'paused' when every active batch is paused,
   * 'error' while a batch is held by its disk (no room, or a failing disk).
   */
  mode: 'normal' | 'indeterminate' | 'paused' | 'error' | 'none';
  /** Why a batch is held by its disk, in words (the taskbar's tooltip where there is one). */
  note: string | null;
  /** Batches not finished (active or paused): the badge, 0 for none. */
  unfinished: number;
}

const UNFINISHED = new Set<DownloadBatchView['state']>(['active', 'paused']);

export class TaskbarProgress {
  readonly #batches = new Map<number, DownloadBatchView>();

  constructor(snapshot: DownloadsSnapshot) {
    for (const batch of snapshot.batches) this.#batches.set(batch.id, batch);
  }

  /** Takes a throttled update (only what changed) and returns the new state. */
  update(update: DownloadsUpdate): TaskbarState {
    for (const batch of update.batches) this.#batches.set(batch.id, batch);
    for (const id of update.removedBatches) this.#batches.delete(id);
    return this.state();
  }

  state(): TaskbarState {
    const unfinished = [...this.#batches.values()].filter((b) => UNFINISHED.has(b.state));
    if (unfinished.length === 0) return { fraction: null, mode: 'none', unfinished: 0, note: null };
    const held = unfinished.find((b) => b.state === 'paused' && b.message !== null);
    const paused = unfinished.every((b) => b.state === 'paused');
    // Bytes where every batch knows its size; else files, so a bar never jumps back when a
    // size arrives for a file not started yet.
    const sized = unfinished.every((b) => b.bytesTotal > 0 && allSizesKnown(b));
    const fraction = sized
      ? sum(unfinished, (b) => b.bytesDone) / sum(unfinished, (b) => b.bytesTotal)
      : sum(unfinished, finishedItems) /
        Math.max(
          1,
          sum(unfinished, (b) => b.items),
        );
    const none = !sized && sum(unfinished, finishedItems) === 0;
    return {
      fraction: Math.min(1, Math.max(0, fraction)),
      mode: held ? 'error' : paused ? 'paused' : none ? 'indeterminate' : 'normal',
      unfinished: unfinished.length,
      note: held ? `${held.label}: ${held.message}` : null,
    };
  }
}

/** Items that need no more bytes: done, skipped as existing, failed or canceled. */
function finishedItems(b: DownloadBatchView): number {
  return b.counts.completed + b.counts.failed + b.counts.canceled;
}

/** A batch knows every size once none of its files is still waiting to be asked. */
function allSizesKnown(b: DownloadBatchView): boolean {
  return b.counts.queued + b.counts.waiting === 0;
}

function sum(batches: DownloadBatchView[], of: (b: DownloadBatchView) => number): number {
  return batches.reduce((total, b) => total + of(b), 0);
}
