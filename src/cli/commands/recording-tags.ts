/** `roadcam recordings tags ID --tags a,b`: adds tags to a recording (interface 4.4 Add Tags). */
import { checkFlags, flag, UsageError } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';
import { GLOBAL_FLAGS, withEngine, type Context } from '../context.ts';
import { invoke } from '../core-call.ts';
import { printJson, printLines } from '../output.ts';
import { TAGS_FLAGS } from './flags.ts';

export async function recordingTags(ctx: Context, id: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [...TAGS_FLAGS, ...GLOBAL_FLAGS], 'roadcam recordings tags');
  if (!id)
    throw new UsageError(said('cli.needsWord', { command: 'recordings tags', what: 'recording' }));
  const tags = (flag(ctx.argv, 'tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tags.length === 0) throw new UsageError(said('cli.recordings.needsTags'));
  return withEngine(ctx, async (engine) => {
    const answer = await invoke(engine, 'cli.recordings.addTags', { id, tags });
    // The service answers the recording's tags after the change: printed, for scripts.
    if (ctx.json) printJson(ctx.io, { tags: answer.tags });
    else printLines(ctx.io, [answer.tags.join(',')]);
    return 0;
  });
}
