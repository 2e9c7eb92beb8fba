/**
 * Search flags to service parameters. Flags are named exactly as the document's parameters
 * (`--state WA --bbox -125,45,-116,49 --sort_dir desc --sensors[road_weather][min]=6
 * --aggs state,city`), so the spec is the manual.
 */
import type { GeoKind } from '../main/api/index.ts';
import { PAGE_LIMITS, PAGE_PARAMS, SEARCH_FILTERS, SPATIAL_PARAMS } from '../shared/api/index.ts';
import { flag, intFlag, UsageError, type Argv } from './argv.ts';

const SHARED = ['q', ...SPATIAL_PARAMS, ...PAGE_PARAMS];

/** The parameters of each search (spec section 4) besides the shared ones. */
export const SEARCH_PARAMS: Record<GeoKind, readonly string[]> = SEARCH_FILTERS;

export function searchFlagNames(kind: GeoKind): string[] {
  return [...SHARED, ...SEARCH_PARAMS[kind]];
}

/** Builds the parameters object; values stay strings (the service parses them) except paging. */
export function searchParams(
  kind: GeoKind,
  argv: Argv,
  names: readonly string[],
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of argv.flags) {
    if (!names.includes(name.split('[')[0]!)) continue;
    if (name === 'aggs') {
      const list = (params.aggs as string[] | undefined) ?? [];
      params.aggs = [...list, ...value.split(',').filter(Boolean)];
    } else if (name.includes('[')) setNested(params, name, value);
    else params[name] = value;
  }
  const limits = PAGE_LIMITS[kind];
  const limit = intFlag(argv, 'limit', 1, limits.limitMax);
  const skip = intFlag(argv, 'skip', 0, limits.skipMax);
  if (limit !== undefined) params.limit = limit;
  if (skip !== undefined) params.skip = skip;
  const sortDir = flag(argv, 'sort_dir');
  if (sortDir !== undefined && sortDir !== 'asc' && sortDir !== 'desc') {
    throw new UsageError(`--sort_dir is asc or desc, not "${sortDir}".`);
  }
  return params;
}

/** sensors[road_weather][min]=6 -> { sensors: { road_weather: { min: "6" } } } */
function setNested(params: Record<string, unknown>, name: string, value: string): void {
  const keys = [
    name.slice(0, name.indexOf('[')),
    ...[...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!),
  ];
  if (keys.some((k) => k === ''))
    throw new UsageError(`--${name}: empty brackets are not a parameter name.`);
  let node = params;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (typeof next === 'string')
      throw new UsageError(`--${name} conflicts with --${key} given as a value.`);
    node = (node[key] ??= {}) as Record<string, unknown>;
  });
  node[keys.at(-1)!] = value;
}
