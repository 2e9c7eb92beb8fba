import { isoFromMs } from '../../shared/times.ts';
import type { recordingsChannels } from '../../shared/ipc/recordings.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** Recordings many cameras make end in a download batch: the downloads feature answers them. */
type RecordingChannels = Exclude<ChannelsIn<typeof recordingsChannels>, 'recordings.createMany'>;

/** A recording made for a camera, one's detail and its tags. Nothing runs in the background. */
export function recordingsFeature(
  ctx: Pick<CoreParts, 'client' | 'log'>,
): Feature<RecordingChannels> {
  const handlers: Feature<RecordingChannels>['handlers'] = {
    'recordings.create': async ({ cameraId, duration, start: given, last, tags }) => {
      // The service's clock, not this computer's: the recording is built from its archive.
      const start = last
        ? isoFromMs((await ctx.client.serviceNowKnown()) - duration * 1000)
        : given;
      const answer = await ctx.client.recordings.create({
        camera_id: cameraId,
        duration,
        ...(start === undefined ? {} : { start }),
        ...(tags.length === 0 ? {} : { tags }),
      });
      ctx.log(`recording ${answer.recording_id} created for camera ${cameraId}`);
      return { recordingId: answer.recording_id, start: start ?? null };
    },
    'recordings.show': ({ id }) => ctx.client.recordings.show(id),
    'recordings.addTags': async ({ id, tags }) => {
      const answer = await ctx.client.recordings.addTags(id, tags);
      return { tags: answer.tags };
    },
  };
  return { name: 'recordings', handlers };
}
