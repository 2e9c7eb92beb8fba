import { z } from 'zod';
import { cameraId, type CameraSummary } from './cameras.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

/** Camera ids as the service spells them (`US-CO-000042`). */

export const WALL_LAYOUTS = ['1x1', '2x2', '3x3', '4x4', '5x5', '6x6', 'custom'] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];

/** Most tiles one wall holds (a 6x6 grid); video beyond the tile cap falls back to stills. */
export const MAX_WALL_TILES = 36;
export const MAX_WALL_COLUMNS = 6;
export const MAX_TILE_SPAN = 4;

export interface WallTile extends CameraSummary {
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

const tileSchema = once(() =>
  z
    .object({
      id: cameraId(),
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
    .strict(),
);

export const wallSaveSchema = once(() =>
  z
    .object({
      /** Absent: a new wall. */
      id: z.number().int().positive().optional(),
      name: z.string().trim().min(1, 'A wall needs a name.').max(100),
      layout: z.enum(WALL_LAYOUTS),
      columns: z.number().int().min(1).max(MAX_WALL_COLUMNS),
      tiles: z
        .array(tileSchema())
        .max(MAX_WALL_TILES, `A wall holds at most ${MAX_WALL_TILES} tiles.`),
    })
    .strict(),
);
export type WallSaveInput = z.infer<ReturnType<typeof wallSaveSchema>>;

/** A display a wall can go on, as the desktop app numbers them (1.., left to right). */
export interface WallDisplay {
  number: number;
  width: number;
  height: number;
  /** The main display (where the app's own window opens). */
  primary: boolean;
}

const none = once(() => z.object({}).strict());
const byId = once(() => z.object({ id: z.number().int().positive() }).strict());

export const wallChannels = onFirstUse({
  /** Saved walls, most recently opened first. */
  'walls.list': { input: none, result: type<WallSummary[]>() },
  /** A saved wall (remembered as the last opened); without id the last opened one, or null. */
  'walls.open': {
    input: () => z.object({ id: z.number().int().positive().optional() }).strict(),
    result: type<Wall | null>(),
  },
  /** Creates (no id) or replaces a saved wall; it becomes the last opened one. */
  'walls.save': { input: wallSaveSchema, result: type<Wall>() },
  'walls.remove': { input: byId, result: type<{ removed: boolean }>() },
  /** The displays of the computer, numbered as links and --display do (desktop app only). */
  'walls.displays': { input: none, result: type<WallDisplay[]>() },
  /**
   * Puts a saved wall in a window of its own on display N, full screen or kiosk, remembered for
   * the next start as a link's is (desktop app only); refused in words.
   */
  'walls.showOnDisplay': {
    input: () =>
      z
        .object({
          wallId: z.number().int().positive(),
          display: z.number().int().min(1).max(64),
          kiosk: z.boolean(),
        })
        .strict(),
    result: type<{ shown: boolean }>(),
  },
} as const);

export const wallEvents = {} as const;
