/**
 * The downloads' channels and events: bulk downloads of recording files (zip, mp4, jpg)
 * into a folder, a persistent queue that survives restarts, and throttled progress.
 */
import { z } from 'zod';
import { RECORDING_FORMATS, type RecordingFormat } from '../api/index.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import { recordingSearchSchema } from './searches.ts';
import type { Said } from '../i18n/translator.ts';

export const DOWNLOAD_STATES = [
  'queued',
  'waiting',
  'downloading',
  'paused',
  'completed',
  'failed',
  'canceled',
] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** What happens when the file already exists in the destination folder. */
export const EXISTING_POLICIES = ['skip', 'rename', 'overwrite'] as const;
export type ExistingPolicy = (typeof EXISTING_POLICIES)[number];

export type BatchState = 'active' | 'paused' | 'completed' | 'failed' | 'canceled';

/** Contains the recording id, so two recordings never share a name. */
export const DEFAULT_TEMPLATE = '{state}/{camera_id}/{start}_{recording_id}.{format}';
export const TEMPLATE_FIELDS = [
  'recording_id',
  'format',
  'camera_id',
  'state',
  'country',
  'city',
  'region',
  'start',
  'stop',
  'date',
  'duration',
] as const;

export interface DownloadItemView {
  id: number;
  batchId: number;
  /**
   * A recording file, an image of a kept collection (those batches are not listed), or an
   * observation's preview image (a dataset's file; its observation id in `image`).
   */
  kind: 'recording' | 'collection-image' | 'observation-preview';
  /** Null for a collection image. */
  recordingId: string | null;
  format: RecordingFormat | null;
  /** Null for a recording file. */
  collectionId: string | null;
  image: string | null;
  state: DownloadState;
  /** The file's path relative to the batch folder. */
  name: string;
  bytesDone: number;
  bytesTotal: number | null;
  /** Bytes per second over the last seconds; 0 when not downloading. */
  speed: number;
  etaSeconds: number | null;
  /** Why it failed or waits, in English (logs, --json). */
  message: string | null;
  /** What `message` means, for a front end to say; null for a reason kept from before. */
  messageSaid: Said | null;
  /** SHA-256 of the completed file, hex. */
  sha256: string | null;
  /** True when the file already existed with the same size and was kept. */
  skipped: boolean;
}

/** What holds a running batch back: the network (or the service), the disk, the speed limit. */
export type DownloadLimit = 'network' | 'disk' | 'speed limit';

export interface DownloadBatchView {
  id: number;
  /** In English, or the user's own words. */
  label: string;
  /** What `label` means when the app made it ("3 recordings"); null for the user's label. */
  labelSaid: Said | null;
  folder: string;
  template: string;
  existing: ExistingPolicy;
  state: BatchState;
  /** Why the batch stopped (disk full, say), in English. */
  message: string | null;
  messageSaid: Said | null;
  /**
   * Paused for want of room on its disk: the bytes that must be free before it goes on by
   * itself (the app checks every few seconds). Null otherwise.
   */
  spaceNeeded: number | null;
  createdAt: string;
  finishedAt: string | null;
  counts: Record<DownloadState, number>;
  items: number;
  bytesDone: number;
  /** Sum of the sizes known so far. */
  bytesTotal: number;
  speed: number;
  etaSeconds: number | null;
  /** While it downloads: what sets its speed now (null: nothing runs, or too early to tell). */
  limitedBy: DownloadLimit | null;
}

export interface DownloadsSnapshot {
  batches: DownloadBatchView[];
  items: DownloadItemView[];
}

/** A throttled update: only what changed since the previous one. */
export interface DownloadsUpdate {
  batches: DownloadBatchView[];
  items: DownloadItemView[];
  /** Items removed from the list (history cleared). */
  removedBatches: number[];
}

/** A front end says batchFinishedSaid(this) in its user's language. */
export interface BatchFinished {
  batchId: number;
  label: string;
  labelSaid: Said | null;
  state: 'completed' | 'failed' | 'canceled';
  completed: number;
  failed: number;
  /** Files in the batch, and the folder they went into. */
  items: number;
  folder: string;
}

const id = once(() => z.number().int().positive());
/** A recording id as the renderer may send it (also the recording detail's channels). */
export const recordingIdSchema = once(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'a recording id has letters, digits, _ . and - only'),
);
const formats = once(() => z.array(z.enum(RECORDING_FORMATS)).min(1).max(3));
const text = once(() => z.string().trim().max(200));

/** Where and how a batch's files go: shared by every channel that makes a batch. */
export const downloadDestination = once(() => ({
  formats: formats(),
  /** Empty or absent: settings.downloadFolder, else the platform's Downloads folder. */
  folder: z.string().max(4096).optional(),
  template: z.string().trim().min(1).max(300).optional(),
  existing: z.enum(EXISTING_POLICIES).optional(),
  label: text().optional(),
}));

export const downloadAddSchema = once(() =>
  z
    .object({
      ...downloadDestination(),
      /** Chosen recordings, or pasted ids. */
      recordingIds: z.array(recordingIdSchema()).max(5000).optional(),
      /** "Select all N matching": every recording of this search, past the paging limit. */
      query: recordingSearchSchema()
        .omit({ limit: true, skip: true, sort: true, sort_dir: true, aggs: true })
        .optional(),
    })
    .strict()
    .refine((v) => (v.recordingIds?.length ?? 0) > 0 || v.query !== undefined, {
      message: 'Give recordingIds or a query.',
    }),
);

/** Which downloads an action applies to: one item, one batch, or everything. */
export const downloadScopeSchema = once(() =>
  z.union([
    z.object({ itemId: id() }).strict(),
    z.object({ batchId: id() }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ]),
);
export type DownloadScope = z.infer<ReturnType<typeof downloadScopeSchema>>;

export const downloadsChannels = onFirstUse({
  /** Every batch (history included) and the items of the batches not cleared. */
  'downloads.list': {
    input: () => z.object({ state: z.enum(DOWNLOAD_STATES).optional() }).strict(),
    result: type<DownloadsSnapshot>(),
  },
  'downloads.add': { input: downloadAddSchema, result: type<DownloadBatchView>() },
  'downloads.pause': { input: downloadScopeSchema, result: type<{ changed: number }>() },
  'downloads.resume': { input: downloadScopeSchema, result: type<{ changed: number }>() },
  'downloads.cancel': { input: downloadScopeSchema, result: type<{ changed: number }>() },
  /** Failed and canceled items start again (from their partial file where one is left). */
  'downloads.retry': { input: downloadScopeSchema, result: type<{ changed: number }>() },
  /** Removes a finished batch from the history (the files stay). */
  'downloads.clear': {
    input: () => z.object({ batchId: id() }).strict(),
    result: type<{ removed: boolean }>(),
  },
  /**
   * Opens a completed file, or shows it in its folder, by download id: the renderer never
   * names a path. Where no desktop shell exists (browser mode) `opened` is false and the path
   * is returned for the view to show.
   */
  'downloads.open': {
    input: () => z.object({ itemId: id(), folder: z.boolean().optional() }).strict(),
    result: type<{ opened: boolean; path: string }>(),
  },
} as const);

export const downloadsEvents = {
  /** At most a few times a second, whatever the number of items. */
  'downloads.update': type<DownloadsUpdate>(),
  /** A batch reached completed, failed or canceled: worth a desktop notification. */
  'downloads.batchFinished': type<BatchFinished>(),
} as const;
