/**
 * A wall tour as a value: where its cameras come from, how long each stays, and whether one tile
 * or the whole page changes. Read from a link's query (`roadcam://wall?tour=favourites&dwell=20`),
 * written back into one, and kept in the settings as the last tour. Pure: the renderer, the main
 * process's `--kiosk` start and the settings all read it from here.
 */
import { z } from 'zod';
import { said, type Said, type Translator } from './i18n/translator.ts';

export const MIN_DWELL_S = 5;
export const MAX_DWELL_S = 600;
export const DEFAULT_DWELL_S = 20;
/** The most cameras one tour goes through (a search or a collection may name many more). */
export const MAX_TOUR_CAMERAS = 200;
/** A search's words, in characters. */
const SEARCH_MIN = 2;
const SEARCH_MAX = 200;
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
  z
    .object({ kind: z.literal('search'), q: z.string().trim().min(SEARCH_MIN).max(SEARCH_MAX) })
    .strict(),
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

/** A link's problems are what is wrong (a message's key and parameters), said by each front end. */
export type TourRead = { ok: true; tour: Tour } | { ok: false; problems: Said[] };

/**
 * Reads `tour=...&dwell=N&mode=tile|page` from a route's query. Links come from outside the app:
 * every problem is named (`saySentences` says them), and a link with any problem starts no tour.
 */
export function readTourQuery(query: Record<string, string | undefined>): TourRead {
  const problems: Said[] = [];
  const source = readSource(query['tour'] ?? '', problems);
  const dwellSeconds = readDwell(query['dwell'], problems);
  const mode = query['mode'] ?? 'tile';
  if (!(TOUR_MODES as readonly string[]).includes(mode)) {
    problems.push(said('wall.tour.problem.mode', { text: clip(mode) }));
  }
  if (problems.length > 0 || !source) return { ok: false, problems };
  return { ok: true, tour: { source, dwellSeconds, mode: mode as TourMode } };
}

function readSource(text: string, problems: Said[]): TourSource | null {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const value = colon < 0 ? '' : text.slice(colon + 1).trim();
  switch (kind) {
    case 'favourites':
      return { kind: 'favourites' };
    case 'cameras': {
      const ids = [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean);
      const bad = ids.filter((id) => !idPattern.test(id));
      if (ids.length === 0) problems.push(said('wall.tour.problem.noCameras'));
      else if (bad.length > 0)
        problems.push(said('wall.tour.problem.badIds', { ids: bad.map(clip).join(', ') }));
      else if (ids.length > MAX_TOUR_CAMERAS)
        problems.push(
          said('wall.tour.problem.tooMany', { count: ids.length, max: MAX_TOUR_CAMERAS }),
        );
      else return { kind: 'cameras', ids };
      return null;
    }
    case 'collection':
      if (idPattern.test(value)) return { kind: 'collection', id: value };
      problems.push(said('wall.tour.problem.collection'));
      return null;
    case 'search':
      if (value.length >= SEARCH_MIN && value.length <= SEARCH_MAX) {
        return { kind: 'search', q: value };
      }
      problems.push(said('wall.tour.problem.search', { min: SEARCH_MIN, max: SEARCH_MAX }));
      return null;
    case 'area': {
      const bbox = value
        .split(',')
        .map((n) => (/^-?\d+(\.\d+)?$/.test(n.trim()) ? Number(n) : NaN));
      if (bbox.length === 4 && boxIsValid(bbox)) {
        return { kind: 'area', bbox: bbox as [number, number, number, number] };
      }
      problems.push(said('wall.tour.problem.area'));
      return null;
    }
    case 'route':
      if (value.length >= 1 && value.length <= 200) return { kind: 'route', name: value };
      problems.push(said('wall.tour.problem.route'));
      return null;
    default:
      problems.push(
        text === ''
          ? said('wall.tour.problem.empty')
          : said('wall.tour.problem.unknown', { text: clip(text) }),
      );
      return null;
  }
}

function boxIsValid(b: number[]): boolean {
  const [w, s, e, n] = b as [number, number, number, number];
  return w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n;
}

function readDwell(text: string | undefined, problems: Said[]): number {
  if (text === undefined) return DEFAULT_DWELL_S;
  const n = Number(text);
  if (/^\d+$/.test(text) && n >= MIN_DWELL_S && n <= MAX_DWELL_S) return n;
  problems.push(
    said('wall.tour.problem.dwell', { min: MIN_DWELL_S, max: MAX_DWELL_S, text: clip(text) }),
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

/**
 * Sentences (a link's problems, a source's notes) in one language, one after another as the
 * catalogue joins them: the wall's notice in the user's language, the desktop shell's log in English.
 */
export function saySentences(
  translator: Pick<Translator, 't' | 'say'>,
  problems: readonly Said[],
): string {
  const sentences = problems.map((problem) => translator.say(problem));
  return sentences
    .slice(1)
    .reduce((first, next) => translator.t('wall.tour.join', { first, next }), sentences[0] ?? '');
}
