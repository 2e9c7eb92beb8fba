/**
 * The rows of the download queue (src/engine/downloads/store.ts, migrations 0300 and 0520) and
 * what is written to make them.
 */
import type { RecordingFormat } from '../../shared/api/index.ts';
import type { DownloadState, ExistingPolicy } from '../../shared/ipc/downloads.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import type { DownloadWords } from './reasons.ts';

export interface BatchRow {
  id: number;
  service: string;
  key: string | null;
  label: string;
  folder: string;
  template: string;
  existing: ExistingPolicy;
  message: string | null;
  /** What `message` means, as JSON of a Said (migration 0640); null in rows from before. */
  message_said: string | null;
  /** What `label` means, when the app made it; null for the user's own label. */
  label_said: string | null;
  created_at: string;
  finished_at: string | null;
  announced: number;
  purpose: BatchPurpose;
  /** Paused for want of room: the bytes that must be free before it goes on by itself. */
  space_needed: number | null;
}

/** 'offline': a kept collection's sync, kept out of the Downloads view. */
export type BatchPurpose = 'download' | 'offline';
export type ItemKind = 'recording' | 'collection-image' | 'observation-preview';

export interface ItemRow {
  id: number;
  batch_id: number;
  kind: ItemKind;
  recording_id: string | null;
  format: RecordingFormat | null;
  collection_id: string | null;
  image: string | null;
  state: DownloadState;
  name: string;
  resolved: number;
  bytes_done: number;
  bytes_total: number | null;
  etag: string | null;
  sha256: string | null;
  skipped: number;
  message: string | null;
  message_said: string | null;
  attempts: number;
  not_before: number;
  updated_at: string;
}

export interface NewBatch {
  service: string;
  key?: string | null;
  label: DownloadWords;
  folder: string;
  template: string;
  existing: ExistingPolicy;
  purpose?: BatchPurpose;
}

/**
 * A recording file, (with collectionId and image) an image of a collection, or (with
 * observationId) an observation's preview image, stored with the id in `image`.
 */
export type NewItem = (
  | { recordingId: string; format: RecordingFormat }
  | { collectionId: string; image: string }
  | { observationId: string }
) & {
  name: string;
  state: 'queued' | 'waiting' | 'failed';
  message?: Said;
};

export interface BatchTotals {
  counts: Record<DownloadState, number>;
  items: number;
  bytesDone: number;
  bytesTotal: number;
}

/** The items of a batch in one state: how many, and their bytes (done, and total where known). */
export interface StateGroup {
  state: DownloadState;
  n: number;
  done: number;
  total: number;
}

/** A batch's totals from its items grouped by state. */
export function totalsOf(groups: readonly StateGroup[]): BatchTotals {
  const counts = {
    queued: 0,
    waiting: 0,
    downloading: 0,
    paused: 0,
    completed: 0,
    failed: 0,
    canceled: 0,
  } satisfies Record<DownloadState, number>;
  let items = 0;
  let bytesDone = 0;
  let bytesTotal = 0;
  for (const g of groups) {
    counts[g.state] = g.n;
    items += g.n;
    bytesDone += g.done;
    bytesTotal += g.total;
  }
  return { counts, items, bytesDone, bytesTotal };
}
