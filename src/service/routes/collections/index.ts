/**
 * Section 4.6: the collection routes. Search and show, Create, Update and Destroy, the
 * image operations and Preview, and the signed contact sheets. The /collections/...
 * operations answer with and without the /v1 prefix (the document leaves it open), or, as a
 * variant's choice (collectionPaths), under only one of them.
 */
import type { ServiceContext } from '../../context.ts';
import type { Handler, Method, RequestContext, Router } from '../../http/router.ts';
import { imageNamesOf } from '../../media/image-names.ts';
import { collectionNum, searchCollections, showCollectionPage } from '../../search/collections.ts';
import { registerSearch } from '../search-and-show.ts';
import { signedFile, storedFile } from '../signed.ts';
import { postCollectionImage } from './add-image.ts';
import { empty, preview, removeCollectionImage, showCollectionImage } from './images.ts';
import { create, destroy, update } from './write.ts';

export function registerCollectionEndpoints(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/collections', searchCollections);
  router.get('/v1/collections/:id', (ctx) => ({ json: show(s, ctx) }));
  router.post('/v1/collections', (ctx) => create(s, ctx));
  router.patch('/v1/collections/:id', (ctx) => update(s, ctx));
  const paths = s.variant.collectionPaths;
  const imagesRoute = (method: Method, path: string, handler: Handler): void => {
    if (paths !== 'bare') router.add(method, `/v1${path}`, handler);
    if (paths !== 'v1') router.add(method, path, handler);
  };
  imagesRoute('GET', '/collections/:id/images/:name', (ctx) => showCollectionImage(s, ctx));
  imagesRoute('POST', '/collections/:id/images', (ctx) => postCollectionImage(s, ctx));
  imagesRoute('DELETE', '/collections/:id/images/:name', (ctx) => removeCollectionImage(s, ctx));
  imagesRoute('GET', '/collections/:id/preview', (ctx) => preview(s, ctx));
  imagesRoute('DELETE', '/collections/:id/images', (ctx) => empty(s, ctx));
  imagesRoute('DELETE', '/collections/:id', (ctx) => destroy(s, ctx));
}

/** The signed contact sheets (also served alone by the signed files' own host). */
export function registerCollectionFiles(router: Router, s: ServiceContext): void {
  router.get(
    '/signed/sheets/:file',
    signedFile(s, (m, ctx) => storedFile(m, 'sheets', ctx.pathParams['file']!, 'image/jpeg')),
    { auth: false },
  );
}

function show(s: ServiceContext, ctx: RequestContext) {
  const id = ctx.pathParams['id']!;
  const nowS = s.clock.nowS();
  const page = showCollectionPage(s.world, id, ctx.params, nowS);
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
