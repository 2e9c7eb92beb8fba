/**
 * The spatial parameters shared by every GeoJSON search (interface 2.1): bbox, polygon,
 * lat/lon/radius and polyline with its precision and buffer. Given together they all apply.
 * Points (cameras, and observations and recordings by their camera) must lie inside; alerts
 * match when their polygon intersects the area.
 */
import { DEFAULT_POLYLINE_RADIUS_KM, DEFAULT_RADIUS_M } from '../../shared/api/index.ts';
import {
  bboxContains,
  bboxesOverlap,
  bboxOf,
  circleBbox,
  expandBbox,
  haversineMeters,
  pointInPolygon,
  pointPolylineMeters,
  polygonIntersectsBbox,
  polygonIntersectsCircle,
  polygonIntersectsPolylineBuffer,
  polygonsIntersect,
  decodePolyline,
  type Bbox,
  type LonLat,
} from '../../shared/geo.ts';
import { invalidParameter, unprocessable } from '../http/errors.ts';
import { clip, parseNumber, type ParamReader } from './reader.ts';

export interface Circle {
  center: LonLat;
  radiusM: number;
}

export interface SpatialFilter {
  bbox?: Bbox;
  polygon?: LonLat[];
  circle?: Circle;
  polyline?: { points: LonLat[]; radiusM: number };
  /** lat/lon when given: the point of sort=distance */
  point?: LonLat;
}

const MAX_POLYGON_POINTS = 10_000;
const MAX_RADIUS_M = 5_000_000;

export function parseSpatial(r: ParamReader): SpatialFilter {
  const f: SpatialFilter = {};
  const bboxValues = r.commaList('bbox');
  if (bboxValues) f.bbox = parseBbox(bboxValues);
  if (r.has('polygon')) f.polygon = parsePolygon(r);
  const lat = r.number('lat', { min: -90, max: 90 });
  const lon = r.number('lon', { min: -180, max: 180 });
  if ((lat === undefined) !== (lon === undefined)) {
    const missing = lat === undefined ? 'lat' : 'lon';
    throw invalidParameter(missing, 'lat and lon go together: give both, or neither.');
  }
  const radius = r.string('radius');
  if (lat !== undefined && lon !== undefined) {
    f.point = [lon, lat];
    f.circle = {
      center: [lon, lat],
      radiusM: radius === undefined ? DEFAULT_RADIUS_M : parseRadius(radius),
    };
  } else if (radius !== undefined) {
    throw invalidParameter('radius', 'radius needs lat and lon.');
  }
  const polyline = r.string('polyline');
  const precision = r.int('polyline_precision');
  if (precision !== undefined && precision !== 5 && precision !== 6) {
    throw invalidParameter('polyline_precision', 'polyline_precision must be 5 or 6.');
  }
  const bufferKm = r.number('polyline_radius', { min: 0, max: MAX_RADIUS_M / 1000 });
  if (polyline !== undefined) {
    let points: LonLat[];
    try {
      points = decodePolyline(polyline, precision ?? 5);
    } catch (e) {
      throw invalidParameter(
        'polyline',
        `polyline is not a valid encoded polyline: ${(e as Error).message}.`,
      );
    }
    if (points.length === 0) throw invalidParameter('polyline', 'polyline has no points.');
    if (points.some(([x, y]) => Math.abs(x) > 180 || Math.abs(y) > 90)) {
      throw invalidParameter(
        'polyline',
        `polyline decodes to coordinates outside the world; is polyline_precision ${precision ?? 5} right?`,
      );
    }
    f.polyline = { points, radiusM: (bufferKm ?? DEFAULT_POLYLINE_RADIUS_KM) * 1000 };
  } else if (precision !== undefined || bufferKm !== undefined) {
    throw invalidParameter(
      precision !== undefined ? 'polyline_precision' : 'polyline_radius',
      'polyline_precision and polyline_radius need a polyline.',
    );
  }
  return f;
}

function parseBbox(values: string[]): Bbox {
  const message = 'bbox needs four numbers: min lon, min lat, max lon, max lat';
  if (values.length !== 4) throw invalidParameter('bbox', `${message}; got ${values.length}.`);
  const [x0, y0, x1, y1] = values.map((v) => {
    try {
      return parseNumber('bbox', v);
    } catch {
      throw invalidParameter('bbox', `${message}; "${clip(v)}" is not a number.`);
    }
  }) as [number, number, number, number];
  if ([x0, x1].some((x) => x < -180 || x > 180))
    throw invalidParameter('bbox', 'bbox longitudes must be between -180 and 180.');
  if ([y0, y1].some((y) => y < -90 || y > 90))
    throw invalidParameter('bbox', 'bbox latitudes must be between -90 and 90.');
  if (y0 > y1)
    throw unprocessable(
      'bbox',
      'bbox min lat is above max lat (a min lon above max lon is allowed: it crosses 180°).',
    );
  return [x0, y0, x1, y1];
}

function parsePolygon(r: ParamReader): LonLat[] {
  const raw = r.raw('polygon')!;
  const message =
    'polygon needs coordinate pairs "lon lat" separated by commas, at least three distinct points';
  let pairs: string[][];
  if (typeof raw === 'string') {
    pairs = raw.split(',').map((p) => p.trim().split(/\s+/));
  } else if (Array.isArray(raw) && raw.every((p) => Array.isArray(p))) {
    pairs = (raw as unknown[][]).map((p) => p.map((x) => (typeof x === 'string' ? x : '')));
  } else if (Array.isArray(raw) && raw.every((p) => typeof p === 'string')) {
    pairs = (raw as string[]).flatMap((s) => s.split(',')).map((p) => p.trim().split(/\s+/));
  } else {
    throw invalidParameter('polygon', `${message}.`);
  }
  if (pairs.length > MAX_POLYGON_POINTS)
    throw invalidParameter('polygon', `polygon has more than ${MAX_POLYGON_POINTS} points.`);
  const ring: LonLat[] = pairs.map((p) => {
    if (p.length !== 2)
      throw invalidParameter('polygon', `${message}; "${clip(p.join(' '))}" is not a pair.`);
    const lon = Number(p[0]);
    const lat = Number(p[1]);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p[0]!) || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p[1]!)) {
      throw invalidParameter('polygon', `${message}; "${clip(p.join(' '))}" is not two numbers.`);
    }
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
      throw invalidParameter('polygon', `polygon point ${lon} ${lat} is outside the world.`);
    return [lon, lat];
  });
  const first = ring[0];
  const last = ring.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first); // close it
  const distinct = new Set(ring.map((p) => `${p[0]},${p[1]}`));
  if (distinct.size < 3) throw invalidParameter('polygon', `${message}.`);
  return ring;
}

export function parseRadius(text: string): number {
  const m = /^\s*(\d+\.?\d*|\.\d+)\s*(m|km|mi)?\s*$/i.exec(text);
  if (!m)
    throw invalidParameter(
      'radius',
      `radius must be a number of meters, or a number with km or mi (for example 500, 2.5km, 3mi); got "${clip(text)}".`,
    );
  const unit = (m[2] ?? 'm').toLowerCase();
  const meters = Number(m[1]) * (unit === 'km' ? 1000 : unit === 'mi' ? 1609.344 : 1);
  if (meters <= 0) throw invalidParameter('radius', 'radius must be more than 0.');
  if (meters > MAX_RADIUS_M)
    throw invalidParameter('radius', `radius must be at most ${MAX_RADIUS_M / 1000} km.`);
  return meters;
}

export function hasArea(f: SpatialFilter): boolean {
  return Boolean(f.bbox || f.polygon || f.circle || f.polyline);
}

/** Boxes that hold every matching point; their intersection bounds the search. */
export function candidateBoxes(f: SpatialFilter): Bbox[] {
  const boxes: Bbox[] = [];
  if (f.bbox) boxes.push(f.bbox);
  if (f.polygon) boxes.push(bboxOf(f.polygon));
  if (f.circle) boxes.push(circleBbox(f.circle.center, f.circle.radiusM));
  if (f.polyline) boxes.push(expandBbox(bboxOf(f.polyline.points), f.polyline.radiusM));
  return boxes;
}

/** Containment of a point in every area of the filter. */
export function containsPoint(f: SpatialFilter, p: LonLat): boolean {
  if (f.bbox && !bboxContains(f.bbox, p)) return false;
  if (f.polygon && !pointInPolygon(p, f.polygon)) return false;
  if (f.circle && haversineMeters(f.circle.center, p) > f.circle.radiusM) return false;
  if (f.polyline && pointPolylineMeters(p, f.polyline.points) > f.polyline.radiusM) return false;
  return true;
}

/** An alert polygon intersects every area of the filter. */
export function intersectsRing(f: SpatialFilter, ring: LonLat[]): boolean {
  if (f.bbox && !polygonIntersectsBbox(ring, f.bbox)) return false;
  if (f.polygon && !polygonsIntersect(ring, f.polygon)) return false;
  if (f.circle && !polygonIntersectsCircle(ring, f.circle.center, f.circle.radiusM)) return false;
  if (f.polyline && !polygonIntersectsPolylineBuffer(ring, f.polyline.points, f.polyline.radiusM))
    return false;
  return true;
}

export function boxesOverlapAll(boxes: Bbox[], b: Bbox): boolean {
  return boxes.every((x) => bboxesOverlap(x, b));
}
