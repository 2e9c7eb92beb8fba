/**
 * What the app asks about cameras beyond searching them (searches.ts): one camera, several by
 * id, the times of its archived images, its sensor history, and the user's favourites.
 */
import { z } from 'zod';
import type { Camera } from '../api/index.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

/** Camera ids as the service spells them (`US-CO-000042`). */
export const cameraId = once(() =>
  z.string().regex(/^[\w.:-]{1,200}$/, 'Camera ids are letters, digits and . : _ -'),
);

/** Most cameras asked for by id at once: a wall, a route's strip, a tour's page. */
export const MAX_CAMERAS_BY_ID = 200;

/** What a wall tile, a route strip or a tour needs to know of a camera without asking again. */
export interface CameraSummary {
  id: string;
  /** The camera's description ("I-80 at Exit 12 - Looking East"). */
  name: string;
  video: boolean;
  lon: number;
  lat: number;
  country: string;
  state: string;
  city: string;
}

/** A camera as the views list it: from a search's feature or a saved wall. */
export function cameraSummary(feature: Camera): CameraSummary {
  const p = feature.properties;
  const [lon = 0, lat = 0] = feature.geometry.coordinates;
  return {
    id: feature.id,
    name: p.description || feature.id,
    video: p.video,
    lon,
    lat,
    country: p.country,
    state: p.state,
    city: p.city,
  };
}

/** A camera's sensor history, column-wise for the chart (times in epoch seconds). */
export interface CameraTimeline {
  times: number[];
  road_weather: (number | null)[];
  visibility: (number | null)[];
  precip: (number | null)[];
}

export interface Favourite {
  cameraId: string;
  name: string;
  /** ISO 8601 UTC. */
  addedAt: string;
}

export const cameraChannels = onFirstUse({
  'cameras.show': { input: () => z.object({ id: cameraId() }).strict(), result: type<Camera>() },
  /** Cameras by id (a wall opened from a link knows only ids); unknown ids are listed apart. */
  'cameras.byIds': {
    input: () => z.object({ ids: z.array(cameraId()).min(1).max(MAX_CAMERAS_BY_ID) }).strict(),
    result: type<{ cameras: CameraSummary[]; missing: string[] }>(),
  },
  /**
   * Every archived image time of a camera (the service keeps 24 hours), ascending, as the service
   * wrote them: an image is asked for by exactly that time.
   */
  'cameras.imageTimes': {
    input: () => z.object({ cameraId: cameraId() }).strict(),
    result: type<string[]>(),
  },
  'cameras.timeline': {
    input: () => z.object({ id: cameraId(), hours: z.number().int().min(1).max(48) }).strict(),
    result: type<CameraTimeline>(),
  },
  'favourites.list': { input: () => z.object({}).strict(), result: type<Favourite[]>() },
  'favourites.add': {
    input: () =>
      z.object({ cameraId: cameraId(), name: z.string().trim().min(1).max(200) }).strict(),
    result: type<Favourite[]>(),
  },
  'favourites.remove': {
    input: () => z.object({ cameraId: cameraId() }).strict(),
    result: type<Favourite[]>(),
  },
} as const);

export const cameraEvents = {
  /** Favourites changed (from any window or view). */
  'favourites.changed': type<Favourite[]>(),
} as const;
