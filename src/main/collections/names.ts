import type { Collection } from '../../shared/api/index.ts';
import { COLLECTION_IMAGES_LIMIT } from '../../shared/api/index.ts';
import type { ApiClient } from '../api/client.ts';

/**
 * A collection's fields and every image name, following the marker from page to page (the
 * last name of one page is the marker of the next). Paging goes by what the service returned:
 * it ends on an empty page or when the marker stops moving, never because a page held fewer
 * names than asked for (a service may hand out fewer). A name seen twice, because the
 * collection changed while paging, is kept once.
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
  for (;;) {
    const page = await client.collections.show(
      id,
      { limit, ...(marker ? { marker } : {}) },
      { signal },
    );
    const { _id, name, description, tags, created_at, updated_at } = page;
    collection ??= { _id, name, description, tags, created_at, updated_at };
    for (const image of page.images) {
      if (seen.has(image)) continue;
      seen.add(image);
      names.push(image);
    }
    const last = page.images.at(-1);
    if (last === undefined || last === marker) return { collection, names };
    marker = last;
  }
}
