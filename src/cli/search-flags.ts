/**
 * Search flags to service parameters. Flags are named exactly as the document's parameters
 * (`--state WA --bbox -125,45,-116,49 --sort_dir desc --sensors[road_weather][min]=6
 * --aggs state,city`), so the spec is the manual.
 */
import type { GeoKind } from '../engine/index.ts';
import { PAGE_LIMITS, PAGE_PARAMS, SEARCH_FILTERS, SPATIAL_PARAMS } from '../shared/api/index.ts';
import type { RecordingSearchParams } from '../shared/api/index.ts';
import { BracketError, decode, decodePairs, splitKey } from '../shared/brackets.ts';
import { said } from '../shared/i18n/translator.ts';
import { parseDistance, type DistanceUnit } from '../shared/units.ts';
import { baseName, flag, intFlag, UsageError, type Argv } from './argv.ts';

const SHARED = ['q', ...SPATIAL_PARAMS, ...PAGE_PARAMS];
/** The unit distances are printed in (the tables' visibility ranges); not a service parameter. */
const UNITS = 'units';

/** The parameters of each search (spec section 4) besides the shared ones. */
export const SEARCH_PARAMS: Record<GeoKind, readonly string[]> = SEARCH_FILTERS;

export function searchFlagNames(kind: GeoKind): string[] {
  return [...SHARED, ...SEARCH_PARAMS[kind], UNITS];
}

/** --units km|mi, or undefined when not given (the settings, then the locale, decide). */
export function unitsFlag(argv: Argv): DistanceUnit | undefined {
  const value = flag(argv, UNITS);
  if (value === undefined || value === 'km' || value === 'mi') return value;
  throw new UsageError(said('cli.unitsValue', { value }));
}

/**
 * --polyline_radius in the service's kilometres: a bare number is km (as the spec has it), one
 * with a unit (3mi, 800m) is converted exactly; --radius goes as typed (the service reads
 * m, km and mi itself).
 */
function polylineRadius(value: string): string {
  if (/^\s*[\d.]+\s*$/.test(value)) return value;
  const km = parseDistance(value, 'km');
  if (km === null) {
    throw new UsageError(said('cli.polylineRadius', { value }));
  }
  return String(km);
}

/** Builds the parameters object; values stay strings (the service parses them) except paging. */
export function searchParams(
  kind: GeoKind,
  argv: Argv,
  names: readonly string[],
): Record<string, unknown> {
  let aggs: string[] | undefined;
  const last = new Map<string, string>();
  for (const [name, value] of argv.flags) {
    if (!names.includes(baseName(name)) || name === UNITS) continue;
    if (name === 'polyline_radius') last.set(name, polylineRadius(value));
    else if (name === 'aggs') aggs = [...(aggs ?? []), ...value.split(',').filter(Boolean)];
    else last.set(name, value);
  }
  const params: Record<string, unknown> = { ...nest(last) };
  if (aggs) params.aggs = aggs;
  const limits = PAGE_LIMITS[kind];
  const limit = intFlag(argv, 'limit', 1, limits.limitMax);
  const skip = intFlag(argv, 'skip', 0, limits.skipMax);
  if (limit !== undefined) params.limit = limit;
  if (skip !== undefined) params.skip = skip;
  const sortDir = flag(argv, 'sort_dir');
  if (sortDir !== undefined && sortDir !== 'asc' && sortDir !== 'desc') {
    throw new UsageError(said('cli.sortDir', { value: sortDir }));
  }
  return params;
}

/**
 * sensors[road_weather][min]=6 -> { sensors: { road_weather: { min: "6" } } }, with the codec
 * the service reads query strings with. The last of a repeated flag wins, as for every flag.
 */
function nest(last: Map<string, string>): Record<string, unknown> {
  const depth = (name: string) => splitKey(name)?.length ?? 0;
  for (const name of last.keys()) {
    if (splitKey(name)?.includes('') !== false)
      throw new UsageError(said('cli.emptyBrackets', { name }));
  }
  // Shallow names first, so that a clash is always found at the nested flag.
  const pairs = [...last].sort(([a], [b]) => depth(a) - depth(b));
  try {
    return decodePairs(pairs, { maxParams: Infinity, maxDepth: Infinity });
  } catch (error) {
    if (!(error instanceof BracketError)) throw error;
    const plain = [...last.keys()].find((n) => error.key.startsWith(`${n}[`)) ?? error.parameter;
    throw new UsageError(said('cli.bracketConflict', { key: error.key, plain: plain ?? '' }));
  }
}

const NUMERIC = new Set(['duration_min', 'duration_max', 'limit', 'skip', 'lat', 'lon']);

/**
 * `roadcam download --query 'state=CO&status=complete'`: a recordings search written as a query
 * string, read as the service reads one (brackets, [] and repeated keys included).
 */
export function queryParams(text: string): RecordingSearchParams {
  let bag;
  try {
    bag = decode(text, { maxParams: 1000, maxDepth: 5 });
  } catch (error) {
    if (error instanceof BracketError)
      throw new UsageError(said('cli.queryBad', { detail: error.message }));
    throw error;
  }
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(bag)) {
    params[name] = NUMERIC.has(name) && typeof value === 'string' ? Number(value) : value;
  }
  if (Object.keys(params).length === 0) {
    throw new UsageError(said('cli.queryEmpty'));
  }
  return params as RecordingSearchParams;
}
