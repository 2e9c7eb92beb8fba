/**
 * A route from a file a routing app exported: GPX (a track's trkpt, else a route's rtept) or
 * GeoJSON (a LineString or MultiLineString, bare, in a Feature or the first one in a
 * FeatureCollection). Liberal in the shapes it reads, bounded in what it takes: a file over
 * MAX_ROUTE_FILE_BYTES or MAX_FILE_POINTS is refused in words, and a long track is thinned to
 * MAX_ROUTE_POINTS (what a saved route and the service's polyline search carry).
 */
import type { LonLat } from './geo.ts';

export const MAX_ROUTE_FILE_BYTES = 5 * 1024 * 1024;
/** Points read from a file at most (a day's GPS log at one point a second is 86,400). */
export const MAX_FILE_POINTS = 200_000;
/** Points a route keeps: a longer line is thinned, keeping its first and last point. */
export const MAX_ROUTE_POINTS = 2000;

export type RouteFileResult =
  | { ok: true; line: LonLat[]; name: string | null; thinnedFrom: number | null }
  | { ok: false; error: string };

/** Reads a route file's text; `fileName` names it in a message. */
export function parseRouteFile(fileName: string, text: string, bytes: number): RouteFileResult {
  if (bytes > MAX_ROUTE_FILE_BYTES) {
    const mb = (bytes / 1024 / 1024).toFixed(1);
    return fail(
      `${fileName} is ${mb} MB; a route file may be at most ${MAX_ROUTE_FILE_BYTES / 1024 / 1024} MB. Export the route alone, without waypoints or a long GPS log.`,
    );
  }
  const start = text.trimStart().replace(/^\uFEFF/, '');
  const read = start.startsWith('<') ? readGpx(start) : readGeoJson(start);
  if ('error' in read) return fail(`${fileName}: ${read.error}`);
  return finish(fileName, read.points, read.name);
}

function fail(error: string): RouteFileResult {
  return { ok: false, error };
}

type Read = { points: LonLat[]; name: string | null } | { error: string };

function readGpx(text: string): Read {
  if (!/<gpx[\s>]/i.test(text)) {
    return { error: 'this is XML but not GPX (no <gpx> element).' };
  }
  for (const tag of ['trkpt', 'rtept']) {
    const points: LonLat[] = [];
    for (const match of text.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
      if (points.length >= MAX_FILE_POINTS) return tooManyPoints();
      const lat = attribute(match[1]!, 'lat');
      const lon = attribute(match[1]!, 'lon');
      if (lat === null || lon === null) {
        return { error: `a <${tag}> has no number in its lat or lon attribute.` };
      }
      points.push([lon, lat]);
    }
    if (points.length > 0) {
      const name = /<name>([^<]{1,200})<\/name>/i.exec(text)?.[1]?.trim() ?? null;
      return { points, name: name || null };
    }
  }
  return {
    error:
      'the GPX file has no track or route points (no <trkpt> or <rtept>). Export the route as a track from your routing app.',
  };
}

function attribute(attributes: string, name: string): number | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attributes);
  const value = match ? Number(match[1]) : NaN;
  return Number.isFinite(value) ? value : null;
}

function tooManyPoints(): { error: string } {
  return {
    error: `it has more than ${MAX_FILE_POINTS.toLocaleString('en-US')} points. Export the route rather than a GPS log.`,
  };
}

function readGeoJson(text: string): Read {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'this is neither GPX nor valid JSON (GeoJSON).' };
  }
  const found = lineIn(value);
  if (!found) {
    return {
      error: 'the GeoJSON has no LineString (a route is a LineString or MultiLineString).',
    };
  }
  const points: LonLat[] = [];
  for (const part of found.parts) {
    if (!Array.isArray(part)) return { error: 'a LineString has no list of coordinates.' };
    for (const position of part as unknown[]) {
      if (points.length >= MAX_FILE_POINTS) return tooManyPoints();
      if (
        !Array.isArray(position) ||
        typeof position[0] !== 'number' ||
        typeof position[1] !== 'number'
      ) {
        return { error: 'a coordinate is not a [longitude, latitude] pair of numbers.' };
      }
      points.push([position[0], position[1]]);
    }
  }
  return { points, name: found.name };
}

interface Geo {
  type?: unknown;
  coordinates?: unknown;
  geometry?: Geo;
  features?: unknown;
  properties?: { name?: unknown } | null;
}

function lineIn(value: unknown): { parts: unknown[]; name: string | null } | null {
  if (typeof value !== 'object' || value === null) return null;
  const geo = value as Geo;
  if (geo.type === 'FeatureCollection' && Array.isArray(geo.features)) {
    for (const feature of geo.features as unknown[]) {
      const found = lineIn(feature);
      if (found) return found;
    }
    return null;
  }
  if (geo.type === 'Feature' && geo.geometry) {
    const found = lineIn(geo.geometry);
    const name = geo.properties?.name;
    return found && { ...found, name: typeof name === 'string' ? name.slice(0, 100) : null };
  }
  if (!Array.isArray(geo.coordinates)) return null;
  if (geo.type === 'LineString') return { parts: [geo.coordinates], name: null };
  if (geo.type === 'MultiLineString') return { parts: geo.coordinates, name: null };
  return null;
}

function finish(fileName: string, points: LonLat[], name: string | null): RouteFileResult {
  const bad = points.find(([lon, lat]) => Math.abs(lon) > 180 || Math.abs(lat) > 90);
  if (bad) {
    return fail(
      `${fileName}: the point ${bad[0]}, ${bad[1]} is not a longitude and latitude (longitude -180 to 180, latitude -90 to 90).`,
    );
  }
  const line = points.filter(
    (p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1],
  );
  if (line.length < 2) return fail(`${fileName}: a route needs at least two different points.`);
  const thinned = thinLine(line, MAX_ROUTE_POINTS);
  return {
    ok: true,
    line: thinned,
    name,
    thinnedFrom: thinned.length < line.length ? line.length : null,
  };
}

/** At most `max` points, evenly picked, the first and the last always kept. */
export function thinLine(line: readonly LonLat[], max: number): LonLat[] {
  if (line.length <= max) return [...line];
  const step = (line.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => line[Math.round(i * step)]!);
}
