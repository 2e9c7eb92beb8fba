/**
 * What a route shows: the cameras along it (the service's polyline search, its buffer in km)
 * put in driving order here, each with its latest readings, and the alerts whose areas touch the
 * same buffer. The line goes as an encoded polyline, which the client sends by POST.
 */
import { encodePolyline, type LonLat } from '../../shared/geo.ts';
import {
  MAX_ROUTE_CAMERAS,
  type RouteAlert,
  type RouteCamera,
  type RouteShown,
} from '../../shared/ipc/routes.ts';
import { orderAlongRoute, routeLengthMeters, travelDirection } from '../../shared/route.ts';
import type { ApiClient } from '../api/client.ts';
import type { SearchCache } from '../cache/searches.ts';
import { cameraSummary } from '../../shared/ipc/cameras.ts';
import { latestSensorsAlong } from '../cameras/cameras.ts';

/** Alerts one answer lists at most: more than this along one drive is a region-wide event. */
const MAX_ROUTE_ALERTS = 100;

export interface RouteToShow {
  id: number | null;
  name: string;
  line: LonLat[];
  bufferKm: number;
}

/**
 * Cameras read to be put in order: the answer then keeps the first MAX_ROUTE_CAMERAS from the
 * start, so a long route's strip is the beginning of the drive, not a sample of it.
 */
const MAX_CANDIDATES = 1000;

export async function showRoute(
  client: ApiClient,
  searches: SearchCache,
  route: RouteToShow,
  keep = MAX_ROUTE_CAMERAS,
): Promise<RouteShown> {
  const along = { polyline: encodePolyline(route.line), polyline_radius: route.bufferKm };
  const [found, alerts] = await Promise.all([
    camerasAlong(client, along),
    alertsAlong(client, along),
  ]);
  const all = orderAlongRoute(route.line, found.cameras.map(cameraSummary));
  const ordered = all.slice(0, keep);
  const sensors = await latestSensorsAlong(
    client,
    searches,
    ordered.map((c) => c.id),
    along,
  );
  const byId = new Map(sensors.map((s) => [s.cameraId, s]));
  const cameras: RouteCamera[] = ordered.map(({ position, ...camera }) => ({
    ...camera,
    alongKm: position.alongM / 1000,
    offKm: position.offM / 1000,
    segment: position.segment,
    bearing: position.bearing,
    direction: travelDirection(camera.name, position.bearing),
    sensors: byId.get(camera.id)!,
  }));
  return {
    route: { ...route, lengthKm: routeLengthMeters(route.line) / 1000 },
    cameras,
    complete: found.complete && ordered.length === all.length,
    alerts,
  };
}

type Along = { polyline: string; polyline_radius: number };

async function camerasAlong(client: ApiClient, along: Along) {
  const cameras = [];
  let total = 0;
  for (let skip = 0; skip < MAX_CANDIDATES; skip += 100) {
    const page = await client.cameras.search({ ...along, limit: 100, skip });
    cameras.push(...page.features);
    total = page.properties.total;
    if (page.features.length < 100 || cameras.length >= total) break;
  }
  return { cameras, complete: cameras.length >= total };
}

async function alertsAlong(client: ApiClient, along: Along): Promise<RouteAlert[]> {
  const page = await client.alerts.search({ ...along, limit: MAX_ROUTE_ALERTS });
  return page.features.map((a) => ({
    id: a.id,
    event: a.properties.event,
    headline: a.properties.headline,
    severity: a.properties.severity,
    expires: a.properties.expires,
  }));
}
