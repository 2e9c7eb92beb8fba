/**
 * A route from a file a routing app exported: GPX (a track's trkpt, else a route's rtept) or
 * GeoJSON (a LineString or MultiLineString, bare, in a Feature or the first one in a
 * FeatureCollection). Liberal in the shapes it reads, bounded in what it takes: a file over
 * MAX_ROUTE_FILE_BYTES or MAX_FILE_POINTS is refused in words, and a long track is thinned to
 * MAX_ROUTE_POINTS (what a saved route and the service's polyline search carry).
 */
import type { LonLat } from './geo.ts';
import { english } from './i18n/english.ts';
import { said, type Said } from './i18n/translator.ts';

export const MAX_ROUTE_FILE_BYTES = 5 * 1024 * 1024;
/** Points read from a file at most (a day's GPS log at one point a second is 86,400). */
export const MAX_FILE_POINTS = 200_000;
/** Points a route keeps: a longer line is thinned, keeping its first and last point. */
export const MAX_ROUTE_POINTS = 2000;

/**
 * Arrays and objects inside each other at most: a GeoJSON route needs about 7. Checked on the
 * text before parsing, as JSON.parse (and reading what it made) would overflow the stack on a
 * file of 100,000 nested brackets.
 */
export const MAX_JSON_DEPTH = 64;

export type RouteFileResult =
  | { ok: true; line: LonLat[]; name: string | null; thinnedFrom: number | null }
  /** `error` in English (for logs); `said`, to say it in the user's language. */
  | { ok: false; error: string; said: Said };

/** Reads a route file's text; `fileName` names it in a message. */
export function parseRouteFile(fileName: string, text: string, bytes: number): RouteFileResult {
  if (bytes > MAX_ROUTE_FILE_BYTES) {
    const size = bytes / 1024 / 1024;
    const max = MAX_ROUTE_FILE_BYTES / 1024 / 1024;
    return refuse(said('route.file.tooBig', { file: fileName, size, max }));
  }
  const start = text.trimStart().replace(/^\uFEFF/, '');
  const read = start.startsWith('<') ? readGpx(start, fileName) : readGeoJson(start, fileName);
  if ('refused' in read) return refuse(read.refused);
  return finish(fileName, read.points, read.name);
}

function refuse(refused: Said): RouteFileResult {
  return { ok: false, error: english.say(refused), said: refused };
}

type Read = { points: LonLat[]; name: string | null } | { refused: Said };

function readGpx(text: string, file: string): Read {
  if (!/<gpx[\s>]/i.test(text)) return { refused: said('route.file.notGpx', { file }) };
  for (const tag of ['trkpt', 'rtept']) {
    const points: LonLat[] = [];
    for (const attributes of tagsOf(text, tag)) {
      if (points.length >= MAX_FILE_POINTS) return tooManyPoints(file);
      const lat = number(attributes.get('lat'));
      const lon = number(attributes.get('lon'));
      if (lat === null || lon === null) {
        return { refused: said('route.file.pointNotNumber', { file, tag }) };
      }
      points.push([lon, lat]);
    }
    if (points.length > 0) {
      const name = /<name>([^<]{1,200})<\/name>/i.exec(text)?.[1]?.trim() ?? null;
      return { points, name: name || null };
    }
  }
  return { refused: said('route.file.noGpxPoints', { file }) };
}

/**
 * The attributes of each `<tag ...>` in `text`, in one pass whatever the text holds: every
 * search goes forward from where the last one ended (a regular expression that looks for the
 * `>` from each `<trkpt` again would take quadratic time on a file of `<trkpt` without one).
 */
function* tagsOf(text: string, tag: string): Generator<Map<string, string>> {
  const start = new RegExp(`<${tag}(?=[\\s/>])`, 'gi');
  for (let found = start.exec(text); found; found = start.exec(text)) {
    const from = found.index + found[0].length;
    const end = text.indexOf('>', from);
    // No `>` after this one: none after the ones further on either.
    if (end < 0) return;
    yield attributesOf(text, from, end);
    start.lastIndex = end + 1;
  }
}

/**
 * `name="value"` and `name='value'` pairs between `from` and `end`, read left to right once:
 * every step moves forward, so a soup of names, `=` and quotes costs its length.
 */
function attributesOf(text: string, from: number, end: number): Map<string, string> {
  const attributes = new Map<string, string>();
  let at = from;
  while (at < end) {
    const nameStart = at;
    while (at < end && NAME_CHAR.test(text[at]!)) at++;
    if (at === nameStart) {
      at++;
      continue;
    }
    const name = text.slice(nameStart, at).toLowerCase();
    at = skipSpace(text, at, end);
    if (text[at] !== '=') continue;
    at = skipSpace(text, at + 1, end);
    const quote = text[at];
    if (at >= end || (quote !== '"' && quote !== "'")) continue;
    const close = text.indexOf(quote, at + 1);
    if (close < 0 || close > end) break;
    if (!attributes.has(name)) attributes.set(name, text.slice(at + 1, close));
    at = close + 1;
  }
  return attributes;
}

const NAME_CHAR = /[\w:.-]/;

function skipSpace(text: string, from: number, end: number): number {
  let at = from;
  while (at < end && /\s/.test(text[at]!)) at++;
  return at;
}

function number(value: string | undefined): number | null {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
}

function tooManyPoints(file: string): Read {
  return { refused: said('route.file.tooManyPoints', { file, max: MAX_FILE_POINTS }) };
}

function readGeoJson(text: string, file: string): Read {
  if (deeperThan(text, MAX_JSON_DEPTH)) {
    return { refused: said('route.file.tooDeep', { file, max: MAX_JSON_DEPTH }) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: said('route.file.notJson', { file }) };
  }
  const found = lineIn(value);
  if (!found) return { refused: said('route.file.noLineString', { file }) };
  const points: LonLat[] = [];
  for (const part of found.parts) {
    if (!Array.isArray(part)) return { refused: said('route.file.noCoordinates', { file }) };
    for (const position of part as unknown[]) {
      if (points.length >= MAX_FILE_POINTS) return tooManyPoints(file);
      if (
        !Array.isArray(position) ||
        typeof position[0] !== 'number' ||
        typeof position[1] !== 'number'
      ) {
        return { refused: said('route.file.badCoordinate', { file }) };
      }
      points.push([position[0], position[1]]);
    }
  }
  return { points, name: found.name };
}

/** Whether brackets and braces outside strings nest deeper than `limit`, in one pass. */
function deeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (inString) {
      if (c === BACKSLASH) at++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d;

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
    const [lon, lat] = bad;
    return refuse(said('route.file.outsideWorld', { file: fileName, lon, lat }));
  }
  const line = points.filter(
    (p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1],
  );
  if (line.length < 2) return refuse(said('route.file.tooFewPoints', { file: fileName }));
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
