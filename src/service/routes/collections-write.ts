/**
 * Section 4.6: every collection operation besides Index and Show. The /collections/...
 * operations answer with and without the /v1 prefix (the document leaves it open), or, as a
 * variant's choice (collectionPaths), under only one of them. Image names in paths are the
 * service's shown form (imageNamesOf); the store keeps its own.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { ApiError, invalidParameter, notFound } from '../http/errors.ts';
import type { Handler, Method, RequestContext, Router } from '../http/router.ts';
import { imageNamesOf, parseFrameName, signedFramePath } from '../media/image-names.ts';
import { mediaOf } from '../media/services.ts';
import { collectionNum } from '../search/collections.ts';
import { requireNoParams } from '../search/common.ts';
import { ParamReader } from '../search/reader.ts';
import { insertCollection, updateCollection } from '../store/collections.ts';
import { addImage } from './collection-images.ts';
import { contactSheet } from './contact-sheet.ts';
import { readTags } from './recordings-write.ts';

export const EMPTY_BATCH = 1000;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 5000;

function text(r: ParamReader, name: string, max: number): string | undefined {
  const v = r.string(name);
  if (v !== undefined && v.length > max)
    throw invalidParameter(name, `${name} is at most ${max} characters long.`);
  return v;
}

function create(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['name', 'description', 'tags']);
  const name = text(r, 'name', MAX_NAME)?.trim();
  if (!name)
    throw invalidParameter('name', 'name is required: the display name of the collection.');
  const nowS = s.clock.nowS();
  const id = `col_${randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12)}`;
  insertCollection(s.world.db, {
    id,
    name,
    description: text(r, 'description', MAX_DESCRIPTION) ?? '',
    tags: readTags(r),
    createdAt: nowS,
    updatedAt: nowS,
  });
  s.world.version++;
  return { json: { ok: true, collection_id: id } };
}

function update(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['name', 'description', 'tags']);
  const num = collectionNum(s.world, ctx.pathParams['id']!, s.clock.nowS());
  if (!['name', 'description', 'tags'].some((k) => k in ctx.params)) {
    throw new ApiError(400, 'invalid_request', 'Give at least one of name, description, tags.');
  }
  const name = text(r, 'name', MAX_NAME)?.trim();
  if ('name' in ctx.params && !name) throw invalidParameter('name', 'name cannot be empty.');
  const description =
    'description' in ctx.params ? (text(r, 'description', MAX_DESCRIPTION) ?? '') : undefined;
  const tags = 'tags' in ctx.params ? readTags(r) : undefined;
  updateCollection(s.world.db, num, { name, description, tags }, s.clock.nowS());
  s.world.version++;
  return { json: { ok: true } };
}

/** The stored name of an image of the collection, named as the service shows it. */
function requireImage(s: ServiceContext, num: number, name: string): string {
  const stored = imageNamesOf(s).stored(name);
  const found =
    stored !== undefined &&
    s.world.db
      .prepare('SELECT 1 FROM collection_images WHERE collection = ? AND name = ?')
      .get(num, stored);
  if (!found) throw notFound('image in this collection', name);
  return stored;
}

function showImage(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'a collection image');
  const num = collectionNum(s.world, ctx.pathParams['id']!, s.clock.nowS());
  const name = ctx.pathParams['name']!;
  // The name identifies the frame (media/image-names.ts): no lookup of its origin needed.
  const frame = parseFrameName(requireImage(s, num, name));
  if (!frame) throw notFound('image', name);
  return { redirect: mediaOf(s).signedUrl(ctx.req, signedFramePath(frame.cameraId, frame.tMs)) };
}

function removeImage(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'removing an image');
  const nowS = s.clock.nowS();
  const num = collectionNum(s.world, ctx.pathParams['id']!, nowS);
  const stored = requireImage(s, num, ctx.pathParams['name']!);
  s.world.db
    .prepare('DELETE FROM collection_images WHERE collection = ? AND name = ?')
    .run(num, stored);
  updateCollection(s.world.db, num, {}, nowS);
  s.world.version++;
  return { json: { ok: true } };
}

/**
 * Empty removes at most 1000 images a call (in name order); total is how many it removed (ours)
 * or, as a variant, how many are left (the spec does not say which).
 */
function empty(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'emptying a collection');
  const nowS = s.clock.nowS();
  const num = collectionNum(s.world, ctx.pathParams['id']!, nowS);
  const info = s.world.db
    .prepare(
      'DELETE FROM collection_images WHERE collection = ? AND name IN (SELECT name FROM collection_images WHERE collection = ? ORDER BY name LIMIT ?)',
    )
    .run(num, num, EMPTY_BATCH);
  if (info.changes > 0) updateCollection(s.world.db, num, {}, nowS);
  s.world.version++;
  if (s.variant.emptyTotal === 'remaining') {
    const left = s.world.db
      .prepare('SELECT COUNT(*) AS n FROM collection_images WHERE collection = ?')
      .get(num) as { n: number };
    return { json: { ok: true, total: left.n } };
  }
  return { json: { ok: true, total: info.changes } };
}

function destroy(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'destroying a collection');
  const id = ctx.pathParams['id']!;
  const num = collectionNum(s.world, id, s.clock.nowS());
  const count = s.world.db
    .prepare('SELECT count(*) FROM collection_images WHERE collection = ?')
    .pluck()
    .get(num) as number;
  if (count > 0) {
    throw new ApiError(
      409,
      'conflict',
      `Collection ${id} still holds ${count} images: empty it first (DELETE /collections/${id}/images).`,
    );
  }
  s.world.db.transaction(() => {
    s.world.db.prepare('DELETE FROM collections_fts WHERE rowid = ?').run(num);
    s.world.db.prepare('DELETE FROM collections WHERE num = ?').run(num);
  })();
  s.world.version++;
  return { json: { ok: true } };
}

async function preview(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'a collection preview');
  const num = collectionNum(s.world, ctx.pathParams['id']!, s.clock.nowS());
  const file = await contactSheet(s, num);
  return { redirect: mediaOf(s).signedUrl(ctx.req, `/signed/sheets/${file}`) };
}

export function registerCollectionWriteRoutes(router: Router, s: ServiceContext): void {
  router.post('/v1/collections', (ctx) => create(s, ctx));
  router.patch('/v1/collections/:id', (ctx) => update(s, ctx));
  const paths = s.variant.collectionPaths;
  const imagesRoute = (method: Method, path: string, handler: Handler): void => {
    if (paths !== 'bare') router.add(method, `/v1${path}`, handler);
    if (paths !== 'v1') router.add(method, path, handler);
  };
  imagesRoute('GET', '/collections/:id/images/:name', (ctx) => showImage(s, ctx));
  imagesRoute('POST', '/collections/:id/images', (ctx) => addImage(s, ctx));
  imagesRoute('DELETE', '/collections/:id/images/:name', (ctx) => removeImage(s, ctx));
  imagesRoute('GET', '/collections/:id/preview', (ctx) => preview(s, ctx));
  imagesRoute('DELETE', '/collections/:id/images', (ctx) => empty(s, ctx));
  imagesRoute('DELETE', '/collections/:id', (ctx) => destroy(s, ctx));
}
