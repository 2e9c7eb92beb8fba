/**
 * Recordings beyond searching them (searches.ts), interface 4.4: one made for a camera, and new
 * recordings of many cameras over one period, downloaded as one batch; one's detail, shown from
 * a search result, a download item, the map or a `roadcam://downloads/recording/ID` link; and its
 * tags, which the user can add to.
 */
import { z } from 'zod';
import type { Recording } from '../api/index.ts';
import { cameraId } from './cameras.ts';
import { downloadDestination, recordingIdSchema, type DownloadBatchView } from './downloads.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import type { Said } from '../i18n/translator.ts';

/** Most cameras one request records (a wall holds 36; a search result list more). */
export const MAX_RECORD_CAMERAS = 200;
/** Most minutes "the last N minutes" covers: a day, as a period may. */
export const MAX_RECORD_MINUTES = 24 * 60;

/** One recording asked for: made (its id), or refused (the service's words). */
export interface CreatedRecording {
  cameraId: string;
  /** UTC ISO 8601; null: the service's default, the time of the request. */
  start: string | null;
  duration: number;
  recordingId: string | null;
  /** In English (logs, --json). */
  problem: string | null;
  /** What `problem` means, for a front end to say. */
  problemSaid: Said | null;
}

export interface RecordCamerasResult {
  /** One batch for every camera's files (a refused recording is its failed item). */
  batch: DownloadBatchView;
  /** Camera by camera, each camera's pieces in time order. */
  recordings: CreatedRecording[];
}

const iso = once(() => z.iso.datetime({ offset: true }));

export const recordCamerasSchema = once(() =>
  z
    .object({
      ...downloadDestination(),
      cameraIds: z
        .array(cameraId())
        .min(1, 'Choose at least one camera.')
        .max(MAX_RECORD_CAMERAS, `Record at most ${MAX_RECORD_CAMERAS} cameras at a time.`),
      /** A period (cut into recordings of at most 30 minutes)... */
      start: iso().optional(),
      stop: iso().optional(),
      /** ...or the last minutes before now on the service's clock. */
      lastMinutes: z.number().int().min(1).max(MAX_RECORD_MINUTES).optional(),
    })
    .strict()
    .refine(
      (v) =>
        v.lastMinutes === undefined
          ? v.start !== undefined && v.stop !== undefined
          : v.start === undefined && v.stop === undefined,
      { message: 'Give start and stop, or lastMinutes.' },
    ),
);
export type RecordCamerasInput = z.infer<ReturnType<typeof recordCamerasSchema>>;

/**
 * The interface gives no limit on tags (our service's 50 tags of 100 characters are its own
 * choice): these bounds only keep the renderer's input sane; the service refuses what it refuses, in
 * its own words. A comma would split a tag in the comma-delimited form the interface allows.
 */
const tag = once(() =>
  z
    .string()
    .trim()
    .min(1, 'a tag cannot be empty')
    .max(1000, 'a tag is at most 1,000 characters long')
    .refine((t) => !t.includes(','), 'a tag cannot contain a comma (commas separate tags)'),
);

export const recordingsChannels = onFirstUse({
  /** POST /v1/recordings: one recording of a camera (the service builds it from its archive). */
  'recordings.create': {
    input: () =>
      z
        .object({
          cameraId: cameraId(),
          duration: z.number().int().min(1).max(1800),
          /** UTC ISO 8601; omitted means now. The service allows up to 15 minutes ahead. */
          start: iso().optional(),
          /** The recording ends now on the service's clock (a wall tile's last minutes). */
          last: z.literal(true).optional(),
          tags: z
            .array(
              z
                .string()
                .trim()
                .min(1)
                .max(60)
                .regex(/^[^,]+$/),
            )
            .max(20),
        })
        .strict()
        .refine((v) => v.start === undefined || v.last === undefined, {
          message: 'Give start, or last, not both.',
        }),
    /** `start`: the one sent, or null when the service chose it (now). */
    result: type<{ recordingId: string; start: string | null }>(),
  },
  /** GET /v1/recordings/:id. */
  'recordings.show': {
    input: () => z.object({ id: recordingIdSchema() }).strict(),
    result: type<Recording>(),
  },
  /** PUT /v1/recordings/:id/tags: adds tags (the old ones stay); the answer has them all. */
  'recordings.addTags': {
    input: () =>
      z
        .object({
          id: recordingIdSchema(),
          tags: z.array(tag()).min(1, 'give at least one tag').max(1000),
        })
        .strict(),
    result: type<{ tags: string[] }>(),
  },
  /**
   * Records cameras over one period and downloads every file as one batch: a recording per
   * camera and 30 minutes, followed until complete. Answered by the downloads feature.
   */
  'recordings.createMany': { input: recordCamerasSchema, result: type<RecordCamerasResult>() },
} as const);
