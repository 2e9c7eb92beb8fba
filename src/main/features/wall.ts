import type { wallChannels } from '../../shared/ipc/wall.ts';
import {
  camerasByIds,
  imageTimes,
  latestSensors,
  recentCollections,
  recordLast,
  searchCameras,
  snapshot,
  type AddImage,
} from '../wall/cameras.ts';
import { WallStore } from '../wall/store.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** Saved walls, and what a wall's tiles ask of the service. Nothing runs in the background. */
export function wallFeature(
  ctx: Pick<CoreParts, 'cache' | 'client' | 'db'>,
  /** The collections' own way to add an image (a kept collection follows at once). */
  addImage: AddImage,
): Feature<ChannelsIn<typeof wallChannels>> {
  const store = new WallStore(ctx.db);
  const handlers: Feature<ChannelsIn<typeof wallChannels>>['handlers'] = {
    'wall.list': () => store.list(),
    'wall.open': ({ id }) => store.open(id),
    'wall.save': (input) => store.save(input),
    'wall.remove': ({ id }) => ({ removed: store.remove(id) }),
    'wall.searchCameras': ({ q, limit }) => searchCameras(ctx.client, q, limit),
    'wall.cameras': ({ ids }) => camerasByIds(ctx.client, ids),
    'wall.sensors': ({ ids }) => latestSensors(ctx.client, ctx.cache.searches, ids),
    'wall.imageTimes': ({ cameraId }) => imageTimes(ctx.client, cameraId),
    'wall.collections': () => recentCollections(ctx.client),
    'wall.snapshot': (input) => snapshot(ctx.client, input, addImage),
    'wall.recordLast': ({ cameraId, minutes }) => recordLast(ctx.client, cameraId, minutes),
  };
  return { name: 'wall', handlers };
}
