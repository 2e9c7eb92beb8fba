/**
 * Totals, pages and aggregations of the observation search without walking the whole result.
 *
 * Every order of the search except `sort=time` is camera-major (the cameras in some order,
 * then each camera's observations by time), so once the number of matches per camera is known
 * the page is found by arithmetic: skip whole cameras, then read the few cameras the page
 * falls in, each one a short range of the (camera, time) key. The counts per camera come from
 * `observation_counts` (migration 0030) when the search has no time bounds, or from one
 * grouped query over the observations of the chosen cameras when it has. What is left (a time
 * bound and no camera condition, or `sort=time`) reads the observations as before.
 */
import type { Aggs, SortDir } from '../../shared/api/index.ts';
import type { StatementCache } from '../store/db.ts';
import { aggBuckets, Where, type AggDef } from './common.ts';
import { orderBy, type PageWindow } from './paging.ts';

/** The matching observations: camera conditions resolved to nums, the rest on `o.*`. */
export interface ObservationQuery {
  /** camera rowids allowed (ascending), or undefined for every camera */
  nums: number[] | undefined;
  /** sensor and time conditions on the observation columns (alias o) */
  rows: Where;
  /** true when `rows` bounds the time: then observation_counts cannot answer */
  timed: boolean;
}

export const OBSERVATIONS_FROM = 'observations o JOIN cameras c ON c.num = o.camera';
const COUNTS_FROM = 'observation_counts o';

/** Camera condition and row conditions in one WHERE, as every raw query reads them. */
export function fullWhere(q: ObservationQuery): Where {
  const where = new Where();
  if (q.nums) where.add('o.camera IN (SELECT value FROM json_each(?))', JSON.stringify(q.nums));
  where.parts.push(...q.rows.parts);
  where.args.push(...q.rows.args);
  return where;
}

/**
 * Matches per camera (cameras without a match left out), in camera order; undefined when
 * that would mean grouping the whole time-bounded history (no camera condition).
 */
export function countsPerCamera(
  st: StatementCache,
  q: ObservationQuery,
): Map<number, number> | undefined {
  if (q.timed && !q.nums) return undefined;
  if (q.nums?.length === 0) return new Map();
  const where = fullWhere(q);
  const sql = q.timed
    ? `SELECT o.camera, COUNT(*) FROM observations o ${where.sql} GROUP BY o.camera`
    : `SELECT o.camera, SUM(o.n) FROM ${COUNTS_FROM} ${where.sql} GROUP BY o.camera`;
  const rows = st
    .get(sql)
    .raw()
    .all(...where.args) as [number, number][];
  return new Map(rows);
}

/** The number of matches, when the counts per camera are not needed. */
export function countTotal(st: StatementCache, q: ObservationQuery): number {
  if (q.nums?.length === 0) return 0;
  const where = fullWhere(q);
  const sql = q.timed
    ? `SELECT COUNT(*) FROM observations o ${where.sql}`
    : `SELECT SUM(o.n) FROM ${COUNTS_FROM} ${where.sql}`;
  return (
    (st
      .get(sql)
      .pluck()
      .get(...where.args) as number | null) ?? 0
  );
}

/**
 * The page as (camera, offset, limit) pieces: `cameras` in page order, `counts` their matches.
 */
export function pagePieces(
  cameras: readonly number[],
  counts: ReadonlyMap<number, number>,
  page: PageWindow,
): { camera: number; offset: number; limit: number }[] {
  const pieces: { camera: number; offset: number; limit: number }[] = [];
  let skip = page.skip;
  let left = page.limit;
  for (const camera of cameras) {
    if (left <= 0) break;
    const n = counts.get(camera) ?? 0;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(n - skip, left);
    pieces.push({ camera, offset: skip, limit: take });
    left -= take;
    skip = 0;
  }
  return pieces;
}

/** Counted cameras in the order of a camera-major sort: by num, or by a camera column. */
export function cameraOrder(
  st: StatementCache,
  counts: ReadonlyMap<number, number>,
  sortColumn: string | undefined,
  dir: SortDir,
): number[] {
  const nums = [...counts.keys()];
  if (!sortColumn) return dir === 'desc' ? nums.sort((a, b) => b - a) : nums.sort((a, b) => a - b);
  return st
    .get(
      `SELECT c.num FROM cameras c WHERE c.num IN (SELECT value FROM json_each(?)) ${orderBy([`c.${sortColumn}`, 'c.num'], dir)}`,
    )
    .pluck()
    .all(JSON.stringify(nums)) as number[];
}

/** Reads the pieces of a page: one short key range per camera. */
export function readPieces<Row>(
  st: StatementCache,
  columns: string,
  q: ObservationQuery,
  pieces: readonly { camera: number; offset: number; limit: number }[],
  dir: SortDir,
): Row[] {
  const cond = q.rows.parts.map((p) => ` AND ${p}`).join('');
  const read = st.get(
    `SELECT ${columns} FROM ${OBSERVATIONS_FROM} WHERE o.camera = ?${cond} ORDER BY o.time${dir === 'desc' ? ' DESC' : ''} LIMIT ? OFFSET ?`,
  );
  return pieces.flatMap((p) => read.all(p.camera, ...q.rows.args, p.limit, p.offset) as Row[]);
}

/**
 * Aggregations over the whole result: from observation_counts when it can answer (every key
 * but `time`, and no time bound), otherwise over the observations.
 */
export function observationAggs(
  st: StatementCache,
  q: ObservationQuery,
  names: readonly string[],
  defs: Readonly<Record<string, AggDef>>,
): Aggs {
  const aggs: Aggs = {};
  const where = fullWhere(q);
  for (const name of names) {
    const def = defs[name]!;
    if (q.timed || def.key.startsWith('o.time')) {
      aggs[name] = aggBuckets(st, def, 'COUNT(*)', OBSERVATIONS_FROM, where);
      continue;
    }
    const from = def.key.startsWith('c.')
      ? `${COUNTS_FROM} JOIN cameras c ON c.num = o.camera`
      : COUNTS_FROM;
    aggs[name] = aggBuckets(st, def, 'SUM(o.n)', from, where);
  }
  return aggs;
}
