/** Section 4.6: collection index and show (changes and images come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { searchCollections, showCollection } from '../search/collections.ts';
import { registerSearch } from './search-routes.ts';

export function registerCollectionRoutes(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/collections', searchCollections);
  router.get('/v1/collections/:id', (ctx) => ({
    json: showCollection(s.world, ctx.pathParams['id']!, ctx.params, s.clock.nowS()),
  }));
}
