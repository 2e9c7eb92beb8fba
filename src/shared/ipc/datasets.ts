/**
 * A labelled dataset of observation previews (docs/datasets.md): the observations a search
 * chooses, one sensor as the label, classes balanced by sampling with a seed, split into
 * train, validation and test by camera, the images fetched by the download engine, and a
 * manifest and a datasheet written beside them. `roadcam dataset export` and the Map's
 * "Export as dataset" both call `datasets.export`.
 */
import { z } from 'zod';
import { SENSOR_TYPES, type SensorType } from '../sensors.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import { observationSearchSchema } from './searches.ts';
import type { Said } from '../i18n/translator.ts';

export const DATASET_LAYOUTS = ['folders', 'flat'] as const;
export type DatasetLayout = (typeof DATASET_LAYOUTS)[number];
export const DATASET_SPLITS = ['train', 'validation', 'test'] as const;
export type DatasetSplit = (typeof DATASET_SPLITS)[number];

/** The seed when none is given: the same flags give the same dataset. */
export const DEFAULT_DATASET_SEED = 42;
export const DEFAULT_DATASET_SPLIT: [number, number, number] = [0.8, 0.1, 0.1];
/** Images in one dataset at most: a bound on the queue, the disk and the manifest. */
export const MAX_DATASET_ITEMS = 20_000;
/**
 * Candidates read per class at most: the paging ceiling of one search (skip 4000 + a page of
 * 100), so a class costs at most 41 pages; a larger class is sampled from its newest 4,100.
 */
export const MAX_CLASS_CANDIDATES = 4_100;

const ratio = once(() =>
  z.number().min(0, 'A split ratio is 0 or more.').max(1, 'A split ratio is 1 at most.'),
);

export const datasetRequestSchema = once(() =>
  z
    .object({
      /** The observations' filters, as the Map's observation search has them. */
      query: observationSearchSchema(),
      label: z.enum(SENSOR_TYPES, {
        message: `The label is one of the sensors: ${SENSOR_TYPES.join(', ')}.`,
      }),
      /** Images per class; absent: every observation the query matches. */
      perClass: z
        .number()
        .int('Images per class is a whole number.')
        .min(1, 'Images per class is 1 or more.')
        .max(MAX_CLASS_CANDIDATES, `Images per class is ${MAX_CLASS_CANDIDATES} at most.`)
        .optional(),
      split: z
        .tuple([ratio(), ratio(), ratio()])
        .refine((r) => Math.abs(r[0] + r[1] + r[2] - 1) < 1e-6, {
          message:
            'The three split ratios (train, validation, test) must add up to 1, e.g. 0.8,0.1,0.1.',
        })
        .default(DEFAULT_DATASET_SPLIT),
      seed: z
        .number()
        .int('The seed is a whole number.')
        .min(0, 'The seed is 0 or more.')
        .max(2 ** 31 - 1, 'The seed is at most 2147483647.')
        .default(DEFAULT_DATASET_SEED),
      layout: z.enum(DATASET_LAYOUTS).default('folders'),
      /** Observations whose label is -1 (no report) are a class of their own when asked for. */
      includeNoReport: z.boolean().default(false),
      /** A full path; made if missing. */
      folder: z.string().trim().min(1, 'Choose a folder for the dataset.').max(4096),
      /** Names this export in its progress events. */
      exportId: z.string().min(1).max(100),
    })
    .strict(),
);

export type DatasetRequest = z.input<ReturnType<typeof datasetRequestSchema>>;
export type DatasetOptions = z.output<ReturnType<typeof datasetRequestSchema>>;

export interface DatasetProgress {
  exportId: string;
  /** counting: the classes' sizes; choosing: reading candidates; images: the download. */
  phase: 'counting' | 'choosing' | 'images' | 'writing';
  done: number;
  total: number;
}

/** One class: its sensor value, its folder name, and its images per split. */
export interface DatasetClassCount {
  value: number;
  name: string;
  meaning: string;
  /** Observations the query matches with this value (the service's count). */
  matched: number;
  splits: Record<DatasetSplit, number>;
}

/** Why observations are not in the dataset, and how many. */
export interface DatasetLeftOut {
  reason: 'no-report' | 'cap' | 'failed' | 'candidates';
  count: number;
  /** In English (logs, --json); `said` is what a front end says in its user's language. */
  words: string;
  said: Said;
}

export interface DatasetResult {
  folder: string;
  label: SensorType;
  /** Images in the dataset (completed files, one manifest row each). */
  files: number;
  failed: number;
  cameras: Record<DatasetSplit, number>;
  classes: DatasetClassCount[];
  leftOut: DatasetLeftOut[];
  /** The oldest and newest observation time, ISO 8601 UTC; null when empty. */
  timeSpan: { first: string; last: string } | null;
  /** True when the plan of an earlier run in this folder was reused (nothing searched again). */
  resumed: boolean;
}

export const datasetsChannels = onFirstUse({
  'datasets.export': { input: datasetRequestSchema, result: type<DatasetResult>() },
  /**
   * Opens a dataset's folder in the desktop's file manager (only a folder holding a dataset);
   * in browser mode nothing opens and the path is returned for the dialog to show.
   */
  /**
   * Stops a running export (by its exportId): the images fetched stay, and running the same
   * export again completes it. False when no export of that id is running.
   */
  'datasets.cancel': {
    input: () => z.object({ exportId: z.string().min(1).max(100) }).strict(),
    result: type<boolean>(),
  },
  'datasets.open': {
    input: () => z.object({ folder: z.string().min(1).max(4096) }).strict(),
    result: type<{ opened: boolean; path: string }>(),
  },
} as const);

export const datasetsEvents = {
  'datasets.progress': type<DatasetProgress>(),
} as const;
