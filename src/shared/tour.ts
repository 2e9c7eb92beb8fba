/**
 * A wall tour as a value: where its cameras come from, how long each stays, and whether one tile
 * or the whole page changes. Read from a link's query (`roadcam://wall?tour=favourites&dwell=20`),
 * written back into one, and kept in the settings as the last tour. Pure: the renderer, the main
 * process's `--kiosk` start and the settings all read it from here.
 */
import { z } from 'zod';

export const MIN_DWELL_S = 5;
export const MAX_DWELL_S = 600;
export const DEFAULT_DWELL_S = 20;
/** The most cameras one tour goes through (a search or a collection may name many more). */
export const MAX_TOUR_CAMERAS = 200;
export const TOUR_MODES = ['tile', 'page'] as const;
export type TourMode = (typeof TOUR_MODES)[number];

export type TourSource =
  | { kind: 'favourites' }
  | { kind: 'cameras'; ids: string[] }
  | { kind: 'collection'; id: string }
  | { kind: 'search'; q: string }
  /** The cameras in a box: west, south, east, north in degrees. */
  | { kind: 'area'; bbox: [number, number, number, number] }
  | { kind: 'route'; name: string };

export interface Tour {
  source: TourSource;
  dwellSeconds: number;
  mode: TourMode;
}

const idPattern = /^[\w.:-]{1,200}$/;

const sourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('favourites') }).strict(),
  z
    .object({
      kind: z.literal('cameras'),
      ids: z.array(z.string().regex(idPattern)).min(1).max(MAX_TOUR_CAMERAS),
    })
    .strict(),
  z.object({ kind: z.literal('collection'), id: z.string().regex(idPattern) }).strict(),
  z.object({ kind: z.literal('search'), q: z.string().trim().min(2).max(200) }).strict(),
  z
    .object({
      kind: z.literal('area'),
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).refine(boxIsValid),
    })
    .strict(),
  z.object({ kind: z.literal('route'), name: z.string().trim().min(1).max(200) }).strict(),
]);

/** The last tour, as the settings keep it. */
export const tourSchema = z
  .object({
    source: sourceSchema,
    dwellSeconds: z.number().int().min(MIN_DWELL_S).max(MAX_DWELL_S),
    mode: z.enum(TOUR_MODES),
  })
  .strict();

export type TourRead = { ok: true; tour: Tour } | { ok: false; problems: string[] };

/**
 * Reads `tour=...&dwell=N&mode=tile|page` from a route's query. Links come from outside the app:
 * every problem is named in words, and a link with any problem starts no tour.
 */
export function readTourQuery(query: Record<string, string | undefined>): TourRead {
  const problems: string[] = [];
  const source = readSource(query['tour'] ?? '', problems);
  const dwellSeconds = readDwell(query['dwell'], problems);
  const mode = query['mode'] ?? 'tile';
  if (!(TOUR_MODES as readonly string[]).includes(mode)) {
    problems.push(
      `mode must be "tile" (one tile changes) or "page" (the whole wall), not "${clip(mode)}".`,
    );
  }
  if (problems.length > 0 || !source) return { ok: false, problems };
  return { ok: true, tour: { source, dwellSeconds, mode: mode as TourMode } };
}

function readSource(text: string, problems: string[]): TourSource | null {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const value = colon < 0 ? '' : text.slice(colon + 1).trim();
  switch (kind) {
    case 'favourites':
      return { kind: 'favourites' };
    case 'cameras': {
      const ids = [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean);
      const bad = ids.filter((id) => !idPattern.test(id));
      if (ids.length === 0) problems.push('tour=cameras: names no camera: give cameras:ID,ID,...');
      else if (bad.length > 0)
        problems.push(
          `tour=cameras: has ids that are not camera ids: ${bad.map(clip).join(', ')}.`,
        );
      else if (ids.length > MAX_TOUR_CAMERAS)
        problems.push(
          `tour=cameras: names ${ids.length} cameras; a tour goes through at most ${MAX_TOUR_CAMERAS}.`,
        );
      else return { kind: 'cameras', ids };
      return null;
    }
    case 'collection':
      if (idPattern.test(value)) return { kind: 'collection', id: value };
      problems.push('tour=collection: needs a collection id (letters, digits and . : _ -).');
      return null;
    case 'search':
      if (value.length >= 2 && value.length <= 200) return { kind: 'search', q: value };
      problems.push('tour=search: needs words to search for (2 to 200 characters).');
      return null;
    case 'area': {
      const bbox = value
        .split(',')
        .map((n) => (/^-?\d+(\.\d+)?$/.test(n.trim()) ? Number(n) : NaN));
      if (bbox.length === 4 && boxIsValid(bbox)) {
        return { kind: 'area', bbox: bbox as [number, number, number, number] };
      }
      problems.push(
        'tour=area: needs west,south,east,north in degrees, west of east and south of north (area:-105.1,39.6,-104.8,39.9).',
      );
      return null;
    }
    case 'route':
      if (value.length >= 1 && value.length <= 200) return { kind: 'route', name: value };
      problems.push('tour=route: needs the name of a saved route.');
      return null;
    default:
      problems.push(
        text === ''
          ? 'tour is empty: give favourites, cameras:ID,ID, collection:ID, search:WORDS, area:W,S,E,N or route:NAME.'
          : `tour "${clip(text)}" is not a source: give favourites, cameras:ID,ID, collection:ID, search:WORDS, area:W,S,E,N or route:NAME.`,
      );
      return null;
  }
}

function boxIsValid(b: number[]): boolean {
  const [w, s, e, n] = b as [number, number, number, number];
  return w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n;
}

function readDwell(text: string | undefined, problems: string[]): number {
  if (text === undefined) return DEFAULT_DWELL_S;
  const n = Number(text);
  if (/^\d+$/.test(text) && n >= MIN_DWELL_S && n <= MAX_DWELL_S) return n;
  problems.push(
    `dwell must be whole seconds from ${MIN_DWELL_S} to ${MAX_DWELL_S}, not "${clip(text)}".`,
  );
  return DEFAULT_DWELL_S;
}

/** A link's value, shortened and without control characters, to quote it in a message. */
function clip(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/** The `tour=` value of a source, as links spell it. */
export function sourceText(source: TourSource): string {
  switch (source.kind) {
    case 'favourites':
      return 'favourites';
    case 'cameras':
      return `cameras:${source.ids.join(',')}`;
    case 'collection':
      return `collection:${source.id}`;
    case 'search':
      return `search:${source.q}`;
    case 'area':
      return `area:${source.bbox.join(',')}`;
    case 'route':
      return `route:${source.name}`;
  }
}

/** The query that starts this tour: `tour=...&dwell=N&mode=...`. */
export function tourQuery(tour: Tour): string {
  const tourValue = encodeURIComponent(sourceText(tour.source))
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',');
  return `tour=${tourValue}&dwell=${tour.dwellSeconds}&mode=${tour.mode}`;
}

/** The source in words, for the tour bar ("favourites", "collection Storm 3"). */
export function sourceWords(source: TourSource): string {
  switch (source.kind) {
    case 'favourites':
      return 'the favourites';
    case 'cameras':
      return `${source.ids.length} chosen ${source.ids.length === 1 ? 'camera' : 'cameras'}`;
    case 'collection':
      return `collection ${source.id}`;
    case 'search':
      return `the search “${source.q}”`;
    case 'area':
      return 'the cameras in an area';
    case 'route':
      return `route ${source.name}`;
  }
}
