import type { recordingsChannels } from '../../shared/ipc/recordings.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** One recording's detail and its tags. Nothing runs in the background. */
export function recordingsFeature(
  ctx: Pick<CoreParts, 'client'>,
): Feature<ChannelsIn<typeof recordingsChannels>> {
  const handlers: Feature<ChannelsIn<typeof recordingsChannels>>['handlers'] = {
    'recordings.show': ({ id }) => ctx.client.recordings.show(id),
    'recordings.addTags': async ({ id, tags }) => {
      const answer = await ctx.client.recordings.addTags(id, tags);
      return { tags: answer.tags };
    },
  };
  return { name: 'recordings', handlers };
}
