/**
 * Section 4.6: collection index and show (the JSON envelope of 2.7, not GeoJSON). Images are
 * listed in name order; marker rules in showCollection. Collections older than 90 days have
 * expired and are never found.
 */
import {
  COLLECTION_IMAGES_LIMIT,
  type Collection,
  type CollectionIndex,
  type CollectionWithImages,
} from '../../shared/api/index.ts';
import { notFound } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import { addTextQuery, addTimeRanges, Where, type SearchStore } from './common.ts';
import { readSearch, searchTable, type Table } from './paging.ts';
import { ParamReader } from './reader.ts';
import { expiryCutoff } from './recordings.ts';
import { isoFromSeconds } from './times.ts';

interface Row {
  num: number;
  id: string;
  name: string;
  description: string;
  tags: string;
  created_at: number;
  updated_at: number;
}

const TABLE: Table<'collections'> = {
  columns: 'k.*',
  from: 'collections k',
  sortColumns: { name: 'k.name', created_at: 'k.created_at', updated_at: 'k.updated_at' },
  tieBreaker: 'k.id',
  rowid: 'k.num',
  aggs: { tags: { key: 't.tag', join: 'JOIN collection_tags t ON t.collection = k.num' } },
  points: false,
};

function toCollection(row: Row): Collection {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    created_at: isoFromSeconds(row.created_at),
    updated_at: isoFromSeconds(row.updated_at),
  };
}

export function searchCollections(
  world: SearchStore,
  bag: ParamBag,
  nowS: number,
): CollectionIndex {
  const request = readSearch(bag, 'collections');
  const { r, page } = request;
  const where = new Where().floor('k', 'collections', 'created_at', expiryCutoff(nowS));
  addTextQuery(r, where, 'k.num', 'collections_fts');
  addTimeRanges(r, where, 'k', ['created_at', 'updated_at']);
  const found = searchTable<'collections', Row>(world.statements, TABLE, where, request);
  const { rows, total, aggs } = found;
  return { results: rows.map(toCollection), total, skip: page.skip, limit: page.limit, aggs };
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
export function showCollectionPage(
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
