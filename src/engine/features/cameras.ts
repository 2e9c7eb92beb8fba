import type { cameraChannels } from '../../shared/ipc/cameras.ts';
import type { observationChannels } from '../../shared/ipc/observations.ts';
import { camerasByIds, imageTimes, latestSensors } from '../cameras/cameras.ts';
import { FavouritesStore } from '../cameras/favourites.ts';
import { cameraTimeline } from '../replay/weather.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

type Channels = ChannelsIn<typeof cameraChannels> | ChannelsIn<typeof observationChannels>;

/**
 * Cameras and observations beyond searching them (one, several by id, archived image times,
 * latest readings, a sensor history) and the favourites. Nothing runs in the background.
 */
export function camerasFeature(
  ctx: Pick<CoreParts, 'cache' | 'client' | 'db' | 'hub' | 'service'>,
): Feature<Channels> {
  const { client, hub } = ctx;
  const favourites = new FavouritesStore(ctx.db, ctx.service.key);
  const favouritesChanged = (list: ReturnType<FavouritesStore['list']>) => {
    hub.emit('favourites.changed', list);
    return list;
  };
  const handlers: Feature<Channels>['handlers'] = {
    'cameras.show': ({ id }) => client.cameras.show(id),
    'cameras.byIds': ({ ids }) => camerasByIds(client, ids),
    'cameras.imageTimes': ({ cameraId }) => imageTimes(client, cameraId),
    'cameras.timeline': ({ id, hours }) => cameraTimeline(client, id, hours),
    'observations.show': ({ id }) => client.observations.show(id),
    'observations.latest': ({ ids }) => latestSensors(client, ctx.cache.searches, ids),
    'favourites.list': () => favourites.list(),
    'favourites.add': ({ cameraId, name }) => favouritesChanged(favourites.add(cameraId, name)),
    'favourites.remove': ({ cameraId }) => favouritesChanged(favourites.remove(cameraId)),
  };
  return { name: 'cameras', handlers };
}
