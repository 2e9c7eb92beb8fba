/**
 * `roadcam collections list|show`. What is fetched is also kept offline, and shown from there
 * (with when it was synced) when the service cannot be reached.
 */
import { NetworkError } from '../../engine/api/index.ts';
import type { Collection, CollectionSearchParams } from '../../shared/api/index.ts';
import { checkFlags, flag, intFlag, UsageError, type Argv } from '../argv.ts';
import { GLOBAL_FLAGS, withCore, type Context } from '../context.ts';
import { note, printJson, printLines, printNdjson, printTable } from '../output.ts';

export const LIST_FLAGS = [
  'q',
  'created_at_min',
  'created_at_max',
  'updated_at_min',
  'updated_at_max',
  'limit',
  'skip',
  'sort',
  'sort_dir',
];

export async function listCollections(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...LIST_FLAGS, ...GLOBAL_FLAGS], 'roadcam collections list');
  const params = listParams(ctx.argv);
  return withCore(ctx, async (core) => {
    let results: Collection[];
    let total: number;
    try {
      const page = await core.client.collections.search(params);
      core.cache.collections.save(page.results);
      ({ results, total } = page);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      results = core.cache.collections.list();
      total = results.length;
      note(ctx.io, 'The service could not be reached: showing the collections kept offline.');
    }
    if (ctx.json) printNdjson(ctx.io, results);
    else {
      printTable(
        ctx.io,
        ['id', 'name', 'tags', 'updated_at', 'description'],
        results.map((c) => ({
          id: c._id,
          name: c.name,
          tags: c.tags.join(','),
          updated_at: c.updated_at,
          description: c.description,
        })),
      );
      note(ctx.io, `${results.length} of ${total} collections`);
    }
    return 0;
  });
}

export async function showCollection(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam collections show');
  if (!id) throw new UsageError('roadcam collections show needs a collection id.');
  return withCore(ctx, async (core) => {
    let collection: Collection & { images: string[] };
    try {
      const first = await core.client.collections.show(id, { limit: 1 });
      const images: string[] = [];
      for await (const name of core.client.collections.imageNames(id)) images.push(name);
      const fields: Collection = {
        _id: first._id,
        name: first.name,
        description: first.description,
        tags: first.tags,
        created_at: first.created_at,
        updated_at: first.updated_at,
      };
      collection = { ...fields, images };
      core.cache.collections.save([fields]);
      core.cache.collections.saveImages(id, images);
    } catch (error) {
      const offline = error instanceof NetworkError ? core.cache.collections.get(id) : undefined;
      if (!offline) throw error;
      note(
        ctx.io,
        `The service could not be reached: showing the copy synced at ${offline.imagesSyncedAt ?? offline.syncedAt}.`,
      );
      collection = offline;
    }
    if (ctx.json) printJson(ctx.io, collection);
    else {
      printTable(
        ctx.io,
        ['field', 'value'],
        [
          { field: 'id', value: collection._id },
          { field: 'name', value: collection.name },
          { field: 'description', value: collection.description },
          { field: 'tags', value: collection.tags.join(',') },
          { field: 'created_at', value: collection.created_at },
          { field: 'updated_at', value: collection.updated_at },
          { field: 'images', value: String(collection.images.length) },
        ],
      );
      printLines(ctx.io, collection.images);
    }
    return 0;
  });
}

function listParams(argv: Argv): CollectionSearchParams {
  const params: Record<string, unknown> = {};
  for (const name of LIST_FLAGS) {
    const value = flag(argv, name);
    if (value !== undefined) params[name] = value;
  }
  const limit = intFlag(argv, 'limit', 1, 100);
  const skip = intFlag(argv, 'skip', 0, 4000);
  if (limit !== undefined) params.limit = limit;
  if (skip !== undefined) params.skip = skip;
  return params as CollectionSearchParams;
}
