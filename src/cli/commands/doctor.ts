import { connectionReportText } from '../../shared/connection-words.ts';
import { checkFlags } from '../argv.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { plainText, printJson } from '../output.ts';

/**
 * `roadcam doctor`: the connection report in LANG's language, as text to send to support (or
 * JSON, whose `text` is English). Exit 0 when every check passed, 1 when one failed: a script
 * can tell.
 */
export async function doctor(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam doctor');
  return withEngine(ctx, async (engine) => {
    // The app's Check connection: the same report, demo mode said when it is the demo service.
    const report = await invoke(engine, 'app.connectionReport', {});
    if (ctx.json) printJson(ctx.io, report);
    else ctx.io.stdout.write(plainText(connectionReportText(report, (s) => ctx.words.say(s))));
    return report.ok ? 0 : 1;
  });
}
