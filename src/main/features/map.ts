import type { mapChannels } from '../../shared/ipc/map.ts';
import { FavouritesStore } from '../map/favourites.ts';
import { mapSearch, SearchAllRunner } from '../map/searches.ts';
import { alertSnapshot } from '../map/alert-snapshots.ts';
import {
  cameraTimeline,
  REPLAY_FEATURES_KEPT,
  snapshotMarks,
  SnapshotCache,
  weatherSnapshot,
} from '../map/weather.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** The map's searches, panels and favourites; complete searches still running stop at close. */
export function mapFeature(
  ctx: Pick<CoreParts, 'cache' | 'client' | 'db' | 'hub' | 'log' | 'service'>,
): Feature<ChannelsIn<typeof mapChannels>> {
  const { client, cache, hub } = ctx;
  const runner = new SearchAllRunner(client, cache.searches, hub);
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
  const favourites = new FavouritesStore(ctx.db, ctx.service.key);
  const favouritesChanged = (list: ReturnType<FavouritesStore['list']>) => {
    hub.emit('favourites.changed', list);
    return list;
  };

  const handlers: Feature<ChannelsIn<typeof mapChannels>>['handlers'] = {
    'map.cameras.search': (p) => mapSearch(client, cache.searches, 'cameras', p),
    'map.observations.search': (p) => mapSearch(client, cache.searches, 'observations', p),
    'map.recordings.search': (p) => mapSearch(client, cache.searches, 'recordings', p),
    'map.alerts.search': (p) => mapSearch(client, cache.searches, 'alerts', p),
    'map.cameras.searchAll': ({ requestId, params }) => runner.run('cameras', requestId, params),
    'map.observations.searchAll': ({ requestId, params }) =>
      runner.run('observations', requestId, params),
    'map.alerts.all': () => runner.run('alerts', 'alerts-all', {}),
    'map.searchAll.cancel': ({ requestId }) => runner.cancel(requestId),
    'map.camera.show': ({ id }) => client.cameras.show(id),
    'map.camera.images': ({ id, time, limit }) =>
      client.cameras.images(id, time === undefined ? { limit } : { time, limit }),
    'map.camera.timeline': ({ id, hours }) => cameraTimeline(client, id, hours),
    'map.observation.show': ({ id }) => client.observations.show(id),
    'map.recordings.create': async ({ cameraId, duration, start, tags }) => {
      const answer = await client.recordings.create({
        camera_id: cameraId,
        duration,
        ...(start === undefined ? {} : { start }),
        ...(tags.length === 0 ? {} : { tags }),
      });
      ctx.log(`recording ${answer.recording_id} created for camera ${cameraId}`);
      return { recordingId: answer.recording_id };
    },
    'map.snapshot.marks': ({ hours }) => snapshotMarks(client, hours),
    'map.snapshot': ({ time }) => snapshots.get(time),
    'map.snapshot.alerts': ({ time }) => alertSnapshots.get(time),
    'favourites.list': () => favourites.list(),
    'favourites.add': ({ cameraId, name }) => favouritesChanged(favourites.add(cameraId, name)),
    'favourites.remove': ({ cameraId }) => favouritesChanged(favourites.remove(cameraId)),
  };
  return { name: 'map', handlers, close: () => runner.cancelAll() };
}
