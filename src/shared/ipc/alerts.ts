import { z } from 'zod';
import type { Alert } from '../api/index.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

const lonLat = once(() => z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]));

/** An area whose new alerts notify the user: a polygon, or a route with a buffer. */
export const watchAreaSchema = once(() =>
  z.union([
    z.object({ polygon: z.array(lonLat()).min(3).max(500) }).strict(),
    z
      .object({
        route: z.array(lonLat()).min(2).max(2000),
        radiusKm: z.number().min(0.1).max(100),
      })
      .strict(),
  ]),
);
export type WatchArea = z.infer<ReturnType<typeof watchAreaSchema>>;

export interface WatchedArea {
  id: number;
  name: string;
  area: WatchArea;
  createdAt: string;
  /** Current alerts intersecting the area at the last check. */
  currentAlerts: number;
}

export interface NewAlertsNotice {
  areaId: number;
  areaName: string;
  alerts: { id: string; event: string; headline: string; severity: string }[];
}

export const alertChannels = onFirstUse({
  /** One alert by id (GET /v1/alerts/:id): a link opens it even when no search lists it. */
  'alerts.show': {
    input: () => z.object({ id: z.string().trim().min(1).max(200) }).strict(),
    result: type<Alert>(),
  },
  'alerts.watches.list': { input: () => z.object({}).strict(), result: type<WatchedArea[]>() },
  'alerts.watches.add': {
    input: () =>
      z.object({ name: z.string().trim().min(1).max(100), area: watchAreaSchema() }).strict(),
    result: type<WatchedArea[]>(),
  },
  'alerts.watches.remove': {
    input: () => z.object({ id: z.number().int().positive() }).strict(),
    result: type<WatchedArea[]>(),
  },
  /** Checks every watched area now instead of at the next poll. */
  'alerts.watches.check': { input: () => z.object({}).strict(), result: type<WatchedArea[]>() },
} as const);

export const alertEvents = {
  /** New alerts inside a watched area: the desktop app shows a notification. */
  'alerts.watchedNew': type<NewAlertsNotice>(),
} as const;
