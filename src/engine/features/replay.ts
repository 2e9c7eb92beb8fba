import type { replayChannels } from '../../shared/ipc/replay.ts';
import { alertSnapshot } from '../replay/alert-snapshots.ts';
import {
  REPLAY_FEATURES_KEPT,
  snapshotMarks,
  SnapshotCache,
  weatherSnapshot,
} from '../replay/weather.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** The weather replay's marks and snapshots, with the last day's kept in memory. */
export function replayFeature(
  ctx: Pick<CoreParts, 'client'>,
): Feature<ChannelsIn<typeof replayChannels>> {
  const { client } = ctx;
  const snapshots = new SnapshotCache((mark, time) => weatherSnapshot(client, mark, time), {
    marks: 24,
    units: REPLAY_FEATURES_KEPT,
    weigh: (s) => s.ids.length,
  });
  // Alerts in force are few (hundreds), however many cameras there are.
  const alertSnapshots = new SnapshotCache((mark, time) => alertSnapshot(client, mark, time), {
    marks: 24,
    units: Infinity,
    weigh: () => 0,
  });
  const handlers: Feature<ChannelsIn<typeof replayChannels>>['handlers'] = {
    'replay.marks': ({ hours }) => snapshotMarks(client, hours),
    'replay.observations': ({ time }) => snapshots.get(time),
    'replay.alerts': ({ time }) => alertSnapshots.get(time),
  };
  return { name: 'replay', handlers };
}
