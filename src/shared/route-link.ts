/**
 * A route carried whole in a link, so another user's Roadcam opens it without any saved data:
 * `roadcam://route?name=I-70%20west&line=<encoded polyline>&buffer=2` (buffer in km). The line
 * travels in the query (a path segment allows only [\w.:-]); its length is bounded, and a link
 * that is not a route is refused in words. Pure: main (deep-link.ts), renderer and CLI share it.
 */
import { decodePolyline, encodePolyline, polylineProblem, type LonLat } from './geo.ts';
import { english } from './i18n/english.ts';
import { said, type Said } from './i18n/translator.ts';
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

/** `error` in English (for logs); `said`, to say it in the user's language. */
export type ParsedRouteLink =
  { ok: true; route: SharedRoute } | { ok: false; error: string; said: Said };

/**
 * Reads a route link's query (already split into its parameters); says what is wrong. A link
 * without a name is called `unnamed` (the front end's words for a shared route).
 */
export function parseRouteQuery(
  query: Readonly<Record<string, string>>,
  unnamed = english.t('route.link.unnamed'),
): ParsedRouteLink {
  const wrong = (why: Said): ParsedRouteLink => ({ ok: false, error: english.say(why), said: why });
  const max = MAX_LINK_LINE_CHARS;
  if (query.refused === 'too-long') return wrong(said('route.link.tooLong', { max }));
  const encoded = query.line ?? '';
  if (encoded === '') return wrong(said('route.link.noLine'));
  if (encoded.length > max) return wrong(said('route.link.lineTooLong', { max }));
  let line: LonLat[];
  try {
    line = decodePolyline(encoded);
  } catch (error) {
    return wrong(said('route.link.notPolyline', { detail: polylineProblem(error) }));
  }
  if (line.length < 2) return wrong(said('route.link.tooFewPoints'));
  if (line.length > MAX_ROUTE_POINTS) {
    return wrong(said('route.link.tooManyPoints', { max: MAX_ROUTE_POINTS }));
  }
  if (line.some(([lon, lat]) => Math.abs(lon) > 180 || Math.abs(lat) > 90)) {
    return wrong(said('route.link.outsideWorld'));
  }
  const bufferKm = query.buffer === undefined ? DEFAULT_BUFFER_KM : Number(query.buffer);
  if (!(bufferKm >= MIN_BUFFER_KM && bufferKm <= MAX_BUFFER_KM)) {
    return wrong(said('route.link.badBuffer', { min: MIN_BUFFER_KM, max: MAX_BUFFER_KM }));
  }
  const name = (query.name ?? '').trim().slice(0, 100) || unnamed;
  return { ok: true, route: { name, line, bufferKm } };
}
