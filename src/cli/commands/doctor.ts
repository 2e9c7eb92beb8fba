import { checkConnection } from '../../engine/connection/check.ts';
import { appVersion } from '../../engine/version.ts';
import { checkFlags } from '../argv.ts';
import { GLOBAL_FLAGS, withCore, type Context } from '../context.ts';
import { plainText, printJson } from '../output.ts';

/**
 * `roadcam doctor`: the connection report, as text to send to support (or JSON). Exit 0 when
 * every check passed, 1 when one failed: a script can tell.
 */
export async function doctor(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam doctor');
  return withCore(ctx, async (core) => {
    const report = await checkConnection({
      client: core.client,
      network: core.network,
      version: appVersion,
      demo: ctx.argv.switches.has('demo'),
    });
    if (ctx.json) printJson(ctx.io, report);
    else ctx.io.stdout.write(plainText(report.text));
    return report.ok ? 0 : 1;
  });
}
