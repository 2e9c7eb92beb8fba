import type { wallChannels } from '../../shared/ipc/wall.ts';
import { WallStore } from '../wall/store.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** Saved walls. Nothing runs in the background. */
export function wallFeature(ctx: Pick<CoreParts, 'db'>): Feature<ChannelsIn<typeof wallChannels>> {
  const store = new WallStore(ctx.db);
  const handlers: Feature<ChannelsIn<typeof wallChannels>>['handlers'] = {
    'walls.list': () => store.list(),
    'walls.open': ({ id }) => store.open(id),
    'walls.save': (input) => store.save(input),
    'walls.remove': ({ id }) => ({ removed: store.remove(id) }),
  };
  return { name: 'wall', handlers };
}
