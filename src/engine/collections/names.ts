import type { Collection } from '../../shared/api/index.ts';
import { COLLECTION_IMAGES_LIMIT } from '../../shared/api/index.ts';
import type { ApiClient } from '../api/client.ts';
import { PagingStopped } from '../api/paging.ts';
import { said } from '../../shared/i18n/translator.ts';

/**
 * More names than a collection of frames kept for people holds (the interface sets no bound),
 * and more pages than reaching them takes: past either, the service is inventing names.
 */
const MAX_NAMES = 500_000;
const MAX_PAGES = 10_000;

/**
 * A collection's fields and every image name, following the marker from page to page (the
 * last name of one page is the marker of the next). Paging goes by what the service returned:
 * it ends on an empty page or when the marker stops moving, never because a page held fewer
 * names than asked for (a service may hand out fewer). A name seen twice, because the
 * collection changed while paging, is kept once. A marker handed out again (a service going
 * round in circles), or more names or pages than any real collection, stops it in words.
 */
export async function allImageNames(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<{ collection: Collection; names: string[] }> {
  const limit = COLLECTION_IMAGES_LIMIT.limitMax;
  const names: string[] = [];
  const seen = new Set<string>();
  let collection: Collection | undefined;
  let marker = '';
  const markers = new Set<string>();
  const operation = said('api.op.show', { kind: 'collections', id });
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES || names.length > MAX_NAMES) {
      throw new PagingStopped(
        operation,
        said('api.paging.tooManyNames', { names: names.length, pages: String(page - 1) }),
      );
    }
    const answer = await client.collections.show(
      id,
      { limit, ...(marker ? { marker } : {}) },
      { signal },
    );
    const { _id, name, description, tags, created_at, updated_at } = answer;
    collection ??= { _id, name, description, tags, created_at, updated_at };
    for (const image of answer.images) {
      if (seen.has(image)) continue;
      seen.add(image);
      names.push(image);
    }
    const last = answer.images.at(-1);
    if (last === undefined || last === marker) return { collection, names };
    if (markers.has(last)) {
      throw new PagingStopped(
        operation,
        said('api.paging.markerLoop', { marker: last.slice(0, 80) }),
      );
    }
    markers.add(last);
    marker = last;
  }
}
