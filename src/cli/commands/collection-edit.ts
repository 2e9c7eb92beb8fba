/**
 * `roadcam collections create|update|add|remove|empty|destroy`: a collection changed as the
 * app changes it, through the core (core-call.ts), so that a collection kept offline follows.
 */
import { randomUUID } from 'node:crypto';
import type { ImageSource } from '../../shared/ipc/collections.ts';
import { checkFlags, flag, UsageError, type Argv } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { printJson, printLines, progress } from '../output.ts';
import { ADD_FLAGS, CREATE_FLAGS, UPDATE_FLAGS } from './flags.ts';

/** "a,b" as the list the contract takes; "" clears the tags. */
function tagsFlag(argv: Argv): string[] | undefined {
  const raw = flag(argv, 'tags');
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

function needId(id: string | undefined, command: string): string {
  if (!id)
    throw new UsageError(
      said('cli.needsWord', { command: `collections ${command}`, what: 'collection' }),
    );
  return id;
}

export async function createCollection(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...CREATE_FLAGS, ...GLOBAL_FLAGS], 'roadcam collections create');
  const name = flag(ctx.argv, 'name');
  if (name === undefined) throw new UsageError(said('cli.collections.needsName'));
  const description = flag(ctx.argv, 'description');
  const tags = tagsFlag(ctx.argv);
  return withEngine(ctx, async (engine) => {
    const { id } = await invoke(engine, 'collections.create', {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(tags !== undefined ? { tags } : {}),
    });
    if (ctx.json) printJson(ctx.io, { id });
    else printLines(ctx.io, [id]);
    return 0;
  });
}

export async function updateCollection(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...UPDATE_FLAGS, ...GLOBAL_FLAGS], 'roadcam collections update');
  const collection = needId(id, 'update');
  const name = flag(ctx.argv, 'name');
  const description = flag(ctx.argv, 'description');
  const tags = tagsFlag(ctx.argv);
  if (name === undefined && description === undefined && tags === undefined) {
    throw new UsageError(said('cli.collections.updateNeeds'));
  }
  return withEngine(ctx, async (engine) => {
    await invoke(engine, 'collections.update', {
      id: collection,
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(tags !== undefined ? { tags } : {}),
    });
    if (ctx.json) printJson(ctx.io, { ok: true });
    return 0;
  });
}

/**
 * The six parameter sets of Add Image: a camera's current image (--camera_id), an archived one
 * (--camera_id --time), an observation's preview, a recording's preview, a recording's frame
 * (--recording_id --image) and another collection's image (--collection_id --image).
 */
export function imageSource(argv: Argv): ImageSource {
  const get = (name: string) => flag(argv, name);
  const given = ['camera_id', 'observation_id', 'recording_id', 'collection_id'].filter(
    (n) => get(n) !== undefined,
  );
  if (given.length !== 1) {
    throw new UsageError(said('cli.collections.addOneOf'));
  }
  const time = get('time');
  const image = get('image');
  const refuse = (name: string, where: string) => {
    throw new UsageError(said('cli.collections.goesWithOnly', { name, where }));
  };
  if (time !== undefined && given[0] !== 'camera_id') refuse('time', '--camera_id');
  if (image !== undefined && given[0] !== 'recording_id' && given[0] !== 'collection_id') {
    refuse('image', '--recording_id or --collection_id');
  }
  switch (given[0]) {
    case 'camera_id':
      return time === undefined
        ? { kind: 'camera', cameraId: get('camera_id')! }
        : { kind: 'archive', cameraId: get('camera_id')!, time };
    case 'observation_id':
      return { kind: 'observation', observationId: get('observation_id')! };
    case 'recording_id':
      return image === undefined
        ? { kind: 'recording', recordingId: get('recording_id')! }
        : { kind: 'recordingFrame', recordingId: get('recording_id')!, image };
    default:
      if (image === undefined) throw new UsageError(said('cli.collections.needsImage'));
      return { kind: 'collection', collectionId: get('collection_id')!, image };
  }
}

export async function addImage(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...ADD_FLAGS, ...GLOBAL_FLAGS], 'roadcam collections add');
  const collection = needId(id, 'add');
  const source = imageSource(ctx.argv);
  return withEngine(ctx, async (engine) => {
    const { image } = await invoke(engine, 'collections.addImage', { id: collection, source });
    if (ctx.json) printJson(ctx.io, { image });
    else if (image !== null) printLines(ctx.io, [image]);
    return 0;
  });
}

export async function removeImage(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam collections remove');
  const collection = needId(id, 'remove');
  const name = ctx.argv.words[3];
  if (!name) throw new UsageError(said('cli.collections.removeNeedsImage'));
  return withEngine(ctx, async (engine) => {
    await invoke(engine, 'collections.removeImage', { id: collection, name });
    if (ctx.json) printJson(ctx.io, { ok: true });
    return 0;
  });
}

export function emptyCollection(ctx: Context, id: string | undefined): Promise<number> {
  return removeAll(ctx, needId(id, 'empty'), 'collections.empty');
}

export function destroyCollection(ctx: Context, id: string | undefined): Promise<number> {
  return removeAll(ctx, needId(id, 'destroy'), 'collections.destroy');
}

/** Empty and Destroy: the core repeats the service's Empty (1000 a call) with progress. */
async function removeAll(
  ctx: Context,
  id: string,
  channel: 'collections.empty' | 'collections.destroy',
): Promise<number> {
  const verb = channel === 'collections.empty' ? 'empty' : 'destroy';
  checkFlags(ctx.argv, GLOBAL_FLAGS, `roadcam collections ${verb}`);
  return withEngine(ctx, async (engine) => {
    const { removed } = await withProgress(ctx, engine, 'removed', (operationId) =>
      invoke(engine, channel, { id, operationId }),
    );
    if (ctx.json) printJson(ctx.io, { removed });
    else
      ctx.io.stderr.write(
        `${ctx.words.t('cli.collections.removed', { count: removed, destroyed: verb === 'destroy' ? 'yes' : 'no' })}\n`,
      );
    return 0;
  });
}

/** Runs a long collection operation with a progress line from its events (a terminal only). */
export async function withProgress<T>(
  ctx: Context,
  engine: Engine,
  what: 'removed' | 'exported',
  work: (operationId: string) => Promise<T>,
): Promise<T> {
  const operationId = `cli-${randomUUID()}`;
  const line = progress(ctx.io);
  const stop = engine.on('collections.progress', (p) => {
    if (p.operationId !== operationId) return;
    const { done, total } = p;
    line.update(
      total === null
        ? ctx.words.t('cli.collections.progressSoFar', { done, what })
        : ctx.words.t('cli.collections.progress', { done, total, what }),
    );
  });
  try {
    return await work(operationId);
  } finally {
    stop();
    line.done();
  }
}
