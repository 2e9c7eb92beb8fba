import { resolve } from 'node:path';
import { checkFlags, flag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, withCore, type Context } from '../context.ts';
import { printJson } from '../output.ts';

export const DIAGNOSTICS_FLAGS = ['out'];

/**
 * `roadcam diagnostics --out FILE`: the zip of Help > Save diagnostics (logs, the connection
 * report, settings, versions, crash dumps; every secret redacted), for a bug report. Prints its
 * path.
 */
export async function diagnostics(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...DIAGNOSTICS_FLAGS, ...GLOBAL_FLAGS], 'roadcam diagnostics');
  const out = flag(ctx.argv, 'out');
  if (!out) throw new UsageError('roadcam diagnostics needs --out FILE (the .zip to write).');
  return withCore(ctx, async (core) => {
    const saved = await core.diagnostics.save(resolve(out));
    if (ctx.json) printJson(ctx.io, saved);
    else ctx.io.stdout.write(`${saved.path}\n`);
    return 0;
  });
}
