import {
  DOWNLOAD_STATES,
  type BatchFinished,
  type DownloadBatchView,
  type DownloadItemView,
  type DownloadScope,
  type DownloadState,
  type DownloadsUpdate,
} from '../../shared/ipc/downloads.ts';
import { csvText } from '../../shared/csv.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { transport } from '../lib/transport.svelte.ts';
import { batchFinishedWords, batchName, saidOr } from './core-words.ts';
import { ItemIndex } from './item-index.svelte.ts';

type Action = 'downloads.pause' | 'downloads.resume' | 'downloads.cancel' | 'downloads.retry';

/**
 * The download queue as the main process reports it: a snapshot at start, then throttled
 * updates carrying only what changed. Items are indexed by batch and state as they arrive
 * (item-index.svelte.ts), so an update of k items costs O(k log n) and wakes only the rows
 * and lists it changes, at 10,000 items as at 10.
 */
export class DownloadsState {
  batches = $state<DownloadBatchView[]>([]);
  readonly items = new ItemIndex();
  filter = $state<DownloadState | 'all'>('all');
  error = $state<string | null>(null);
  /** Where a file is, when no desktop shell can open it (browser mode). */
  shownPath = $state<string | null>(null);
  loaded = $state(false);

  /** Batches finished before this page opened are history; the others stay in the queue. */
  readonly #openedAt = Date.now();
  active = $derived(this.batches.filter((b) => !this.#past(b)));
  history = $derived(this.batches.filter((b) => this.#past(b)));
  /** Files in each state over every batch listed: "failed (37)" in the filter. */
  counts = $derived(
    Object.fromEntries(
      DOWNLOAD_STATES.map((s) => [s, this.batches.reduce((n, b) => n + b.counts[s], 0)]),
    ) as Record<DownloadState, number>,
  );

  /** The files that failed, each with its batch and reason, as CSV or JSON to save. */
  failedList(format: 'csv' | 'json'): string {
    const labelOf = (id: number) => {
      const batch = this.batches.find((b) => b.id === id);
      return batch ? batchName(batch) : String(id);
    };
    const rows = this.items.inState('failed').map((i) => ({
      batch: labelOf(i.batchId),
      recording_id: i.recordingId,
      format: i.format,
      collection_id: i.collectionId,
      image: i.image,
      file: i.name,
      reason: saidOr(i.messageSaid, i.message),
    }));
    if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
    return csvText(
      ['batch', 'recording_id', 'format', 'collection_id', 'image', 'file', 'reason'] as const,
      rows,
    );
  }

  #past(b: DownloadBatchView): boolean {
    return b.finishedAt !== null && Date.parse(b.finishedAt) < this.#openedAt;
  }

  readonly #api: Api;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    this.#api = api;
    this.#stops.push(
      api.on('downloads.update', (u) => this.#apply(u)),
      api.on('downloads.batchFinished', (e) => this.#notify(e)),
    );
    void this.reload();
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  async reload(): Promise<void> {
    try {
      const snapshot = await this.#api.invoke('downloads.list', {});
      this.batches = snapshot.batches;
      this.items.replaceAll(snapshot.items);
      this.loaded = true;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  /** The ids of a batch's items the filter shows, in queue order: what its list draws. */
  idsOf(batchId: number): readonly number[] {
    return this.items.idsOf(batchId, this.filter);
  }

  /** The items themselves (a copy of the whole list: for tests and exports, not for rows). */
  itemsOf(batchId: number): DownloadItemView[] {
    return this.idsOf(batchId).map((id) => this.items.get(id)!);
  }

  async act(action: Action, scope: DownloadScope): Promise<void> {
    await this.#run(() => this.#api.invoke(action, scope));
  }

  async clear(batchId: number): Promise<void> {
    await this.#run(() => this.#api.invoke('downloads.clear', { batchId }));
  }

  async open(itemId: number, folder: boolean): Promise<void> {
    await this.#run(async () => {
      const result = await this.#api.invoke('downloads.open', { itemId, folder });
      this.shownPath = result.opened ? null : result.path;
    });
  }

  /** Adds a batch the main process created; its items arrive with the next update. */
  added(batch: DownloadBatchView): void {
    this.#upsertBatch(batch);
    void this.reload();
  }

  async #run(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
      this.error = null;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  #apply(u: DownloadsUpdate): void {
    for (const item of u.items) this.items.put(item);
    for (const batch of u.batches) this.#upsertBatch(batch);
    if (u.removedBatches.length > 0) {
      this.batches = this.batches.filter((b) => !u.removedBatches.includes(b.id));
      for (const batchId of u.removedBatches) this.items.removeBatch(batchId);
    }
  }

  #upsertBatch(batch: DownloadBatchView): void {
    const i = this.batches.findIndex((b) => b.id === batch.id);
    if (i >= 0) this.batches[i] = batch;
    else this.batches = [batch, ...this.batches].sort((a, b) => b.id - a.id);
  }

  /** In the desktop app the main process shows the notification; in a browser, the page does. */
  #notify(e: BatchFinished): void {
    if (transport.kind === 'electron' || typeof Notification === 'undefined') return;
    if (Notification.permission !== 'granted') return;
    const { title, body } = batchFinishedWords(e);
    new Notification(title, { body });
  }
}

export const downloadsContext = contextSlot<DownloadsState>('downloads');
