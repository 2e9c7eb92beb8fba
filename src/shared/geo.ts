/**
 * Pure geographic helpers shared by the client and the service: the encoded polyline codec
 * (precision 5 and 6), great-circle distance, bounding boxes and the polygon, circle and
 * polyline-buffer tests behind the spatial filters. Coordinates are [longitude, latitude]
 * (spec section 1, convention 4). Distances below a few hundred kilometres use a local
 * equirectangular projection, which is accurate to well under 1% at those scales.
 */
import { english } from './i18n/english.ts';
import { said, saidWithin, type Said } from './i18n/translator.ts';

export type LonLat = readonly [number, number];
/** GeoJSON bbox order: min lon, min lat, max lon, max lat. min lon > max lon crosses 180°. */
export type Bbox = readonly [number, number, number, number];

export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export function haversineMeters(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const s =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

// ---- Encoded polyline (lat, lon order on the wire; [lon, lat] in and out here) ----

export function encodePolyline(points: readonly LonLat[], precision = 5): string {
  const factor = 10 ** precision;
  let out = '';
  let lastLat = 0;
  let lastLon = 0;
  for (const [lon, lat] of points) {
    const la = Math.round(lat * factor);
    const lo = Math.round(lon * factor);
    out += encodeSigned(la - lastLat) + encodeSigned(lo - lastLon);
    lastLat = la;
    lastLon = lo;
  }
  return out;
}

function encodeSigned(value: number): string {
  let v = value < 0 ? ~(value * 2) : value * 2;
  let out = '';
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v = Math.floor(v / 32);
  }
  return out + String.fromCharCode(v + 63);
}

/** What is wrong with an encoded polyline, said as a catalogue code (`said`) and in English. */
export class PolylineError extends RangeError {
  readonly said: Said;

  constructor(words: Said) {
    super(english.say(words));
    this.name = 'PolylineError';
    this.said = words;
  }
}

/**
 * A decoding failure as another message's parameter ("not an encoded polyline ({detail})"):
 * said within it, in the same language; any other error as its message.
 */
export function polylineProblem(error: unknown): string {
  if (error instanceof PolylineError) return saidWithin(error.said);
  return error instanceof Error ? error.message : String(error);
}

/** Decodes an encoded polyline; throws a PolylineError naming the problem when it is malformed. */
export function decodePolyline(encoded: string, precision = 5): LonLat[] {
  const factor = 10 ** precision;
  const points: LonLat[] = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      if (index >= encoded.length) throw new PolylineError(said('polyline.problem.endsInNumber'));
      const b = encoded.charCodeAt(index++) - 63;
      if (b < 0 || b > 63) {
        throw new PolylineError(said('polyline.problem.badCharacter', { index }));
      }
      result += (b & 0x1f) * shift;
      shift *= 32;
      if (b < 0x20) break;
      if (shift > 2 ** 40) throw new PolylineError(said('polyline.problem.numberTooLong'));
    }
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2;
  };
  while (index < encoded.length) {
    lat += next();
    if (index >= encoded.length) throw new PolylineError(said('polyline.problem.noLongitude'));
    lon += next();
    points.push([lon / factor, lat / factor]);
  }
  return points;
}

// ---- Bounding boxes ----

export function bboxOf(points: readonly LonLat[]): Bbox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/** Splits a bbox crossing the antimeridian into boxes that do not. */
export function splitBbox(b: Bbox): Bbox[] {
  return b[0] <= b[2]
    ? [b]
    : [
        [b[0], b[1], 180, b[3]],
        [-180, b[1], b[2], b[3]],
      ];
}

export function bboxContains(b: Bbox, p: LonLat): boolean {
  if (p[1] < b[1] || p[1] > b[3]) return false;
  return b[0] <= b[2] ? p[0] >= b[0] && p[0] <= b[2] : p[0] >= b[0] || p[0] <= b[2];
}

/** Box around a point that contains the whole circle (clamped to the world). */
export function circleBbox(center: LonLat, radiusM: number): Bbox {
  const dLat = radiusM / EARTH_RADIUS_M / RAD;
  const minLat = Math.max(-90, center[1] - dLat);
  const maxLat = Math.min(90, center[1] + dLat);
  const cos = Math.cos(Math.max(Math.abs(minLat), Math.abs(maxLat)) * RAD);
  const dLon = cos < 1e-9 ? 360 : dLat / cos;
  if (dLon >= 180) return [-180, minLat, 180, maxLat];
  return [wrapLon(center[0] - dLon), minLat, wrapLon(center[0] + dLon), maxLat];
}

/** A bbox grown by `meters` on every side. */
export function expandBbox(b: Bbox, meters: number): Bbox {
  const lo = circleBbox([b[0], b[1]], meters);
  const hi = circleBbox([b[2], b[3]], meters);
  if (lo[0] === -180 && lo[2] === 180) return [-180, lo[1], 180, hi[3]];
  return [lo[0], lo[1], hi[2], hi[3]];
}

function wrapLon(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

// ---- Planar helpers on a local projection (kilometres would do; we keep meters) ----

type XY = [number, number];
const M_PER_DEG = EARTH_RADIUS_M * RAD;

function project(p: LonLat, origin: LonLat, cosLat: number): XY {
  let dLon = p[0] - origin[0];
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  return [dLon * cosLat * M_PER_DEG, (p[1] - origin[1]) * M_PER_DEG];
}

function pointSegmentXY(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

function cross(o: XY, a: XY, b: XY): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function segmentsIntersectXY(a: XY, b: XY, c: XY, d: XY): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  const on = (p: XY, q: XY, r: XY): boolean =>
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1]);
  return (
    (d1 === 0 && on(c, d, a)) ||
    (d2 === 0 && on(c, d, b)) ||
    (d3 === 0 && on(a, b, c)) ||
    (d4 === 0 && on(a, b, d))
  );
}

/** Shortest distance in meters from a point to the segment a-b. */
export function pointSegmentMeters(p: LonLat, a: LonLat, b: LonLat): number {
  const cos = Math.cos(p[1] * RAD);
  return pointSegmentXY([0, 0], project(a, p, cos), project(b, p, cos));
}

/** Shortest distance in meters from a point to a polyline (a single point counts too). */
export function pointPolylineMeters(p: LonLat, line: readonly LonLat[]): number {
  if (line.length === 1) return haversineMeters(p, line[0]!);
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const d = pointSegmentMeters(p, line[i - 1]!, line[i]!);
    if (d < best) best = d;
  }
  return best;
}

/** Shortest distance in meters between two segments (0 when they cross). */
export function segmentSegmentMeters(a: LonLat, b: LonLat, c: LonLat, d: LonLat): number {
  const origin: LonLat = [a[0], (a[1] + b[1] + c[1] + d[1]) / 4];
  const cos = Math.cos(origin[1] * RAD);
  const [pa, pb, pc, pd] = [a, b, c, d].map((p) => project(p, origin, cos)) as [XY, XY, XY, XY];
  if (segmentsIntersectXY(pa, pb, pc, pd)) return 0;
  return Math.min(
    pointSegmentXY(pa, pc, pd),
    pointSegmentXY(pb, pc, pd),
    pointSegmentXY(pc, pa, pb),
    pointSegmentXY(pd, pa, pb),
  );
}

// ---- Polygons (a ring of [lon, lat]; closed or not, both work) ----

/** Even-odd ray casting; points on an edge may fall either way. */
export function pointInPolygon(p: LonLat, ring: readonly LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

function edges(ring: readonly LonLat[]): [LonLat, LonLat][] {
  const out: [LonLat, LonLat][] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    if (a[0] !== b[0] || a[1] !== b[1]) out.push([a, b]);
  }
  return out;
}

export function bboxRing(b: Bbox): LonLat[] {
  return [
    [b[0], b[1]],
    [b[2], b[1]],
    [b[2], b[3]],
    [b[0], b[3]],
    [b[0], b[1]],
  ];
}

/** True when two polygons share any point (overlap, touch, or one contains the other). */
export function polygonsIntersect(a: readonly LonLat[], b: readonly LonLat[]): boolean {
  if (!bboxesOverlap(bboxOf(a), bboxOf(b))) return false;
  if (a.some((p) => pointInPolygon(p, b)) || b.some((p) => pointInPolygon(p, a))) return true;
  const eb = edges(b);
  for (const [p, q] of edges(a)) {
    for (const [r, s] of eb) if (segmentSegmentMeters(p, q, r, s) === 0) return true;
  }
  return false;
}

export function polygonIntersectsBbox(ring: readonly LonLat[], b: Bbox): boolean {
  return splitBbox(b).some((box) => polygonsIntersect(ring, bboxRing(box)));
}

export function polygonIntersectsCircle(
  ring: readonly LonLat[],
  center: LonLat,
  radiusM: number,
): boolean {
  if (pointInPolygon(center, ring)) return true;
  return edges(ring).some(([a, b]) => pointSegmentMeters(center, a, b) <= radiusM);
}

export function polygonIntersectsPolylineBuffer(
  ring: readonly LonLat[],
  line: readonly LonLat[],
  radiusM: number,
): boolean {
  if (line.some((p) => pointInPolygon(p, ring))) return true;
  const ringEdges = edges(ring);
  if (line.length === 1)
    return ringEdges.some(([a, b]) => pointSegmentMeters(line[0]!, a, b) <= radiusM);
  for (let i = 1; i < line.length; i++) {
    for (const [a, b] of ringEdges) {
      if (segmentSegmentMeters(line[i - 1]!, line[i]!, a, b) <= radiusM) return true;
    }
  }
  return false;
}

export function bboxesOverlap(a: Bbox, b: Bbox): boolean {
  return splitBbox(a).some((x) =>
    splitBbox(b).some((y) => x[0] <= y[2] && y[0] <= x[2] && x[1] <= y[3] && y[1] <= x[3]),
  );
}
