/**
 * The cameras inside an alert's area, found by the interface's polygon search (one per part of
 * the area, by its outer ring), and the links that open an alert or a camera on the Map.
 */
import { lonLatPolygonsOf, type Alert, type Camera } from '../../shared/api/index.ts';
import type { Api } from '../../shared/ipc.ts';

/** The outer ring of each part of the area that can be searched (three corners or more). */
export function alertRings(alert: Alert): [number, number][][] {
  return lonLatPolygonsOf(alert.geometry)
    .map((rings) => (rings[0] ?? []).map(([lon, lat]): [number, number] => [lon, lat]))
    .filter((ring) => ring.length >= 3);
}

/** Most cameras listed per part of the area: the search's page. */
const LISTED = 100;

/** The cameras inside the area (each once, though parts may overlap) and how many there are. */
export async function camerasInAlert(
  api: Api,
  alert: Alert,
): Promise<{ cameras: Camera[]; total: number }> {
  const pages = await Promise.all(
    alertRings(alert).map((polygon) => api.invoke('cameras.search', { polygon, limit: LISTED })),
  );
  const seen = new Set<string>();
  const cameras = pages
    .flatMap((page) => page.features)
    .filter((c) => !seen.has(c.id) && seen.add(c.id));
  return { cameras, total: pages.reduce((sum, page) => sum + page.total, 0) };
}

/** Street-level zoom for a camera opened on the Map. */
const CAMERA_ZOOM = 14;

/** The Map, there and with the camera's panel open (`#/map?at=…&camera=ID`). */
export function cameraMapHref(camera: Camera): string {
  const [lon = 0, lat = 0] = camera.geometry.coordinates;
  const at = `${lat.toFixed(5)},${lon.toFixed(5)},${CAMERA_ZOOM}`;
  return `#/map?at=${at}&camera=${encodeURIComponent(camera.id)}`;
}

/** The Map fitted to the alert's area, the alert's panel open (`/map?alert=ID`, for router.go). */
export function alertMapRoute(alertId: string): string {
  return `/map?alert=${encodeURIComponent(alertId)}`;
}
