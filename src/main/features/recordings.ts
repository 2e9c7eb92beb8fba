import type { recordingsChannels } from '../../shared/ipc/recordings.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** Recordings many cameras make end in a download batch: the downloads feature answers them. */
type RecordingChannels = Exclude<ChannelsIn<typeof recordingsChannels>, 'recordings.createMany'>;

/** One recording's detail and its tags. Nothing runs in the background. */
export function recordingsFeature(ctx: Pick<CoreParts, 'client'>): Feature<RecordingChannels> {
  const handlers: Feature<RecordingChannels>['handlers'] = {
    'recordings.show': ({ id }) => ctx.client.recordings.show(id),
    'recordings.addTags': async ({ id, tags }) => {
      const answer = await ctx.client.recordings.addTags(id, tags);
      return { tags: answer.tags };
    },
  };
  return { name: 'recordings', handlers };
}
