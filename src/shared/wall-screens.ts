import { z } from 'zod';

/** A screen's place on the desktop, in Electron's device-independent pixels. */
export const screenBoundsSchema = z
  .object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().min(1).max(100_000),
    height: z.number().int().min(1).max(100_000),
  })
  .strict();
export type ScreenBounds = z.infer<typeof screenBoundsSchema>;

/**
 * A saved wall shown in its own window on a display, remembered for the next start: the
 * display's id first, and its bounds when the id changed (a display plugged into another port).
 */
export const wallScreenSchema = z
  .object({
    wallId: z.number().int().positive(),
    displayId: z.number().int(),
    displayBounds: screenBoundsSchema,
    /** Kiosk: no window frame nor way out but the keyboard; else full screen. */
    kiosk: z.boolean(),
    /** The tour the window runs, as a link's query (`tour=favourites&dwell=20`); absent: none. */
    tour: z.string().max(4000).optional(),
  })
  .strict();
export type WallScreen = z.infer<typeof wallScreenSchema>;

/** Control rooms have a handful of screens; more windows than this are one mistake repeated. */
export const MAX_WALL_SCREENS = 16;

export const wallScreensSchema = z.array(wallScreenSchema).max(MAX_WALL_SCREENS);

/**
 * The address of a window that shows wall `wallId` and nothing else (no navigation, no status
 * bar): a display's window in the desktop app, "Open in a new window" in browser mode. Each
 * such window runs its own tour, `tourQuery`'s (tour.ts reads it) when it has one.
 */
export function wallOnlyRoute(wallId: number, tourQuery = ''): string {
  return `/wall/${wallId}?window=only${tourQuery ? `&${tourQuery}` : ''}`;
}

/** Whether an address (a view and its query) is a wall-only window's. */
export function isWallOnlyAddress(view: string, query: Record<string, string>): boolean {
  return view === 'wall' && query['window'] === 'only';
}
