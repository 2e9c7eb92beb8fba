/**
 * Section 4.6: collection index and show (the JSON envelope of 2.7, not GeoJSON). Images are
 * listed in name order; marker rules in showCollection. Collections older than 90 days have
 * expired and are never found.
 */
import {
  AGG_KEYS,
  COLLECTION_IMAGES_LIMIT,
  PAGE_LIMITS,
  SORT_KEYS,
  type Collection,
  type CollectionIndex,
  type CollectionWithImages,
} from '../../shared/api/index.ts';
import { notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { SearchStore } from './common.ts';
import {
  ftsQuery,
  orderBy,
  PAGE_PARAMS,
  parseAggs,
  parsePage,
  parseSortDir,
  parseSortKey,
  runAggs,
  Where,
  type AggDef,
} from './common.ts';
import { expiryCutoff } from './recordings.ts';
import { checkRange, ParamReader } from './reader.ts';
import { isoSeconds, readBounds } from './times.ts';

const PARAMS = [
  'q',
  ...PAGE_PARAMS,
  'created_at_min',
  'created_at_max',
  'updated_at_min',
  'updated_at_max',
];

interface Row {
  num: number;
  id: string;
  name: string;
  description: string;
  tags: string;
  created_at: number;
  updated_at: number;
}

const AGGS: Record<(typeof AGG_KEYS.collections)[number], AggDef> = {
  tags: { key: 't.tag', join: 'JOIN collection_tags t ON t.collection = k.num' },
};

function toCollection(row: Row): Collection {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
  };
}

export function searchCollections(
  world: SearchStore,
  bag: ParamBag,
  nowS: number,
): CollectionIndex {
  const r = new ParamReader(bag, PARAMS);
  const page = parsePage(r, PAGE_LIMITS.collections);
  const sort = parseSortKey(r, SORT_KEYS.collections, undefined);
  const dir = parseSortDir(r);
  const aggNames = parseAggs(r, AGG_KEYS.collections);
  const where = new Where().add('k.created_at > ?', expiryCutoff(nowS));
  const q = r.string('q');
  if (q !== undefined)
    where.add(
      'k.num IN (SELECT rowid FROM collections_fts WHERE collections_fts MATCH ?)',
      ftsQuery(q),
    );
  for (const field of ['created_at', 'updated_at'] as const) {
    const b = readBounds(r, `${field}_min`, `${field}_max`);
    checkRange(`${field}_min`, b.min, b.max);
    if (b.min !== undefined) where.add(`k.${field} >= ?`, b.min);
    if (b.max !== undefined) where.add(`k.${field} <= ?`, b.max);
  }
  const st = world.statements;
  const from = 'collections k';
  const total = st
    .get(`SELECT COUNT(*) FROM ${from} ${where.sql}`)
    .pluck()
    .get(...where.args) as number;
  const order = sort ? [`k.${sort}`, 'k.id'] : ['k.id'];
  const rows =
    page.limit === 0 || page.skip >= total
      ? []
      : (st
          .get(`SELECT k.* FROM ${from} ${where.sql} ${orderBy(order, dir)} LIMIT ? OFFSET ?`)
          .all(...where.args, page.limit, page.skip) as Row[]);
  return {
    results: rows.map(toCollection),
    total,
    skip: page.skip,
    limit: page.limit,
    aggs: runAggs(st, from, where, aggNames, AGGS),
  };
}

/** The collection's row number, or 404 when it does not exist or has expired. */
export function collectionNum(world: SearchStore, id: string, nowS: number): number {
  const num = world.statements
    .get('SELECT num FROM collections WHERE id = ? AND created_at > ?')
    .pluck()
    .get(id, expiryCutoff(nowS)) as number | undefined;
  if (num === undefined) throw notFound('collection', id);
  return num;
}

/**
 * One collection with a page of image names. A marker that is exactly an image name starts the
 * page after it; any other marker (a partial name) starts at the first name at or after it in
 * name order, so a prefix starts at the first image that begins with it.
 */
export function showCollection(
  world: SearchStore,
  id: string,
  bag: ParamBag,
  nowS: number,
): CollectionWithImages {
  const r = new ParamReader(bag, ['limit', 'marker']);
  const limit =
    r.int('limit', { min: 0, max: COLLECTION_IMAGES_LIMIT.limitMax }) ??
    COLLECTION_IMAGES_LIMIT.limitDefault;
  const marker = r.string('marker') ?? '';
  const num = collectionNum(world, id, nowS);
  const row = world.statements.get('SELECT * FROM collections WHERE num = ?').get(num) as Row;
  const st = world.statements;
  const exact =
    marker !== '' &&
    st.get('SELECT 1 FROM collection_images WHERE collection = ? AND name = ?').get(num, marker) !==
      undefined;
  const images = st
    .get(
      `SELECT name FROM collection_images WHERE collection = ? AND name ${exact ? '>' : '>='} ? ORDER BY name LIMIT ?`,
    )
    .pluck()
    .all(num, marker, limit) as string[];
  return { ...toCollection(row), images, limit, marker };
}
