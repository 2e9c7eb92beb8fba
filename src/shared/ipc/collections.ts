/**
 * The Collections view's channels and events: managing collections (interface 4.6), browsing their
 * images page by page with the marker rule, keeping them offline, and exporting them.
 */
import { z } from 'zod';
import { SORT_KEYS, type Collection } from '../api/index.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import type { Said } from '../i18n/translator.ts';

/** Collections expire 90 days after creation (interface 1 and 8). */
export const COLLECTION_LIFETIME_DAYS = 90;
/** Fewer days left than this and the list warns. */
export const EXPIRY_WARNING_DAYS = 7;
/** Image names per grid page (the service allows up to 200). */
export const GRID_PAGE = 24;

const DAY_MS = 86_400_000;

/**
 * When a collection expires and how many whole days remain (negative once expired). `now` is
 * the service's clock (ApiClient.serviceNow): created_at is a time of the service, and the
 * machine's clock may be off by hours or a year. The main process counts; views show its
 * CollectionSummary.daysLeft.
 */
export function expiryOf(createdAt: string, now: number): { expiresAt: string; days: number } {
  const expires = Date.parse(createdAt) + COLLECTION_LIFETIME_DAYS * DAY_MS;
  // A service may send a creation time the client cannot read (kept as its text): its expiry
  // is unknown, so no date and no warning (a whole lifetime), never 'Invalid time value'.
  if (Number.isNaN(expires)) return { expiresAt: '', days: COLLECTION_LIFETIME_DAYS };
  return { expiresAt: new Date(expires).toISOString(), days: Math.floor((expires - now) / DAY_MS) };
}

const NAME = /^(.+)_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{3}))?Z\.(?:jpe?g|png)$/i;

/**
 * Camera and time read from an image name, when it happens to be in the embedded service's
 * form ("<camera id>_<yyyymmddThhmmssZ>.jpg"). The interface does not fix the form of names:
 * this is a bonus, never a requirement. Any other name gives nulls and the views show the
 * name alone. No name is ever built in this form: names come from the service.
 */
export function parseImageName(name: string): { cameraId: string | null; time: string | null } {
  const m = NAME.exec(name);
  if (!m) return { cameraId: null, time: null };
  const [, camera, y, mo, d, h, mi, s, ms] = m;
  const t = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!, +(ms ?? 0));
  const time = Number.isFinite(t) ? new Date(t).toISOString() : '';
  // A stamp that is no real time (month 13, 25 o'clock) would roll over into another one.
  const real = time.slice(0, 19) === `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  return real ? { cameraId: camera!, time } : { cameraId: null, time: null };
}

/** Where an image came from, when it was added through this app (the service does not say). */
export type ImageSource =
  | { kind: 'camera'; cameraId: string }
  | { kind: 'archive'; cameraId: string; time: string }
  | { kind: 'observation'; observationId: string }
  | { kind: 'recording'; recordingId: string }
  | { kind: 'recordingFrame'; recordingId: string; image: string }
  | { kind: 'collection'; collectionId: string; image: string };

/** The source in words, for the lightbox and the manifests. */
export function describeSource(s: ImageSource): string {
  switch (s.kind) {
    case 'camera':
      return `camera ${s.cameraId} current image`;
    case 'archive':
      return `camera ${s.cameraId} archive at ${s.time}`;
    case 'observation':
      return `observation ${s.observationId} preview`;
    case 'recording':
      return `recording ${s.recordingId} preview`;
    case 'recordingFrame':
      return `recording ${s.recordingId} frame ${s.image}`;
    case 'collection':
      return `collection ${s.collectionId} image ${s.image}`;
  }
}

export interface ImageInfo {
  name: string;
  cameraId: string | null;
  time: string | null;
  /** Null when the image was added elsewhere (another app, the map or the wall). */
  source: ImageSource | null;
}

export type OfflineState = 'pending' | 'syncing' | 'synced' | 'failed';

/** A collection kept offline: how far its copy on disk is. */
export interface OfflineStatus {
  collectionId: string;
  state: OfflineState;
  /** Images on disk and images the collection holds (as of the last sync). */
  done: number;
  total: number;
  bytes: number;
  syncedAt: string | null;
  /** Why the last sync failed, in English (for logs, and as written before words were kept). */
  message: string | null;
  /** What `message` means, for the user's language; null for a status from before. */
  messageSaid: Said | null;
}

export interface CollectionSummary extends Collection {
  expiresAt: string;
  daysLeft: number;
  offline: OfflineStatus | null;
}

export interface CollectionsPage {
  results: CollectionSummary[];
  total: number;
  skip: number;
  limit: number;
  /** The tags facet: up to ten tags with their counts. */
  tags: { key: string; count: number }[];
  /** True when the service could not be reached and the list holds collections kept offline. */
  offline: boolean;
  /** Why the service could not be reached, in words. */
  message: string | null;
}

export interface CollectionImagesPage {
  collection: CollectionSummary;
  images: ImageInfo[];
  /** The marker of the next page (the last name of this one), or null at the end. */
  next: string | null;
  offline: boolean;
}

/** Empty, Destroy, sync and export report through one progress event. */
export interface CollectionProgress {
  operationId: string;
  collectionId: string;
  kind: 'empty' | 'destroy' | 'export';
  done: number;
  /** Null while unknown. */
  total: number | null;
  finished: boolean;
}

export interface ExportResult {
  path: string;
  images: number;
  bytes: number;
}

const collectionId = once(() =>
  z.string().regex(/^[\w.:-]{1,200}$/, 'A collection id has letters, digits and . : _ - only.'),
);
const imageName = once(() =>
  z
    .string()
    .min(1)
    .max(300)
    .refine((v) => !v.includes('/') && v !== '.' && v !== '..', 'An image name has no slashes.'),
);
const day = once(() =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, 'Dates look like 2026-11-21.'),
);
const tags = once(() =>
  z.array(
    z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[^,]+$/, 'Tags have no commas.'),
  ),
);
const operationId = once(() => z.string().min(1).max(80));

export const collectionSearchSchema = once(() =>
  z
    .object({
      q: z.string().trim().max(200).optional(),
      created_at_min: day().optional(),
      created_at_max: day().optional(),
      updated_at_min: day().optional(),
      updated_at_max: day().optional(),
      sort: z.enum(SORT_KEYS.collections).optional(),
      sort_dir: z.enum(['asc', 'desc']).optional(),
      /** The tags facet's choice: only collections carrying exactly this tag. */
      tag: z.string().trim().min(1).max(60).optional(),
      limit: z.number().int().min(1).max(100).optional(),
      skip: z.number().int().min(0).max(4000).optional(),
    })
    .strict(),
);
export type CollectionSearch = z.infer<ReturnType<typeof collectionSearchSchema>>;

const isoTime = once(() => z.iso.datetime({ offset: true }));
const plainId = once(() =>
  z.string().regex(/^[\w.:-]{1,200}$/, 'Ids have letters, digits and . : _ - only.'),
);

/** The six parameter sets of Add Image (interface 4.6). */
export const imageSourceSchema = once(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('camera'), cameraId: plainId() }).strict(),
    z.object({ kind: z.literal('archive'), cameraId: plainId(), time: isoTime() }).strict(),
    z.object({ kind: z.literal('observation'), observationId: plainId() }).strict(),
    z.object({ kind: z.literal('recording'), recordingId: plainId() }).strict(),
    z
      .object({ kind: z.literal('recordingFrame'), recordingId: plainId(), image: imageName() })
      .strict(),
    z
      .object({ kind: z.literal('collection'), collectionId: collectionId(), image: imageName() })
      .strict(),
  ]),
);

const fields = once(() => ({
  name: z.string().trim().min(1, 'Give the collection a name.').max(200),
  description: z.string().max(5000),
  tags: tags().max(50),
}));

export const collectionsChannels = onFirstUse({
  /** One page of collections with the tags facet; offline, the collections kept offline. */
  'collections.search': { input: collectionSearchSchema, result: type<CollectionsPage>() },
  /** One page of a collection's image names after `marker` (marker rule of interface 4.6). */
  'collections.images': {
    input: () =>
      z
        .object({
          id: collectionId(),
          marker: z.string().max(300).optional(),
          limit: z.number().int().min(1).max(200).optional(),
        })
        .strict(),
    result: type<CollectionImagesPage>(),
  },
  /** How many images a collection holds (Destroy's confirmation names it). */
  'collections.count': {
    input: () => z.object({ id: collectionId() }).strict(),
    result: type<{ images: number }>(),
  },
  'collections.create': {
    input: () =>
      z
        .object({
          ...fields(),
          description: fields().description.optional(),
          tags: fields().tags.optional(),
        })
        .strict(),
    result: type<{ id: string }>(),
  },
  'collections.update': {
    input: () =>
      z
        .object({
          id: collectionId(),
          name: fields().name.optional(),
          description: fields().description.optional(),
          tags: fields().tags.optional(),
        })
        .strict()
        .refine(
          (v) => v.name !== undefined || v.description !== undefined || v.tags !== undefined,
          'Change at least one field.',
        ),
    result: type<{ ok: true }>(),
  },
  'collections.addImage': {
    input: () => z.object({ id: collectionId(), source: imageSourceSchema() }).strict(),
    result: type<{ image: string | null }>(),
  },
  'collections.removeImage': {
    input: () => z.object({ id: collectionId(), name: imageName() }).strict(),
    result: type<{ ok: true }>(),
  },
  /** Repeats the service's Empty (up to 1000 a call) until nothing is left. */
  'collections.empty': {
    input: () => z.object({ id: collectionId(), operationId: operationId() }).strict(),
    result: type<{ removed: number }>(),
  },
  /** Empties, then destroys; a collection kept offline is removed from disk too. */
  'collections.destroy': {
    input: () => z.object({ id: collectionId(), operationId: operationId() }).strict(),
    result: type<{ removed: number }>(),
  },
  /** Keeps a collection on disk (and in step with the service), or lets it go. */
  'collections.keepOffline': {
    input: () => z.object({ id: collectionId(), keep: z.boolean() }).strict(),
    result: type<OfflineStatus | null>(),
  },
  /** Syncs a kept collection now; resolves when done. */
  'collections.sync': {
    input: () => z.object({ id: collectionId() }).strict(),
    result: type<OfflineStatus>(),
  },
  /**
   * Names of the frames of a complete recording, for adding a named frame: the entry names of
   * its zip, as the service names them.
   */
  'collections.recordingFrames': {
    input: () => z.object({ recordingId: plainId() }).strict(),
    result: type<{ cameraId: string | null; names: string[] }>(),
  },
  /** Writes the collection as a folder or a zip, with manifest.json and manifest.csv. */
  'collections.export': {
    input: () =>
      z
        .object({ id: collectionId(), as: z.enum(['folder', 'zip']), operationId: operationId() })
        .strict(),
    result: type<ExportResult>(),
  },
} as const);

export const collectionsEvents = {
  'collections.progress': type<CollectionProgress>(),
  'collections.offline': type<OfflineStatus>(),
} as const;
