import type { alertChannels } from '../../shared/ipc/alerts.ts';
import type { AlertWatcher } from '../alerts/watches.ts';
import type { GroupHandlers, HandlerContext } from './context.ts';

export function alertHandlers(
  ctx: HandlerContext,
  watcher: AlertWatcher,
): GroupHandlers<typeof alertChannels> {
  return {
    'watches.list': () => watcher.list(),
    'watches.add': ({ name, area }) => {
      ctx.log(`watching a new area: ${name}`);
      return watcher.add(name, area);
    },
    'watches.remove': ({ id }) => watcher.remove(id),
    'watches.check': async () => {
      await watcher.check();
      return watcher.list();
    },
  };
}
