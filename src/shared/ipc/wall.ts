import { z } from 'zod';
import { type } from './marker.ts';

/** Camera ids as the service spells them (`US-CO-000042`). */
const cameraId = z.string().regex(/^[\w.:-]{1,200}$/, 'Camera ids are letters, digits and . : _ -');
const isoTime = z.iso.datetime({ offset: true });

export const WALL_LAYOUTS = ['1x1', '2x2', '3x3', '4x4', 'custom'] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];

/** Most tiles one wall holds (a 6x6 custom grid); video beyond the tile cap falls back to stills. */
export const MAX_WALL_TILES = 36;
export const MAX_WALL_COLUMNS = 6;
export const MAX_TILE_SPAN = 4;

/** What a tile needs to know about its camera without asking the service again. */
export interface WallCamera {
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

export interface WallTile extends WallCamera {
  /** Cells the tile covers in a custom layout (1 elsewhere). */
  colSpan: number;
  rowSpan: number;
}

export interface Wall {
  id: number;
  name: string;
  layout: WallLayout;
  /** Columns of the custom layout; presets use their own. */
  columns: number;
  tiles: WallTile[];
  /** ISO 8601 UTC. */
  updatedAt: string;
}

export interface WallSummary {
  id: number;
  name: string;
  layout: WallLayout;
  tileCount: number;
  updatedAt: string;
}

/** The latest observation of a camera: the sensor badges of its tile. */
export interface WallSensors {
  cameraId: string;
  /** ISO 8601 UTC of the observation, or null when the camera has none. */
  time: string | null;
  road_weather: number | null;
  visibility: number | null;
  precip: number | null;
}

export interface WallCollection {
  id: string;
  name: string;
}

const tileSchema = z
  .object({
    id: cameraId,
    name: z.string().max(500),
    video: z.boolean(),
    lon: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    country: z.string().max(100),
    state: z.string().max(100),
    city: z.string().max(200),
    colSpan: z.number().int().min(1).max(MAX_TILE_SPAN),
    rowSpan: z.number().int().min(1).max(MAX_TILE_SPAN),
  })
  .strict();

export const wallSaveSchema = z
  .object({
    /** Absent: a new wall. */
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, 'A wall needs a name.').max(100),
    layout: z.enum(WALL_LAYOUTS),
    columns: z.number().int().min(1).max(MAX_WALL_COLUMNS),
    tiles: z.array(tileSchema).max(MAX_WALL_TILES, `A wall holds at most ${MAX_WALL_TILES} tiles.`),
  })
  .strict();
export type WallSaveInput = z.infer<typeof wallSaveSchema>;

const none = z.object({}).strict();
const byId = z.object({ id: z.number().int().positive() }).strict();
const cameraIds = z.array(cameraId).min(1).max(MAX_WALL_TILES);

export const wallChannels = {
  /** Saved walls, most recently opened first. */
  'wall.list': { input: none, result: type<WallSummary[]>() },
  /** A saved wall (remembered as the last opened); without id the last opened one, or null. */
  'wall.open': {
    input: z.object({ id: z.number().int().positive().optional() }).strict(),
    result: type<Wall | null>(),
  },
  /** Creates (no id) or replaces a saved wall; it becomes the last opened one. */
  'wall.save': { input: wallSaveSchema, result: type<Wall>() },
  'wall.remove': { input: byId, result: type<{ removed: boolean }>() },
  /** Cameras matching words of their id, description, city, state or provider. */
  'wall.searchCameras': {
    input: z
      .object({ q: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(50) })
      .strict(),
    result: type<WallCamera[]>(),
  },
  /** Cameras by id (a wall opened from a link knows only ids); unknown ids are listed apart. */
  'wall.cameras': {
    input: z.object({ ids: cameraIds }).strict(),
    result: type<{ cameras: WallCamera[]; missing: string[] }>(),
  },
  /** The latest observation of each camera (sensor badges). */
  'wall.sensors': {
    input: z.object({ ids: cameraIds }).strict(),
    result: type<WallSensors[]>(),
  },
  /** Times (epoch ms, ascending) of a camera's archived images: the last 24 hours. */
  'wall.imageTimes': {
    input: z.object({ cameraId }).strict(),
    result: type<number[]>(),
  },
  /** Collections to snapshot into, most recently updated first. */
  'wall.collections': { input: none, result: type<WallCollection[]>() },
  /** Adds a camera's frame (the current one, or the archived one at `time`) to a collection. */
  'wall.snapshot': {
    input: z
      .object({
        cameraId,
        time: isoTime.optional(),
        collectionId: z.string().min(1).max(200).optional(),
        /** Creates a collection of this name when no collectionId is given. */
        newCollectionName: z.string().trim().min(1).max(200).optional(),
      })
      .strict()
      .refine((v) => (v.collectionId === undefined) !== (v.newCollectionName === undefined), {
        message: 'Give either collectionId or newCollectionName.',
      }),
    result: type<{ collectionId: string; collectionName: string }>(),
  },
  /** A recording of the last N minutes of a camera (its start is in the past). */
  'wall.recordLast': {
    input: z.object({ cameraId, minutes: z.number().int().min(1).max(30) }).strict(),
    result: type<{ recordingId: string; start: string; duration: number }>(),
  },
} as const;

export const wallEvents = {} as const;
