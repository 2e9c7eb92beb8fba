/**
 * `roadcam collections list|show`. What is fetched is also kept offline, and shown from there
 * (with when it was synced) when the service cannot be reached.
 */
import type { CollectionSearchParams } from '../../shared/api/index.ts';
import { said } from '../../shared/i18n/translator.ts';
import { checkFlags, flag, intFlag, UsageError, type Argv } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { note, printJson, printLines, printNdjson, printTable } from '../output.ts';
import { LIST_FLAGS } from './flags.ts';

export async function listCollections(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...LIST_FLAGS, ...GLOBAL_FLAGS], 'roadcam collections list');
  const params = listParams(ctx.argv);
  return withEngine(ctx, async (engine) => {
    const { results, total, offline } = await invoke(engine, 'cli.collections.list', {
      params: params as Record<string, unknown>,
    });
    if (offline) {
      note(ctx.io, ctx.words.t('cli.collections.offline'));
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
      note(ctx.io, ctx.words.t('cli.collections.count', { shown: results.length, total }));
    }
    return 0;
  });
}

export async function showCollection(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam collections show');
  if (!id)
    throw new UsageError(
      said('cli.needsWord', { command: 'collections show', what: 'collection' }),
    );
  return withEngine(ctx, async (engine) => {
    const { collection, syncedAt } = await invoke(engine, 'cli.collections.show', { id });
    if (syncedAt !== null) {
      note(ctx.io, ctx.words.t('cli.collections.offlineCopy', { syncedAt }));
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
