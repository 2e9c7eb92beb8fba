/**
 * A click on a tile point opens what the point is. Most tiles name it (tile-features.ts); a tile
 * that does not (no camera id, no observation id: the interface does not show the attributes)
 * still gets its point opened, found by a search with what the point does say: its camera and
 * time, or else its place (the nearest camera within the click's reach).
 */
import type { TileFeature } from './tile-features.ts';

export interface PickedPoint {
  /** The id the tile gives the point; null when it gives none. */
  id: string | null;
  /** What the tile says of the point (null when only the id crossed from the worker). */
  feature: TileFeature | null;
  lat: number;
  lon: number;
  /** How far from the point a camera may stand and still be the one drawn there, in meters. */
  radius: number;
  /** The click's DOM event: the same object for every layer the one click hit. */
  click: object;
}

interface Found {
  features: readonly { id: string }[];
}

/** The map's search channels, or a test's: only the parameters used here. */
export interface PickSearch {
  cameras(params: {
    lat: number;
    lon: number;
    radius: number;
    sort: 'distance';
    limit: number;
  }): Promise<Found>;
  observations(params: {
    camera_id: string;
    time_min?: string;
    time_max?: string;
    sort?: 'time';
    sort_dir?: 'desc';
    limit: number;
  }): Promise<Found>;
}

/** The camera of a picked camera point, or null when none is there. */
export async function cameraAt(point: PickedPoint, search: PickSearch): Promise<string | null> {
  const named = point.id ?? point.feature?.cameraId ?? null;
  if (named !== null) return named;
  const answer = await search.cameras({
    lat: point.lat,
    lon: point.lon,
    // Whole meters within what the channel takes; a few meters at the least, for rounding.
    radius: Math.min(5_000_000, Math.max(10, Math.round(point.radius))),
    sort: 'distance',
    limit: 1,
  });
  return answer.features[0]?.id ?? null;
}

/**
 * The observation of a picked observation point: by its id, else the camera's observation at
 * the point's time, else the camera's latest (observation tiles show the current ones).
 */
export async function observationAt(
  point: PickedPoint,
  search: PickSearch,
): Promise<string | null> {
  if (point.id !== null) return point.id;
  const cameraId = point.feature?.cameraId ?? (await cameraAt(point, search));
  if (cameraId === null) return null;
  const time = point.feature?.time ?? null;
  if (time !== null) {
    // The time may be in a form the search does not take; the latest then stands in for it.
    const atTime = await search
      .observations({ camera_id: cameraId, time_min: time, time_max: time, limit: 1 })
      .catch(() => null);
    const id = atTime?.features[0]?.id;
    if (id !== undefined) return id;
  }
  const latest = await search.observations({
    camera_id: cameraId,
    sort: 'time',
    sort_dir: 'desc',
    limit: 1,
  });
  return latest.features[0]?.id ?? null;
}

/** Meters per screen pixel at a latitude and Leaflet zoom (256-pixel tiles, web Mercator). */
export function metersPerPixel(lat: number, zoom: number): number {
  return (156_543.034 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}
