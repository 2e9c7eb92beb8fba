import type { wallChannels } from '../../shared/ipc/wall.ts';
import { WallStore } from '../wall/store.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** Browser mode and the CLI have no displays to put a wall on. */
const NO_DISPLAYS =
  'Only the desktop app puts a wall on a display: in the browser, use "Open in a new window" and move it there.';

/** Saved walls; on the desktop, a saved wall on a display of its own. Nothing runs in the background. */
export function wallFeature(
  ctx: Pick<CoreParts, 'db' | 'desktop'>,
): Feature<ChannelsIn<typeof wallChannels>> {
  const store = new WallStore(ctx.db);
  const { desktop } = ctx;
  const handlers: Feature<ChannelsIn<typeof wallChannels>>['handlers'] = {
    'walls.list': () => store.list(),
    'walls.open': ({ id }) => store.open(id),
    'walls.save': (input) => store.save(input),
    'walls.remove': ({ id }) => ({ removed: store.remove(id) }),
    'walls.displays': () => {
      if (!desktop?.wallDisplays) throw new Error(NO_DISPLAYS);
      return desktop.wallDisplays();
    },
    'walls.showOnDisplay': async ({ wallId, display, kiosk }) => {
      if (!desktop?.showWallOnDisplay) throw new Error(NO_DISPLAYS);
      await desktop.showWallOnDisplay(wallId, display, kiosk);
      return { shown: true };
    },
  };
  return { name: 'wall', handlers };
}
