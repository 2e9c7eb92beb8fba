import { resolve } from 'node:path';
import { flushLog, saveStandaloneDiagnostics } from '../../engine/index.ts';
import { checkFlags, UsageError } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';
import { GLOBAL_FLAGS, logFor, pathFlag, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { printJson } from '../output.ts';
import { checkOut } from '../save.ts';
import { DIAGNOSTICS_FLAGS } from './flags.ts';

/**
 * `roadcam diagnostics --out FILE [--force] [--include-crash-dumps]`: the zip of Help > Save
 * diagnostics (logs, the connection report, settings, versions; every secret redacted; crash
 * dumps, which hold the app's memory, only when asked), for a bug report. Prints its path.
 * When Roadcam cannot start (the case that needs it most) the zip is written all the same, with
 * the reason instead of the connection report. A file already at FILE is kept without --force.
 */
export async function diagnostics(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...DIAGNOSTICS_FLAGS, ...GLOBAL_FLAGS], 'roadcam diagnostics');
  const given = pathFlag(ctx, 'out');
  if (!given) throw new UsageError(said('cli.diagnostics.needsOut'));
  const out = resolve(given);
  const crashDumps = ctx.argv.switches.has('include-crash-dumps');
  const options = { ...(await checkOut(ctx.argv, out)), crashDumps };
  let started = false;
  try {
    return await withEngine(ctx, async (engine) => {
      started = true;
      const saved = await invoke(engine, 'cli.diagnostics.save', {
        out,
        replace: options.replace,
        crashDumps,
      });
      printSaved(ctx, saved);
      return 0;
    });
  } catch (error) {
    if (started || error instanceof UsageError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    const log = logFor(ctx);
    log(`diagnostics: Roadcam could not start: ${why}`, 'error');
    await flushLog(log);
    const secrets = [ctx.env.ROADCAM_CLIENT_SECRET];
    printSaved(ctx, await saveStandaloneDiagnostics(ctx.dataDir, why, secrets, out, options));
    ctx.io.stderr.write(`roadcam: ${ctx.words.t('cli.diagnostics.noStart', { why })}\n`);
    return 0;
  }
}

function printSaved(ctx: Context, saved: { path: string; bytes: number }): void {
  if (ctx.json) printJson(ctx.io, saved);
  else ctx.io.stdout.write(`${saved.path}\n`);
}
