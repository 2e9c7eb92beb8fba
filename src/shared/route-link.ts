/**
 * A route carried whole in a link, so another user's Roadcam opens it without any saved data:
 * `roadcam://route?name=I-70%20west&line=<encoded polyline>&buffer=2` (buffer in km). The line
 * travels in the query (a path segment allows only [\w.:-]); its length is bounded, and a link
 * that is not a route is refused in words. Pure: main (deep-link.ts), renderer and CLI share it.
 */
import { decodePolyline, encodePolyline, type LonLat } from './geo.ts';
import { MAX_ROUTE_POINTS, thinLine } from './route-file.ts';

/** Characters of the encoded line a link carries at most (about 2,000 points of a road). */
export const MAX_LINK_LINE_CHARS = 16_000;
export const MIN_BUFFER_KM = 0.1;
export const MAX_BUFFER_KM = 50;
export const DEFAULT_BUFFER_KM = 1;

export interface SharedRoute {
  name: string;
  line: LonLat[];
  bufferKm: number;
}

/** The route's part of a link: `route?name=...&line=...&buffer=...`, line thinned to fit. */
export function routeLinkQuery(route: SharedRoute): string {
  let line = route.line;
  let encoded = encodePolyline(line);
  // A link too long for the bound carries a thinner line, rather than no link at all.
  while (encoded.length > MAX_LINK_LINE_CHARS && line.length > 2) {
    line = thinLine(line, Math.max(2, Math.floor(line.length * 0.8)));
    encoded = encodePolyline(line);
  }
  const query = new URLSearchParams({
    name: route.name,
    line: encoded,
    buffer: String(Number(route.bufferKm.toFixed(3))),
  });
  return `route?${query.toString()}`;
}

export function routeLink(route: SharedRoute): string {
  return `roadcam://${routeLinkQuery(route)}`;
}

export type ParsedRouteLink = { ok: true; route: SharedRoute } | { ok: false; error: string };

/** Reads a route link's query (already split into its parameters); says what is wrong. */
export function parseRouteQuery(query: Readonly<Record<string, string>>): ParsedRouteLink {
  const wrong = (why: string): ParsedRouteLink => ({
    ok: false,
    error: `This route link cannot be opened: ${why} Ask for a new link.`,
  });
  if (query.refused === 'too-long') {
    return wrong(`it is longer than ${MAX_LINK_LINE_CHARS.toLocaleString('en-US')} characters.`);
  }
  const encoded = query.line ?? '';
  if (encoded === '') return wrong('it carries no line (its "line" is missing).');
  if (encoded.length > MAX_LINK_LINE_CHARS) {
    return wrong(
      `its line is longer than ${MAX_LINK_LINE_CHARS.toLocaleString('en-US')} characters.`,
    );
  }
  let line: LonLat[];
  try {
    line = decodePolyline(encoded);
  } catch (error) {
    return wrong(`its line is not an encoded polyline (${(error as Error).message}).`);
  }
  if (line.length < 2) return wrong('its line has fewer than two points.');
  if (line.length > MAX_ROUTE_POINTS)
    return wrong(`its line has more than ${MAX_ROUTE_POINTS} points.`);
  if (line.some(([lon, lat]) => Math.abs(lon) > 180 || Math.abs(lat) > 90)) {
    return wrong('its line has a point outside the world.');
  }
  const bufferKm = query.buffer === undefined ? DEFAULT_BUFFER_KM : Number(query.buffer);
  if (!(bufferKm >= MIN_BUFFER_KM && bufferKm <= MAX_BUFFER_KM)) {
    return wrong(`its buffer is not a distance from ${MIN_BUFFER_KM} to ${MAX_BUFFER_KM} km.`);
  }
  const name = (query.name ?? '').trim().slice(0, 100) || 'Shared route';
  return { ok: true, route: { name, line, bufferKm } };
}
