/**
 * `roadcam collections keep-offline|export`: the app's Keep offline and Export, through the
 * core. keep-offline waits for the first sync to finish, since the CLI's core stops when the
 * command ends; the app's later syncs keep it in step.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';
import { SaidFailure } from '../args.ts';
import { GLOBAL_FLAGS, pathFlag, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { printJson, progress } from '../output.ts';
import { withProgress } from './collection-edit.ts';
import { EXPORT_FLAGS } from './flags.ts';

export async function keepOffline(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam collections keep-offline');
  if (!id)
    throw new UsageError(
      said('cli.needsWord', { command: 'collections keep-offline', what: 'collection' }),
    );
  const keep = !ctx.argv.switches.has('off');
  return withEngine(ctx, async (engine) => {
    if (!keep) {
      await invoke(engine, 'collections.keepOffline', { id, keep: false });
      if (ctx.json) printJson(ctx.io, { kept: false });
      else ctx.io.stderr.write(`${ctx.words.t('cli.collections.letGo', { id })}\n`);
      return 0;
    }
    const line = progress(ctx.io);
    const stop = engine.on('collections.offline', (s) => {
      if (s.collectionId !== id) return;
      line.update(
        ctx.words.t('cli.collections.progress', { done: s.done, total: s.total, what: 'disk' }),
      );
    });
    let status;
    try {
      await invoke(engine, 'collections.keepOffline', { id, keep: true });
      status = await invoke(engine, 'collections.sync', { id });
    } finally {
      stop();
      line.done();
    }
    if (ctx.json) printJson(ctx.io, status);
    else {
      ctx.io.stderr.write(`${ctx.words.t('cli.collections.syncState', { ...status })}\n`);
    }
    if (status.state === 'failed') {
      // A status written before its words were kept says its English.
      const reason = status.messageSaid
        ? ctx.words.say(status.messageSaid)
        : (status.message ?? 'none');
      ctx.io.stderr.write(`roadcam: ${ctx.words.t('cli.collections.syncFailed', { reason })}\n`);
      return 1;
    }
    return 0;
  });
}

export async function exportCollection(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...EXPORT_FLAGS, ...GLOBAL_FLAGS], 'roadcam collections export');
  if (!id)
    throw new UsageError(
      said('cli.needsWord', { command: 'collections export', what: 'collection' }),
    );
  const as = flag(ctx.argv, 'as') ?? 'folder';
  if (as !== 'folder' && as !== 'zip') {
    throw new UsageError(said('cli.collections.asValue', { value: as }));
  }
  const out = pathFlag(ctx, 'out');
  return withEngine(ctx, async (engine) => {
    const result = await withProgress(ctx, engine, 'exported', (operationId) =>
      invoke(engine, 'collections.export', { id, as, operationId }),
    );
    const path = out === undefined ? result.path : await moveInto(result.path, resolve(out));
    if (ctx.json) printJson(ctx.io, { ...result, path });
    else {
      ctx.io.stdout.write(`${path}\n`);
      ctx.io.stderr.write(`${ctx.words.t('cli.collections.exported', result)}\n`);
    }
    return 0;
  });
}

/**
 * The core exports into Settings' folder ("Roadcam collections"); --out moves the export into
 * the folder named, under the same name, refusing to replace anything there.
 */
async function moveInto(path: string, folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const target = join(folder, basename(path));
  if (existsSync(target)) {
    throw new SaidFailure(said('cli.collections.exportLeft', { target, path }));
  }
  try {
    await rename(path, target);
  } catch (error) {
    // Another disk: copy, then remove the original.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(path, target, { recursive: true });
    await rm(path, { recursive: true, force: true });
  }
  return target;
}
