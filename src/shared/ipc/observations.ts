/**
 * What the app asks about observations beyond searching them (searches.ts): one observation,
 * and the latest readings of several cameras (a wall's sensor badges, a route's strip).
 */
import { z } from 'zod';
import type { Observation } from '../api/index.ts';
import { cameraId, MAX_CAMERAS_BY_ID } from './cameras.ts';
import { onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

/** The latest observation of a camera: the sensor badges of a tile or a route stop. */
export interface SensorReadings {
  cameraId: string;
  /** ISO 8601 UTC of the observation, or null when the camera has none. */
  time: string | null;
  road_weather: number | null;
  visibility: number | null;
  precip: number | null;
}

export const observationChannels = onFirstUse({
  'observations.show': {
    input: () => z.object({ id: z.string().regex(/^[\w.:-]{1,240}$/) }).strict(),
    result: type<Observation>(),
  },
  /** The latest observation of each camera; from the search cache when the service is unreachable. */
  'observations.latest': {
    input: () => z.object({ ids: z.array(cameraId()).min(1).max(MAX_CAMERAS_BY_ID) }).strict(),
    result: type<SensorReadings[]>(),
  },
} as const);
