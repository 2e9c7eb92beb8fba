/**
 * Section 4.6 Create, Update and Destroy of a collection (its images: images.ts and
 * add-image.ts).
 */
import type { ServiceContext } from '../../context.ts';
import { RequestError, invalidParameter } from '../../http/errors.ts';
import type { RequestContext } from '../../http/router.ts';
import { collectionNum } from '../../search/collections.ts';
import { requireNoParams } from '../../search/common.ts';
import { ParamReader } from '../../search/reader.ts';
import { insertCollection, applyCollectionChanges } from '../../store/collections.ts';
import { newRecordId, readTags } from '../records.ts';

const MAX_NAME = 200;
const MAX_DESCRIPTION = 5000;

function text(r: ParamReader, name: string, max: number): string | undefined {
  const v = r.string(name);
  if (v !== undefined && v.length > max)
    throw invalidParameter(name, `${name} is at most ${max} characters long.`);
  return v;
}

export function create(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['name', 'description', 'tags']);
  const name = text(r, 'name', MAX_NAME)?.trim();
  if (!name)
    throw invalidParameter('name', 'name is required: the display name of the collection.');
  const nowS = s.clock.nowS();
  const id = newRecordId('col');
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

export function update(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['name', 'description', 'tags']);
  const num = collectionNum(s.world, ctx.pathParams['id']!, s.clock.nowS());
  if (!['name', 'description', 'tags'].some((k) => k in ctx.params)) {
    throw new RequestError(400, 'invalid_request', 'Give at least one of name, description, tags.');
  }
  const name = text(r, 'name', MAX_NAME)?.trim();
  if ('name' in ctx.params && !name) throw invalidParameter('name', 'name cannot be empty.');
  const description =
    'description' in ctx.params ? (text(r, 'description', MAX_DESCRIPTION) ?? '') : undefined;
  const tags = 'tags' in ctx.params ? readTags(r) : undefined;
  applyCollectionChanges(s.world.db, num, { name, description, tags }, s.clock.nowS());
  s.world.version++;
  return { json: { ok: true } };
}

export function destroy(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'destroying a collection');
  const id = ctx.pathParams['id']!;
  const num = collectionNum(s.world, id, s.clock.nowS());
  const count = s.world.db
    .prepare('SELECT count(*) FROM collection_images WHERE collection = ?')
    .pluck()
    .get(num) as number;
  if (count > 0) {
    throw new RequestError(
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
