/**
 * The request and answer every resource search shares, so that a search module holds only what
 * is its own (columns, filters, sort columns, aggregations, the shape of a feature):
 *
 * - the request: accepted parameters, spatial filter, paging, sort key and direction,
 *   aggregation names, always read in that order (it decides which error a bad request gets);
 * - the answer: sort terms with the id tie-breaker, the count, one page of rows in order, and
 *   the GeoJSON envelope.
 */
import {
  AGG_KEYS,
  PAGE_LIMITS,
  SEARCH_FILTERS,
  SORT_KEYS,
  type Aggs,
  type FeatureCollection,
  type PageLimits,
  type SortDir,
} from '../../shared/api/index.ts';
import type { LonLat } from '../../shared/geo.ts';
import { invalidParameter } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { StatementCache } from '../store/db.ts';
import { aggBuckets, type AggDef, type Where } from './common.ts';
import { matchEntry, memoPageIds, rowsByIds } from './match-memo.ts';
import { ParamReader } from './reader.ts';
import { PAGE_PARAMS, SPATIAL_PARAMS } from '../../shared/api/index.ts';
import { parseSpatial, type SpatialFilter } from './spatial.ts';
import { withTextSet, type Source } from './text-sets.ts';

/**
 * A searchable collection: the key of its page limits, sort keys and aggregations (interface 8).
 */
export type Resource = keyof typeof SORT_KEYS;
export type SortKey<R extends Resource> = (typeof SORT_KEYS)[R][number];
export type AggKey<R extends Resource> = (typeof AGG_KEYS)[R][number];

/** Collections are not places: every other search takes the spatial parameters (interface 2.1). */
const SPATIAL: Readonly<Record<Resource, boolean>> = {
  observations: true,
  cameras: true,
  recordings: true,
  alerts: true,
  collections: false,
};

export interface PageWindow {
  limit: number;
  skip: number;
}

/** A search request read up to its resource's own filters, which are read from `r` next. */
export interface SearchRequest<S extends string> {
  r: ParamReader;
  spatial: SpatialFilter;
  page: PageWindow;
  sort: S | undefined;
  dir: SortDir;
  aggNames: string[];
  /** how far paging reaches: the largest skip plus the largest limit */
  reach: number;
}

/**
 * Refuses a parameter the resource's search does not accept (400): q, its own filters
 * (SEARCH_FILTERS), the spatial ones where it is a place, paging. Then reads the shared ones.
 */
export function readSearch<R extends Resource>(
  bag: ParamBag,
  resource: R,
): SearchRequest<SortKey<R>> {
  const spatialParams = SPATIAL[resource] ? SPATIAL_PARAMS : [];
  const accepted = ['q', ...SEARCH_FILTERS[resource], ...spatialParams, ...PAGE_PARAMS];
  const r = new ParamReader(bag, accepted);
  const spatial = SPATIAL[resource] ? parseSpatial(r) : {};
  const page = parsePage(r, PAGE_LIMITS[resource]);
  const sortKeys: readonly SortKey<R>[] = SORT_KEYS[resource];
  const sort = parseSortKey(r, sortKeys, spatial.point);
  const dir = parseSortDir(r);
  const aggNames = parseAggs(r, AGG_KEYS[resource]);
  const reach = PAGE_LIMITS[resource].skipMax + PAGE_LIMITS[resource].limitMax;
  return { r, spatial, page, sort, dir, aggNames, reach };
}

function parsePage(r: ParamReader, limits: PageLimits): PageWindow {
  return {
    limit: r.int('limit', { min: 0, max: limits.limitMax }) ?? limits.limitDefault,
    skip: r.int('skip', { min: 0, max: limits.skipMax }) ?? 0,
  };
}

function parseSortDir(r: ParamReader): SortDir {
  return r.oneOf('sort_dir', ['asc', 'desc'] as const) ?? 'asc';
}

function parseSortKey<T extends string>(
  r: ParamReader,
  keys: readonly T[],
  point: unknown,
): T | undefined {
  const key = r.oneOf('sort', keys);
  if (key === ('distance' as T) && point === undefined) {
    throw invalidParameter(
      'sort',
      'sort=distance needs lat and lon: the distance is measured from that point.',
    );
  }
  return key;
}

function parseAggs(r: ParamReader, allowed: readonly string[]): string[] {
  const names = r.commaList('aggs') ?? [];
  for (const n of names) {
    if (!allowed.includes(n))
      throw invalidParameter(
        'aggs',
        `Cannot aggregate on "${n}"; aggregations here: ${allowed.join(', ')}.`,
      );
  }
  return [...new Set(names)];
}

/** ORDER BY terms and the arguments of their placeholders. */
export interface SortTerms {
  exprs: string[];
  args: number[];
}

/**
 * The sort column (or the distance of the camera, alias c, from the point), then the
 * tie-breaker that makes the order total; the tie-breaker alone when no sort is asked for.
 */
function sortTerms<S extends string>(
  sort: S | undefined,
  column: (key: Exclude<S, 'distance'>) => string,
  tieBreaker: string,
  point?: LonLat,
): SortTerms {
  if (sort === undefined) return { exprs: [tieBreaker], args: [] };
  if (sort === 'distance') {
    return { exprs: ['distance_m(c.lon, c.lat, ?, ?)', tieBreaker], args: [point![0], point![1]] };
  }
  return { exprs: [column(sort as Exclude<S, 'distance'>), tieBreaker], args: [] };
}

/** ORDER BY for a sort expression with the id tie-breakers, all in the same direction. */
export function orderBy(exprs: readonly string[], dir: SortDir): string {
  const d = dir === 'desc' ? ' DESC' : '';
  return `ORDER BY ${exprs.map((e) => e + d).join(', ')}`;
}

/** What a page is read from: the selected columns of the matching rows, in order. */
export interface PageQuery {
  columns: string;
  from: string;
  where: Where;
  order: SortTerms;
}

function countMatches(st: StatementCache, from: string, where: Where): number {
  return st
    .get(`SELECT COUNT(*) FROM ${from} ${where.sql}`)
    .pluck()
    .get(...where.args) as number;
}

type PageBbox = NonNullable<FeatureCollection<unknown>['bbox']>;

/** The count of a point resource's matches (camera alias c) and the bbox around them. */
function countPoints(
  st: StatementCache,
  from: string,
  where: Where,
): { total: number; bbox: PageBbox | undefined } {
  const s = st
    .get(
      `SELECT COUNT(*) AS n, MIN(c.lon) AS x0, MIN(c.lat) AS y0, MAX(c.lon) AS x1, MAX(c.lat) AS y1 FROM ${from} ${where.sql}`,
    )
    .get(...where.args) as { n: number; x0: number | null; y0: number; x1: number; y1: number };
  return { total: s.n, bbox: s.x0 === null ? undefined : [s.x0, s.y0, s.x1, s.y1] };
}

/** One page of the matches in order; no query when the page lies past the `total` matches. */
export function readPage<Row>(
  st: StatementCache,
  q: PageQuery,
  dir: SortDir,
  page: PageWindow,
  total: number,
): Row[] {
  if (page.limit === 0 || page.skip >= total) return [];
  return st
    .get(
      `SELECT ${q.columns} FROM ${q.from} ${q.where.sql} ${orderBy(q.order.exprs, dir)} LIMIT ? OFFSET ?`,
    )
    .all(...q.where.args, ...q.order.args, page.limit, page.skip) as Row[];
}

/** What a search found: the count, the aggregations, and for points the bbox around them. */
export interface Found {
  total: number;
  aggs: Aggs;
  bbox?: PageBbox | undefined;
}

/**
 * A resource's table as its search reads it: what a page selects and from where, the column of
 * each sort key, and the aggregations.
 */
export interface Table<R extends Resource> extends Source {
  columns: string;
  /** the column of each sort key; distance is measured from the camera, alias c */
  sortColumns: Readonly<Record<Exclude<SortKey<R>, 'distance'>, string>>;
  /** the id column that makes the order total */
  tieBreaker: string;
  /** the integer row id, by which a page of remembered matches is read */
  rowid: string;
  aggs: Readonly<Record<AggKey<R>, AggDef>>;
  /** a point resource (camera alias c): the answer has the bbox around the matches */
  points: boolean;
}

/**
 * Counts the matches of `where`, reads the asked page of them in order, and aggregates them;
 * what a page of the same filters learned is remembered for the next (match-memo.ts).
 */
export function searchTable<R extends Resource, Row>(
  st: StatementCache,
  table: Table<R>,
  where: Where,
  request: SearchRequest<SortKey<R>>,
): Found & { rows: Row[] } {
  const entry = matchEntry(st, table.from, where);
  // The search as run: a text filter reads its matches once for many searches (text-sets.ts).
  let running: { from: string; where: Where } | undefined;
  const run = () => (running ??= withTextSet(st, table, where));
  const { total, bbox } = (entry.counted ??= table.points
    ? countPoints(st, run().from, run().where)
    : { total: countMatches(st, run().from, run().where), bbox: undefined });
  const column = (key: Exclude<SortKey<R>, 'distance'>) => table.sortColumns[key];
  const order = sortTerms(request.sort, column, table.tieBreaker, request.spatial.point);
  const { page } = request;
  const ordered = (from: string, w: Where) => ({
    sql: `SELECT ${table.rowid} FROM ${from} ${w.sql} ${orderBy(order.exprs, request.dir)} LIMIT ?`,
    args: [...w.args, ...order.args, request.reach],
  });
  const rows =
    page.limit === 0 || page.skip >= total
      ? []
      : rowsByIds<Row>(
          st,
          table,
          memoPageIds(
            st,
            entry,
            ordered(table.from, where),
            () => ordered(run().from, run().where),
            page,
          ),
        );
  const aggs: Aggs = {};
  for (const name of request.aggNames) {
    const def = table.aggs[name as AggKey<R>];
    let buckets = entry.aggs.get(name);
    if (!buckets)
      entry.aggs.set(name, (buckets = aggBuckets(st, def, 'COUNT(*)', run().from, run().where)));
    aggs[name] = buckets;
  }
  return { rows, total, aggs, bbox };
}

/** The GeoJSON answer of a search; `bbox` only where the resource has one (points). */
export function featurePage<F>(
  features: F[],
  found: Found,
  page: PageWindow,
): FeatureCollection<F> {
  return {
    type: 'FeatureCollection',
    ...(found.bbox === undefined ? {} : { bbox: found.bbox }),
    features,
    properties: { total: found.total, skip: page.skip, limit: page.limit, aggs: found.aggs },
  };
}
