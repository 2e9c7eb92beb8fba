import type { wallChannels } from '../../shared/ipc/wall.ts';
import {
  camerasByIds,
  imageTimes,
  latestSensors,
  recentCollections,
  recordLast,
  searchCameras,
  snapshot,
} from '../wall/cameras.ts';
import { WallStore } from '../wall/store.ts';
import type { GroupHandlers, HandlerContext } from './context.ts';

export function wallHandlers(ctx: HandlerContext): GroupHandlers<typeof wallChannels> {
  const store = new WallStore(ctx.db);
  return {
    'wall.list': () => store.list(),
    'wall.open': ({ id }) => store.open(id),
    'wall.save': (input) => store.save(input),
    'wall.remove': ({ id }) => ({ removed: store.remove(id) }),
    'wall.searchCameras': ({ q, limit }) => searchCameras(ctx.client, q, limit),
    'wall.cameras': ({ ids }) => camerasByIds(ctx.client, ids),
    'wall.sensors': ({ ids }) => latestSensors(ctx.client, ctx.cache.searches, ids),
    'wall.imageTimes': ({ cameraId }) => imageTimes(ctx.client, cameraId),
    'wall.collections': () => recentCollections(ctx.client),
    'wall.snapshot': (input) => snapshot(ctx.client, input),
    'wall.recordLast': ({ cameraId, minutes }) => recordLast(ctx.client, cameraId, minutes),
  };
}
