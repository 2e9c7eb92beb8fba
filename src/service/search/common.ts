/**
 * Pieces every search shares: the WHERE builder, the filters several resources have (text
 * query, lists of values, min/max ranges, location), aggregations, and the camera-area
 * condition behind the spatial filters of point resources. Reading the paging parameters and
 * answering with a page are in paging.ts.
 */
import { AGG_BUCKETS_MAX, type AggBucket, type Aggs } from '../../shared/api/index.ts';
import type { Bbox } from '../../shared/geo.ts';
import { splitBbox } from '../../shared/geo.ts';
import { RequestError, invalidParameter } from '../http/errors.ts';
import type { StatementCache } from '../store/db.ts';
import type { CameraPoint } from '../world/observations.ts';
import { checkRange, type ParamReader } from './reader.ts';
import { candidateBoxes, containsPoint, hasArea, type SpatialFilter } from './spatial.ts';
import { readBounds, type Bounds } from './times.ts';

/**
 * What a search reads: the world's prepared statements and camera positions. The World of
 * the main thread is one; a search worker's read-only connection is another (pool.ts).
 */
export interface SearchStore {
  readonly statements: StatementCache;
  cameraPoints(): readonly CameraPoint[];
}

/** A lower bound that moves with the clock (an expiry cutoff): `table.column > value`. */
export interface MovingFloor {
  table: string;
  column: string;
  value: number;
  /** its place in the arguments */
  arg: number;
}

/** A text filter (q): `column` is the row id of a row of `fts` that matches `match`. */
export interface TextFilter {
  column: string;
  fts: string;
  match: string;
  /** its place in the parts */
  part: number;
}

export class Where {
  readonly parts: string[] = [];
  readonly args: unknown[] = [];
  readonly floors: MovingFloor[] = [];
  /** the text filter, if any (text-sets.ts reads its matches once for many searches) */
  text: TextFilter | undefined;
  /** the places in the parts of the conditions that place a row (a camera or alert area) */
  readonly areas: number[] = [];
  /** where each part's arguments start */
  readonly #starts: number[] = [];

  add(sql: string, ...args: unknown[]): this {
    this.#starts.push(this.args.length);
    this.parts.push(sql);
    this.args.push(...args);
    return this;
  }

  /** The arguments of part `i`. */
  argsOf(i: number): unknown[] {
    return this.args.slice(this.#starts[i], this.#starts[i + 1] ?? this.args.length);
  }

  /** `sql` as a condition on where a row lies (an area): text-sets.ts may drive from it. */
  area(sql: string, ...args: unknown[]): this {
    this.areas.push(this.parts.length);
    return this.add(sql, ...args);
  }

  /**
   * `column IN (rows of fts that match)`: written as the subquery (the SQL a search is
   * remembered by, match-memo.ts); text-sets.ts may run it another way (withPart).
   */
  textMatch(column: string, fts: string, match: string): this {
    this.text = { column, fts, match, part: this.parts.length };
    return this.add(`${column} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, match);
  }

  /** The same conditions with part `i` written as `sql` with `args`: the same rows must pass. */
  withPart(i: number, sql: string, ...args: unknown[]): Where {
    const w = new Where();
    for (const [k, part] of this.parts.entries()) {
      if (k === i) w.add(sql, ...args);
      else w.add(part, ...this.argsOf(k));
      if (this.areas.includes(k)) w.areas.push(k);
      if (this.text?.part === k && k !== i) w.text = this.text;
    }
    for (const f of this.floors) {
      const k = this.#starts.findLastIndex((start) => start <= f.arg);
      if (k === i) continue;
      w.floors.push({ ...f, arg: w.#starts[k]! + f.arg - this.#starts[k]! });
    }
    return w;
  }

  /** `column IN (?, ?, ...)` for one or more values. */
  in(column: string, values: readonly unknown[]): this {
    return this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  /**
   * `alias.column > value` for a bound that moves every second: the answers cached for an
   * older value stay valid while no row lies between the two (match-memo.ts).
   */
  floor(alias: string, table: string, column: string, value: number): this {
    this.floors.push({ table, column, value, arg: this.args.length });
    return this.add(`${alias}.${column} > ?`, value);
  }

  get sql(): string {
    return this.parts.length === 0 ? '' : `WHERE ${this.parts.join(' AND ')}`;
  }
}

export interface AggDef {
  /** the key expression */
  key: string;
  /** extra JOIN for multi-valued attributes (tags, states) */
  join?: string;
  /** default: by count, then key ascending */
  order?: string;
  toKey?: (v: unknown) => string | number;
}

export function runAggs(
  statements: StatementCache,
  from: string,
  where: Where,
  names: readonly string[],
  defs: Readonly<Record<string, AggDef>>,
): Aggs {
  const aggs: Aggs = {};
  for (const name of names)
    aggs[name] = aggBuckets(statements, defs[name]!, 'COUNT(*)', from, where);
  return aggs;
}

/** The buckets of one aggregation; `count` counts the rows of a key (or sums their counts). */
export function aggBuckets(
  statements: StatementCache,
  def: AggDef,
  count: string,
  from: string,
  where: Where,
): AggBucket[] {
  const cond =
    where.parts.length === 0
      ? `WHERE ${def.key} IS NOT NULL`
      : `${where.sql} AND ${def.key} IS NOT NULL`;
  const sql = `SELECT ${def.key} AS k, ${count} AS n FROM ${from} ${def.join ?? ''} ${cond} GROUP BY k ${def.order ?? 'ORDER BY n DESC, k ASC'} LIMIT ${AGG_BUCKETS_MAX}`;
  const rows = statements.get(sql).all(...where.args) as { k: unknown; n: number }[];
  return rows.map((row) => ({
    key: def.toKey ? def.toKey(row.k) : (row.k as string),
    doc_count: row.n,
  }));
}

/** Turns free text into an FTS5 query: every word must match, as a prefix. */
export function ftsQuery(q: string): string {
  if (q.length > 500) throw invalidParameter('q', 'q is longer than 500 characters.');
  const words = q
    .split(/\s+/)
    .map((w) => (w.match(/[\p{L}\p{N}]+/gu) ?? []).join(' '))
    .filter((w) => w !== '');
  if (words.length === 0) throw invalidParameter('q', 'q needs at least one letter or digit.');
  return words.map((w) => `"${w}"*`).join(' ');
}

/**
 * Restricts `column` (a camera num) to cameras inside the spatial filter. A lone bbox is
 * answered by the R*Tree in SQL; other areas take R*Tree candidates and test them exactly.
 */
export function addCameraArea(
  world: SearchStore,
  f: SpatialFilter,
  where: Where,
  column: string,
): void {
  if (!hasArea(f)) return;
  if (f.bbox && !f.polygon && !f.circle && !f.polyline) {
    const boxes = splitBbox(f.bbox);
    const rtree = boxes
      .map(() => '(max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ?)')
      .join(' OR ');
    const exact = boxes.map(() => '(c.lon BETWEEN ? AND ? AND c.lat BETWEEN ? AND ?)').join(' OR ');
    where.area(
      `${column} IN (SELECT num FROM cameras_rtree WHERE ${rtree})`,
      ...boxes.flatMap((b) => [b[0], b[2], b[1], b[3]]),
    );
    where.area(`(${exact})`, ...boxes.flatMap((b) => [b[0], b[2], b[1], b[3]]));
    return;
  }
  const nums = camerasInArea(world, f);
  where.area(`${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(nums));
}

export function camerasInArea(world: SearchStore, f: SpatialFilter): number[] {
  const box = smallest(candidateBoxes(f));
  const out: number[] = [];
  const st = world.statements.get(
    'SELECT c.num, c.lon, c.lat FROM cameras_rtree r JOIN cameras c ON c.num = r.num WHERE r.max_lon >= ? AND r.min_lon <= ? AND r.max_lat >= ? AND r.min_lat <= ?',
  );
  for (const b of splitBbox(box)) {
    for (const row of st.iterate(b[0], b[2], b[1], b[3]) as Iterable<{
      num: number;
      lon: number;
      lat: number;
    }>) {
      if (containsPoint(f, [row.lon, row.lat])) out.push(row.num);
    }
  }
  return out.sort((a, b) => a - b);
}

function smallest(boxes: Bbox[]): Bbox {
  const area = (b: Bbox): number =>
    (b[0] <= b[2] ? b[2] - b[0] : b[2] - b[0] + 360) * (b[3] - b[1]);
  return boxes.reduce((best, b) => (area(b) < area(best) ? b : best));
}

export function requireNoParams(bag: object, what: string): void {
  const keys = Object.keys(bag);
  if (keys.length > 0) {
    throw new RequestError(
      400,
      'unknown_parameter',
      `Unknown parameter "${keys[0]}": ${what} takes no parameters.`,
      keys[0],
    );
  }
}

/** q: every word of the text must match, as a prefix, in the resource's FTS5 table. */
export function addTextQuery(r: ParamReader, where: Where, column: string, ftsTable: string): void {
  const q = r.string('q');
  if (q !== undefined) where.textMatch(column, ftsTable, ftsQuery(q));
}

/** A parameter of one or more values: the column must equal any of them. */
export function addAnyOf(r: ParamReader, where: Where, name: string, column: string): void {
  const values = r.strings(name);
  if (values) where.in(column, values);
}

/** Bounds on a column; `name`, the lower bound's parameter, is blamed when min is above max. */
export function addRange(where: Where, column: string, name: string, bounds: Bounds): void {
  checkRange(name, bounds.min, bounds.max);
  if (bounds.min !== undefined) where.add(`${column} >= ?`, bounds.min);
  if (bounds.max !== undefined) where.add(`${column} <= ?`, bounds.max);
}

/** FIELD_min and FIELD_max time bounds (times.ts) on `alias.FIELD`, field by field. */
export function addTimeRanges(
  r: ParamReader,
  where: Where,
  alias: string,
  fields: readonly string[],
): void {
  for (const field of fields) {
    const name = `${field}_min`;
    addRange(where, `${alias}.${field}`, name, readBounds(r, name, `${field}_max`));
  }
}

/** country, state (code or name) and city filters on the camera columns; lists mean any of. */
export function addLocation(
  r: ParamReader,
  where: Where,
  names: readonly ('country' | 'state' | 'city' | 'provider')[],
): void {
  for (const name of names) {
    if (name !== 'state') {
      addAnyOf(r, where, name, `c.${name}`);
      continue;
    }
    const values = r.strings(name);
    if (!values) continue;
    const marks = values.map(() => '?').join(', ');
    where.add(
      `(c.state IN (${marks}) OR c.state_name COLLATE NOCASE IN (${marks}))`,
      ...values,
      ...values,
    );
  }
}
