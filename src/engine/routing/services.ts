/**
 * The three routing services a user may choose, each in its own documented dialect: how the
 * question is asked (points in, a driving route wanted) and how the answer is read (its encoded
 * line, or its own shape of "no route"). OSRM and Valhalla encode with 6 digits; GraphHopper
 * with 5 unless its answer names another multiplier.
 */
import { decodePolyline, type LonLat } from '../../shared/geo.ts';
import type { RoutingService } from '../../shared/settings.ts';
import type { FetchInit } from '../net/network.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';

export type RouterKind = Exclude<RoutingService, 'none'>;

export const ROUTER_NAMES: Record<RouterKind, string> = {
  osrm: 'OSRM',
  valhalla: 'Valhalla',
  graphhopper: 'GraphHopper',
};

/** The routing service's refusal or broken answer; `said` for the user's language. */
export class RoutingError extends Error {
  readonly said: Said;

  constructor(words: Said) {
    super(english.say(words));
    this.name = 'RoutingError';
    this.said = words;
  }
}

export interface RouteAsk {
  url: string;
  init: FetchInit;
}

/** The request for a driving route through `points` (2 to a few: start, stops, end). */
export function routeAsk(
  kind: RouterKind,
  base: string,
  points: readonly LonLat[],
  key: string | null,
): RouteAsk {
  const root = base.replace(/\/+$/, '');
  if (kind === 'osrm') {
    const where = points.map(([lon, lat]) => `${lon},${lat}`).join(';');
    return {
      url: `${root}/route/v1/driving/${where}?overview=full&geometries=polyline6`,
      init: { method: 'GET' },
    };
  }
  if (kind === 'valhalla') {
    const locations = points.map(([lon, lat]) => ({ lon, lat }));
    return {
      url: `${root}/route`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locations, costing: 'auto', directions_type: 'none' }),
      },
    };
  }
  const query = new URLSearchParams(
    points.map(([lon, lat]): [string, string] => ['point', `${lat},${lon}`]),
  );
  query.set('profile', 'car');
  query.set('points_encoded', 'true');
  query.set('instructions', 'false');
  if (key) query.set('key', key);
  return { url: `${root}/route?${query}`, init: { method: 'GET' } };
}

type Json = Record<string, unknown>;

/** The route's line from the service's answer; its refusal (or a broken answer) as RoutingError. */
export function routeLine(kind: RouterKind, status: number, body: unknown): LonLat[] {
  const name = ROUTER_NAMES[kind];
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Json;
  if (kind === 'graphhopper' && (status === 401 || status === 403)) {
    throw new RoutingError(said('routing.refused.apiKey', { name, status: String(status) }));
  }
  const refusal = refusalOf(kind, status, answer);
  if (refusal !== null) throw new RoutingError(refusal);
  const encoded = encodedLines(kind, answer);
  if (encoded === null) {
    throw new RoutingError(said('routing.refused.noLine', { name }));
  }
  const line: LonLat[] = [];
  try {
    for (const { text, precision } of encoded) {
      const part = decodePolyline(text, precision);
      line.push(...(line.length > 0 ? part.slice(1) : part));
    }
  } catch {
    throw new RoutingError(said('routing.refused.noDecode', { name }));
  }
  if (line.length < 2) throw new RoutingError(said('routing.refused.onePoint', { name }));
  return line;
}

/** The service's own words for "no route" and other refusals, inside ours; null for a route. */
function refusalOf(kind: RouterKind, status: number, answer: Json): Said | null {
  const name = ROUTER_NAMES[kind];
  const quoted = (text: unknown) => (typeof text === 'string' ? text.slice(0, 200) : null);
  const noRoute = (words: string) => said('routing.refused.noRoute', { name, words });
  const refused = (words: string) => said('routing.refused.route', { name, words });
  if (kind === 'osrm') {
    if (answer.code === 'Ok' && status < 400) return null;
    const words = quoted(answer.message) ?? `HTTP ${status}`;
    if (answer.code === 'NoRoute' || answer.code === 'NoSegment') return noRoute(words);
    const code = quoted(answer.code) ?? saidWithin(said('routing.refused.noCode'));
    return said('routing.refused.routeCode', { name, code, words });
  }
  if (kind === 'valhalla') {
    if (status < 400 && answer.trip !== undefined) return null;
    const words = quoted(answer.error) ?? `HTTP ${status}`;
    // 442: no path; 171: no suitable edges near a location (Valhalla's error codes).
    if (answer.error_code === 442 || answer.error_code === 171) return noRoute(words);
    return refused(words);
  }
  if (status < 400 && Array.isArray(answer.paths)) return null;
  const words = quoted(answer.message) ?? `HTTP ${status}`;
  if (/not found|cannot find/i.test(words)) return noRoute(words);
  return refused(words);
}

function encodedLines(
  kind: RouterKind,
  answer: Json,
): { text: string; precision: number }[] | null {
  const first = (list: unknown) =>
    Array.isArray(list) ? (list[0] as Json | undefined) : undefined;
  if (kind === 'osrm') {
    const geometry = first(answer.routes)?.geometry;
    return typeof geometry === 'string' ? [{ text: geometry, precision: 6 }] : null;
  }
  if (kind === 'valhalla') {
    const legs = (answer.trip as Json | undefined)?.legs;
    if (!Array.isArray(legs) || legs.length === 0) return null;
    const shapes = legs.map((leg) => (leg as Json | null)?.shape);
    if (!shapes.every((s) => typeof s === 'string')) return null;
    return shapes.map((text) => ({ text: text as string, precision: 6 }));
  }
  const path = first(answer.paths);
  if (typeof path?.points !== 'string') return null;
  const multiplier = path.points_encoded_multiplier;
  const precision = typeof multiplier === 'number' ? Math.round(Math.log10(multiplier)) : 5;
  if (precision < 1 || precision > 7) return null;
  return [{ text: path.points, precision }];
}
