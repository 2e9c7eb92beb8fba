/**
 * Section 4.6 Show Image, Remove Image, Empty and Preview. Image names in paths are the
 * service's shown form (imageNamesOf); the store keeps its own.
 */
import type { ServiceContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/router.ts';
import { imageNamesOf, parseFrameName, signedFramePath } from '../../media/image-names.ts';
import { mediaOf } from '../../media/services.ts';
import { collectionNum } from '../../search/collections.ts';
import { requireNoParams } from '../../search/common.ts';
import { applyCollectionChanges } from '../../store/collections.ts';
import { contactSheet } from './contact-sheet.ts';

export const EMPTY_BATCH = 1000;

/**
 * The stored name of an image of the collection, named as the service shows it; undefined
 * when the collection holds no such image.
 */
export function storedImage(s: ServiceContext, num: number, name: string): string | undefined {
  const stored = imageNamesOf(s).stored(name);
  const found =
    stored !== undefined &&
    s.world.db
      .prepare('SELECT 1 FROM collection_images WHERE collection = ? AND name = ?')
      .get(num, stored);
  return found ? stored : undefined;
}

function requireImage(s: ServiceContext, num: number, name: string): string {
  const stored = storedImage(s, num, name);
  if (stored === undefined) throw notFound('image in this collection', name);
  return stored;
}

export function showCollectionImage(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'a collection image');
  const num = collectionNum(s.world, ctx.pathParams['id']!, s.clock.nowS());
  const name = ctx.pathParams['name']!;
  // The name identifies the frame (media/image-names.ts): no lookup of its origin needed.
  const frame = parseFrameName(requireImage(s, num, name));
  if (!frame) throw notFound('image', name);
  return { redirect: mediaOf(s).signedUrl(ctx.req, signedFramePath(frame.cameraId, frame.tMs)) };
}

export function removeCollectionImage(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'removing an image');
  const nowS = s.clock.nowS();
  const num = collectionNum(s.world, ctx.pathParams['id']!, nowS);
  const stored = requireImage(s, num, ctx.pathParams['name']!);
  s.world.db
    .prepare('DELETE FROM collection_images WHERE collection = ? AND name = ?')
    .run(num, stored);
  applyCollectionChanges(s.world.db, num, {}, nowS);
  s.world.version++;
  return { json: { ok: true } };
}

/**
 * Empty removes at most 1000 images a call (in name order); total is how many it removed (ours)
 * or, as a variant, how many are left (the interface does not say which).
 */
export function empty(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'emptying a collection');
  const nowS = s.clock.nowS();
  const num = collectionNum(s.world, ctx.pathParams['id']!, nowS);
  const info = s.world.db
    .prepare(
      'DELETE FROM collection_images WHERE collection = ? AND name IN (SELECT name FROM collection_images WHERE collection = ? ORDER BY name LIMIT ?)',
    )
    .run(num, num, EMPTY_BATCH);
  if (info.changes > 0) applyCollectionChanges(s.world.db, num, {}, nowS);
  s.world.version++;
  if (s.variant.emptyTotal === 'remaining') {
    const left = s.world.db
      .prepare('SELECT COUNT(*) AS n FROM collection_images WHERE collection = ?')
      .get(num) as { n: number };
    return { json: { ok: true, total: left.n } };
  }
  return { json: { ok: true, total: info.changes } };
}

export async function preview(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'a collection preview');
  const num = collectionNum(s.world, ctx.pathParams['id']!, s.clock.nowS());
  const file = await contactSheet(s, num);
  return { redirect: mediaOf(s).signedUrl(ctx.req, `/signed/sheets/${file}`) };
}
