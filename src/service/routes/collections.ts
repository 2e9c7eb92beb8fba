/** Section 4.6: collection index and show (changes and images come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { RequestContext, Router } from '../http/router.ts';
import { imageNamesOf } from '../media/image-names.ts';
import { collectionNum, searchCollections, showCollection } from '../search/collections.ts';
import { registerSearch } from './search-routes.ts';

export function registerCollectionRoutes(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/collections', searchCollections);
  router.get('/v1/collections/:id', (ctx) => ({ json: show(s, ctx) }));
}

function show(s: ServiceContext, ctx: RequestContext) {
  const id = ctx.pathParams['id']!;
  const nowS = s.clock.nowS();
  const page = showCollection(s.world, id, ctx.params, nowS);
  if (s.variant.imageNames === 'camera-time') return page;
  // Names shown in another form than stored sort otherwise: the marker rule (an exact name
  // starts after it, a partial one at the first name at or after it) applies to the shown
  // names, in their order.
  const names = imageNamesOf(s);
  const shown = (
    s.world.db
      .prepare('SELECT name FROM collection_images WHERE collection = ?')
      .pluck()
      .all(collectionNum(s.world, id, nowS)) as string[]
  )
    .map((name) => names.shown(name))
    .sort();
  const { marker, limit } = page;
  const exact = marker !== '' && shown.includes(marker);
  const start = shown.findIndex((name) => (exact ? name > marker : name >= marker));
  const images = start < 0 ? [] : shown.slice(start, start + limit);
  return { ...page, images };
}
