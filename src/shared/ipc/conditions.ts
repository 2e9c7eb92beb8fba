import { z } from 'zod';
import { CHANGE_KINDS, type ChangeKind } from '../condition-changes.ts';
import { watchAreaSchema, type WatchArea } from './alerts.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import type { Said } from '../i18n/translator.ts';

/** Cameras of a watch by id: each is one search per change at each check, so a few. */
export const MAX_WATCHED_CAMERAS = 20;

/** What a condition watch looks at: an area (as alert watches take one) or cameras by id. */
export const conditionTargetSchema = once(() =>
  z.union([
    z.object({ area: watchAreaSchema() }).strict(),
    z
      .object({
        cameraIds: z
          .array(z.string().trim().min(1).max(200))
          .min(1)
          .max(MAX_WATCHED_CAMERAS)
          .transform((ids) => [...new Set(ids)]),
      })
      .strict(),
  ]),
);
export type ConditionTarget = { area: WatchArea } | { cameraIds: string[] };

export interface ConditionWatch {
  id: number;
  name: string;
  target: ConditionTarget;
  changes: ChangeKind[];
  createdAt: string;
  /** The service's time up to which observations were looked at; null before the first check. */
  checkedUntil: string | null;
  /** Why the last check failed, in English (for logs); null when it did not. */
  problem: string | null;
  /** The same as what it means, for the user's language; null from before it was kept so. */
  problemSaid: Said | null;
}

/** A change of one camera seen by a watch's checks (notified once, kept in SQLite). */
export interface ConditionChange {
  id: number;
  watchId: number;
  kind: ChangeKind;
  cameraId: string;
  place: string;
  /** The observation that shows the change, and the one before it (both have previews). */
  observationId: string;
  prevId: string | null;
  time: string | null;
  /** The previous observation's time, when its id tells it. */
  prevTime: string | null;
  before: number;
  after: number;
  noticedAt: string;
  /** False for changes found by the watch's first check: listed, not announced. */
  announced: boolean;
}

/** A change between two consecutive ten-minute snapshots (observations/_all). */
export interface SnapshotChange {
  kind: ChangeKind;
  cameraId: string;
  place: string;
  /** The snapshot before (the last one the service had) and the one that shows the change. */
  from: string;
  time: string;
  before: number;
  after: number;
}

export interface ConditionHistory {
  hours: number;
  /** The first and the last ten-minute slot looked at (null: the service has no observations). */
  from: string | null;
  to: string | null;
  /** Ten-minute slots looked at, and those the service had no snapshot for. */
  slots: number;
  missing: string[];
  /** Cameras of the watch found in the snapshots. */
  cameras: number;
  changes: SnapshotChange[];
}

export interface ConditionChanges {
  watch: ConditionWatch;
  /** Newest first. */
  changes: ConditionChange[];
  /** Only when asked for: it reads up to 288 snapshots the first time. */
  history: ConditionHistory | null;
}

export interface ConditionsNotice {
  watchId: number;
  watchName: string;
  changes: ConditionChange[];
}

const watchId = once(() => z.number().int().positive());

export const conditionsChannels = onFirstUse({
  'conditions.watches.list': {
    input: () => z.object({}).strict(),
    result: type<ConditionWatch[]>(),
  },
  'conditions.watches.add': {
    input: () =>
      z
        .object({
          name: z.string().trim().min(1).max(100),
          target: conditionTargetSchema(),
          changes: z.array(z.enum(CHANGE_KINDS)).min(1).max(CHANGE_KINDS.length).optional(),
        })
        .strict(),
    result: type<ConditionWatch[]>(),
  },
  'conditions.watches.remove': {
    input: () => z.object({ id: watchId() }).strict(),
    result: type<ConditionWatch[]>(),
  },
  /** Checks every condition watch now instead of at the next ten-minute check. */
  'conditions.watches.check': {
    input: () => z.object({}).strict(),
    result: type<ConditionWatch[]>(),
  },
  /** A watch's noticed changes, and with `history` its changes in the snapshots of `hours`. */
  'conditions.changes': {
    input: () =>
      z
        .object({
          id: watchId(),
          history: z.boolean().optional(),
          hours: z.number().int().min(1).max(48).optional(),
        })
        .strict(),
    result: type<ConditionChanges>(),
  },
} as const);

export const conditionsEvents = {
  /** New changes on a watch: the desktop app shows a notification that opens the change. */
  'conditions.changed': type<ConditionsNotice>(),
} as const;
