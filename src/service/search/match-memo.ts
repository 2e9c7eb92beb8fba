/**
 * What a search learned about one set of filters, kept for the next page of the same search:
 * the count and bbox of the matches, their aggregations, and the ids of the first matches in
 * each order asked for. Without it every page of a search of 50,000 matches counted and sorted
 * all of them again (the text filter reads every match of its words before the other filters
 * narrow them), so a page cost as much as the whole search and paging through was quadratic.
 *
 * One memo per connection (a search worker has its own). An entry is used only while the
 * connection's data version is the one it was made at, so a write anywhere drops it: answers
 * are those a fresh search would give. Expiry cutoffs move every second (Where.floor); an entry
 * made at another cutoff still holds when no row of the table lies between the two cutoffs.
 */
import type { AggBucket, FeatureCollection } from '../../shared/api/index.ts';
import type { StatementCache } from '../store/db.ts';
import type { Where } from './common.ts';

type PageBbox = NonNullable<FeatureCollection<unknown>['bbox']>;

export interface MatchEntry {
  counted?: { total: number; bbox: PageBbox | undefined };
  /** by the query of an order: the row ids of the first matches in that order */
  readonly orders: Map<string, number[]>;
  readonly aggs: Map<string, AggBucket[]>;
}

interface Stored extends MatchEntry {
  version: string;
  floors: number[];
}

/** Entries kept per connection: each holds at most a few thousand ids per order. */
const ENTRIES_MAX = 16;

const memos = new WeakMap<StatementCache, Map<string, Stored>>();

/** The memo entry of these filters on this connection: a fresh, empty one when none holds. */
export function matchEntry(st: StatementCache, from: string, where: Where): MatchEntry {
  let memo = memos.get(st);
  if (!memo) {
    memo = new Map();
    memos.set(st, memo);
  }
  const floors = where.floors.map((f) => f.value);
  const args = where.args.map((a, i) => (where.floors.some((f) => f.arg === i) ? null : a));
  const key = JSON.stringify([from, where.sql, args]);
  const version = st.dataVersion();
  const hit = memo.get(key);
  memo.delete(key);
  if (hit && hit.version === version && floorsHold(st, where, hit.floors)) {
    hit.floors = floors;
    memo.set(key, hit);
    return hit;
  }
  const entry: Stored = { version, floors, orders: new Map(), aggs: new Map() };
  memo.set(key, entry);
  if (memo.size > ENTRIES_MAX) memo.delete(memo.keys().next().value!);
  return entry;
}

/** True when no row lies between each floor's old and new value (the same rows pass both). */
function floorsHold(st: StatementCache, where: Where, old: readonly number[]): boolean {
  return where.floors.every((f, i) => {
    const was = old[i]!;
    if (was === f.value) return true;
    const between = st
      .get(`SELECT EXISTS (SELECT 1 FROM ${f.table} WHERE ${f.column} > ? AND ${f.column} <= ?)`)
      .pluck()
      .get(Math.min(was, f.value), Math.max(was, f.value));
    return between === 0;
  });
}

/**
 * The row ids of a page: the ids of the first matches in this order, as far as paging reaches,
 * are read once (`ordered`: one sort of all the matches) and every page is a slice of them.
 * `order` names the order (the query as written); `ordered` is the query as run, made only
 * when the ids are read (its text filter may be a set read for it: text-sets.ts).
 */
export function memoPageIds(
  st: StatementCache,
  entry: MatchEntry,
  order: { sql: string; args: unknown[] },
  ordered: () => { sql: string; args: unknown[] },
  page: { skip: number; limit: number },
): number[] {
  const key = JSON.stringify([order.sql, order.args]);
  let ids = entry.orders.get(key);
  if (!ids) {
    const run = ordered();
    ids = st
      .get(run.sql)
      .pluck()
      .all(...run.args) as number[];
    entry.orders.set(key, ids);
  }
  return ids.slice(page.skip, page.skip + page.limit);
}

/** The rows of these ids (`table.rowid`), in the ids' order. */
export function rowsByIds<Row>(
  st: StatementCache,
  table: { rowid: string; columns: string; from: string },
  ids: number[],
): Row[] {
  if (ids.length === 0) return [];
  const marks = ids.map(() => '?').join(', ');
  const found = st
    .get(
      `SELECT ${table.rowid} AS memo_rowid, ${table.columns} FROM ${table.from} WHERE ${table.rowid} IN (${marks})`,
    )
    .all(...ids) as (Row & { memo_rowid?: number })[];
  const byId = new Map(found.map((row) => [row.memo_rowid!, row]));
  // A row another connection deleted since the ids were read is left out, as a new read would.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    delete row.memo_rowid;
    return [row];
  });
}
