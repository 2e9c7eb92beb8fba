import type { appChannels } from '../../shared/ipc/app.ts';
import type { GroupHandlers, HandlerContext } from './context.ts';

export function appHandlers(ctx: HandlerContext): GroupHandlers<typeof appChannels> {
  return {
    'app.status': () => ctx.connection.status(),
    'app.checkConnection': () => ctx.connection.check(),
    'settings.get': () => ctx.settings.get(),
    'settings.update': (patch) => {
      const next = ctx.settings.update(patch);
      ctx.hub.emit('settings.changed', next);
      return next;
    },
  };
}
