/**
 * The rows a text filter (q) matches, read once per FTS table, query and data version and kept
 * per connection in a TEMP table keyed by the row id, which a search's statements probe.
 *
 * Written as `col IN (SELECT rowid FROM fts WHERE fts MATCH ?)`, the filter made SQLite read
 * every match of the text in every statement (count, ids, aggregations): a client that splits
 * a search of 50,000 matches into boxes of at most 4,100 (src/engine/api/paging.ts searchAll)
 * made each box read all 50,000, and the cost of all boxes grew with the square of the matches
 * (a box of 668 matches: 540 ms). The memo (match-memo.ts) does not help: each box is other
 * filters. Now a box's statements cost in proportion to the box:
 *
 * - the matches are read once into `temp.roadcam_text_N (num INTEGER PRIMARY KEY)`;
 * - `+col IN (SELECT num FROM temp.roadcam_text_N)` is a lookup of the row id in that table for
 *   each row the other conditions find: SQLite uses a table whose only column is its row id as
 *   the IN's index itself (nothing copied per statement), and the unary + keeps the planner from
 *   driving from the set (it takes any IN subquery for 25 rows, so it would walk all the
 *   matches and test the box on each, as it walked the FTS matches before);
 * - that form is taken when the search has an area (a box, a polygon, ...) and the area holds
 *   no more rows than the text matches (counted up to that many, so the count costs no more
 *   than the smaller side), with the area's table first (Source.areaFirst); otherwise
 *   `col IN (SELECT num FROM ...)` drives from the set, which is the old plan without reading
 *   the FTS index again.
 *
 * A TEMP table over a json_each list of the ids was the other way: SQLite copies a list into
 * an index of its own in every statement that tests it, which is again the whole text's matches
 * per box. Sets are kept per connection (a search worker's too; its query_only is lifted for
 * the TEMP write alone, StatementCache.scratch), at most SLOTS of them, and rebuilt when the
 * data version moved: answers are those of the subquery (tests/service/text-sets.test.ts).
 */
import type { StatementCache, StoreDb } from '../store/db.ts';
import type { Where } from './common.ts';

/** Off: the text filter is the FTS subquery in every statement, as before (tests, bench). */
export const TEXT_SETS = { enabled: true };

/** Sets kept per connection: each is a few hundred KB at 50,000 matches. */
const SLOTS = 4;

interface TextSet {
  /** FTS table and query */
  key: string;
  version: string;
  table: string;
  size: number;
}

/** By connection: its sets, least recently used first. */
const kept = new WeakMap<StoreDb, TextSet[]>();

/** What a search reads: `from` as written, and the same rows with the area's table first. */
export interface Source {
  from: string;
  /**
   * `from` with the table its area is on first, in a CROSS JOIN (which SQLite never reorders):
   * the planner's statistics may be those of a much smaller table (ANALYZE runs when the world
   * is built, recordings come after), and it then drove from another index (status) over all
   * the rows. Needed only where the area is not on the first table's own row id.
   */
  areaFirst?: string;
}

/**
 * The tables and conditions of a search as this connection runs them: its text filter as a
 * probe of (or a walk over) the set of the text's matches. As written when it has no text.
 */
export function withTextSet(
  st: StatementCache,
  source: Source,
  where: Where,
): { from: string; where: Where } {
  const text = where.text;
  if (!text || !TEXT_SETS.enabled) return { from: source.from, where };
  const set = textSet(st, text.fts, text.match);
  const sql = `${text.column} IN (SELECT num FROM temp.${set.table})`;
  if (areaHoldsFewer(st, source.from, where, set.size))
    return { from: source.areaFirst ?? source.from, where: where.withPart(text.part, `+${sql}`) };
  return { from: source.from, where: where.withPart(text.part, sql) };
}

/** True when the rows in the search's area are no more than `size` (false: no area). */
function areaHoldsFewer(st: StatementCache, from: string, where: Where, size: number): boolean {
  if (where.areas.length === 0) return false;
  const sql = where.areas.map((i) => where.parts[i]).join(' AND ');
  const args = where.areas.flatMap((i) => where.argsOf(i));
  const n = st
    .get(`SELECT COUNT(*) FROM (SELECT 1 FROM ${from} WHERE ${sql} LIMIT ?)`)
    .pluck()
    .get(...args, size + 1) as number;
  return n <= size;
}

/** The set of the rows of `fts` that match `match`, current at this connection's data version. */
function textSet(st: StatementCache, fts: string, match: string): TextSet {
  let sets = kept.get(st.connection);
  if (!sets) kept.set(st.connection, (sets = []));
  const key = `${fts}\n${match}`;
  const version = st.dataVersion();
  const i = sets.findIndex((s) => s.key === key);
  const found = i < 0 ? undefined : sets.splice(i, 1)[0]!;
  if (found?.version === version) {
    sets.push(found);
    return found;
  }
  // A stale set of the same text, else the least recently used, else a new table.
  const table = found?.table ?? (sets.length >= SLOTS ? sets.shift()!.table : freeTable(sets));
  const size = st.scratch(() => {
    st.get(`CREATE TEMP TABLE IF NOT EXISTS ${table} (num INTEGER PRIMARY KEY)`).run();
    st.get(`DELETE FROM temp.${table}`).run();
    return st
      .get(`INSERT INTO temp.${table} (num) SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?`)
      .run(match).changes;
  });
  const set: TextSet = { key, version, table, size };
  sets.push(set);
  return set;
}

/** A table name no kept set uses. */
function freeTable(sets: readonly TextSet[]): string {
  for (let n = 0; ; n++) {
    const table = `roadcam_text_${n}`;
    if (!sets.some((s) => s.table === table)) return table;
  }
}
