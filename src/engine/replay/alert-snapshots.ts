/**
 * The alerts of a ten-minute mark (alerts/_all) for the weather replay: only what it draws (id,
 * words, severity, polygons), with big rings thinned, so that stepping through 48 hours of
 * marks sends the renderer little.
 */
import { ALERT_SEVERITY } from '../../shared/api/index.ts';
import type { AlertSnapshot, ReplayAlert } from '../../shared/ipc/replay.ts';
import type { ApiClient } from '../api/client.ts';

/** Vertices a ring keeps at most: more adds nothing visible at the zooms a replay is watched. */
export const MAX_RING = 256;

/** The alerts in force at a mark, compact. */
export async function alertSnapshot(
  client: ApiClient,
  mark: string,
  time: string,
): Promise<AlertSnapshot> {
  const collection = await client.alerts.snapshot(mark);
  return compactAlerts(mark, time, collection.features);
}

/** What of an alert feature the replay reads; anything else it carries is ignored. */
interface AlertLike {
  id: string;
  geometry?: unknown;
  properties: { event?: unknown; headline?: unknown; severity?: unknown };
}

/**
 * The alerts that have an area to draw, least severe first so that the most severe lie on top;
 * an alert without one (geometry null, or rings without numbers) is left out of the drawing.
 */
export function compactAlerts(
  mark: string,
  time: string,
  features: readonly AlertLike[],
): AlertSnapshot {
  const alerts: ReplayAlert[] = [];
  for (const f of features) {
    const polygons = latLonPolygonsOf(f.geometry);
    if (polygons.length === 0) continue;
    const p = f.properties;
    alerts.push({
      id: f.id,
      event: wordsOf(p.event),
      headline: wordsOf(p.headline),
      severity: wordsOf(p.severity),
      polygons,
    });
  }
  alerts.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  return { mark, time, alerts };
}

/** minor 0 … extreme 3; words the interface does not list (and its unknown) below minor. */
function severityRank(severity: string): number {
  const i = ALERT_SEVERITY.indexOf(severity.toLowerCase() as (typeof ALERT_SEVERITY)[number]);
  return i === ALERT_SEVERITY.length - 1 ? -1 : i;
}

function wordsOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Polygon or MultiPolygon as [lat, lon] rings; anything else (null, a point) as none. */
export function latLonPolygonsOf(geometry: unknown): [number, number][][][] {
  if (typeof geometry !== 'object' || geometry === null) return [];
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (!Array.isArray(coordinates)) return [];
  const polygons: unknown[] =
    type === 'Polygon' ? [coordinates] : type === 'MultiPolygon' ? coordinates : [];
  const out: [number, number][][][] = [];
  for (const polygon of polygons) {
    if (!Array.isArray(polygon)) continue;
    const rings = polygon.map(ringOf).filter((r) => r.length >= 3);
    // A polygon whose outer ring cannot be read has no area left to draw.
    if (rings.length > 0 && ringOf(polygon[0]).length >= 3) out.push(rings);
  }
  return out;
}

function ringOf(ring: unknown): [number, number][] {
  if (!Array.isArray(ring)) return [];
  const points: [number, number][] = [];
  for (const position of ring) {
    if (!Array.isArray(position)) continue;
    const [lon, lat] = position as unknown[];
    if (typeof lon === 'number' && typeof lat === 'number' && isFinite(lon) && isFinite(lat))
      points.push([lat, lon]);
  }
  return points.length > MAX_RING ? thinned(points) : points;
}

/** Douglas-Peucker with a tolerance that doubles until the ring fits in MAX_RING vertices. */
export function thinned(ring: [number, number][]): [number, number][] {
  let tolerance = 0.0005;
  let out = ring;
  while (out.length > MAX_RING) {
    out = douglasPeucker(ring, tolerance);
    tolerance *= 2;
  }
  return out;
}

function douglasPeucker(points: [number, number][], tolerance: number): [number, number][] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance(points[i]!, points[first]!, points[last]!);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Distance in degrees from p to the segment a-b: enough to judge what a drawing keeps. */
function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
