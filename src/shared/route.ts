/**
 * Cameras along a route, in driving order: where a point projects onto a polyline (distance
 * along from the start, distance off the line, which segment, the route's bearing there), and
 * what a camera's description says about the direction it watches ("NB", "Northbound",
 * "Looking West") compared with the way the route goes at that point. Pure: the app's main
 * process, the renderer and the command line all order cameras with it.
 *
 * Distances are meters on a local equirectangular projection around the point (as in geo.ts),
 * accurate to well under 1% for the few kilometres a camera sits off its road; segment lengths
 * are great-circle (haversine), so distance along is right over a whole route.
 */
import { EARTH_RADIUS_M, haversineMeters, type LonLat } from './geo.ts';

const RAD = Math.PI / 180;
const M_PER_DEG = EARTH_RADIUS_M * RAD;

export interface RoutePosition {
  /** Meters along the route from its start to the point nearest the camera. */
  alongM: number;
  /** Meters from the camera to that point. */
  offM: number;
  /** Index of the segment it lies on: between line[segment] and line[segment + 1]. */
  segment: number;
  /** The route's bearing on that segment, degrees clockwise from north (0-360). */
  bearing: number;
}

/** Cumulative great-circle meters at each vertex: [0, |p0p1|, |p0p1|+|p1p2|, ...]. */
export function cumulativeMeters(line: readonly LonLat[]): number[] {
  const out = [0];
  for (let i = 1; i < line.length; i++)
    out.push(out[i - 1]! + haversineMeters(line[i - 1]!, line[i]!));
  return out;
}

export function routeLengthMeters(line: readonly LonLat[]): number {
  return cumulativeMeters(line).at(-1) ?? 0;
}

/** Initial great-circle bearing from a to b, degrees clockwise from north (0-360). */
export function bearingDegrees(a: LonLat, b: LonLat): number {
  const [l1, p1, l2, p2] = [a[0] * RAD, a[1] * RAD, b[0] * RAD, b[1] * RAD];
  const y = Math.sin(l2 - l1) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(l2 - l1);
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
}

/** Where `p` falls on the route: its nearest point (the first segment wins a tie). */
export function projectOntoRoute(
  p: LonLat,
  line: readonly LonLat[],
  cumulative: readonly number[] = cumulativeMeters(line),
): RoutePosition {
  if (line.length < 2) throw new RangeError('A route needs at least two points.');
  const cos = Math.cos(p[1] * RAD);
  const xy = (q: LonLat): [number, number] => {
    let dLon = q[0] - p[0];
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    return [dLon * cos * M_PER_DEG, (q[1] - p[1]) * M_PER_DEG];
  };
  let best: RoutePosition | null = null;
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = xy(line[i]!);
    const [bx, by] = xy(line[i + 1]!);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const offM = Math.hypot(ax + t * dx, ay + t * dy);
    if (best === null || offM < best.offM) {
      const segmentM = cumulative[i + 1]! - cumulative[i]!;
      best = {
        alongM: cumulative[i]! + t * segmentM,
        offM,
        segment: i,
        bearing: bearingDegrees(line[i]!, line[i + 1]!),
      };
    }
  }
  return best!;
}

/** Items (cameras) in driving order: by distance along the route, then nearest the line first. */
export function orderAlongRoute<T extends { lon: number; lat: number }>(
  line: readonly LonLat[],
  items: readonly T[],
): (T & { position: RoutePosition })[] {
  const cumulative = cumulativeMeters(line);
  return items
    .map((item) => ({
      ...item,
      position: projectOntoRoute([item.lon, item.lat], line, cumulative),
    }))
    .sort((a, b) => a.position.alongM - b.position.alongM || a.position.offM - b.position.offM);
}

const COMPASS: Record<string, number> = {
  n: 0,
  north: 0,
  ne: 45,
  northeast: 45,
  e: 90,
  east: 90,
  se: 135,
  southeast: 135,
  s: 180,
  south: 180,
  sw: 225,
  southwest: 225,
  w: 270,
  west: 270,
  nw: 315,
  northwest: 315,
};

const WORD = '(north|south|east|west|north-?east|north-?west|south-?east|south-?west)';
const LETTERS = '(n|s|e|w|ne|nw|se|sw)';

/**
 * The compass bearing a camera's description says it watches, or null when it says none:
 * "Northbound", "north-bound", "NB", "N/B", "Looking West", "facing SE". The direction of
 * traffic (NB) and the direction the camera looks are read alike: both name the lanes seen.
 */
export function describedBearing(description: string): number | null {
  const text = description.toLowerCase();
  const patterns = [
    new RegExp(`\\b${WORD}[- ]?bound\\b`),
    new RegExp(`\\b(?:looking|facing|view|towards?)\\s+${WORD}\\b`),
    new RegExp(`\\b(?:looking|facing)\\s+${LETTERS}\\b`),
    // Abbreviations only in capitals ("I-25 NB"), so that words like "eb" in prose stay words.
    /\b([NSEW])\/?B\b/,
  ];
  for (const [index, pattern] of patterns.entries()) {
    const match = pattern.exec(index === 3 ? description : text);
    if (match) return COMPASS[match[1]!.toLowerCase().replace('-', '')] ?? null;
  }
  return null;
}

export type TravelDirection = 'same' | 'opposite';

/**
 * Whether the camera watches the way the route goes there ("your direction"), the other way
 * ("opposite direction"), or neither is known (null: no direction described, or one across the
 * route, more than 45° from both).
 */
export function travelDirection(description: string, routeBearing: number): TravelDirection | null {
  const described = describedBearing(description);
  if (described === null) return null;
  const turn = (((described - routeBearing) % 360) + 360) % 360;
  const apart = turn > 180 ? 360 - turn : turn;
  if (apart <= 45) return 'same';
  if (apart >= 135) return 'opposite';
  return null;
}
