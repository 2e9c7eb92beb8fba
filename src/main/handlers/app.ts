import type { appChannels, CacheUsage } from '../../shared/ipc/app.ts';
import type { GroupHandlers, HandlerContext } from './context.ts';
import { networkOptions, proxyPasswordFor } from '../net/choice.ts';
import { checkConnection } from '../net/doctor.ts';
import { appVersion } from '../version.ts';

export function appHandlers(ctx: HandlerContext): GroupHandlers<typeof appChannels> {
  const usage = (): CacheUsage => ({
    mediaBytes: ctx.cache.media.totalBytes(),
    mediaFiles: ctx.cache.media.count(),
    searches: ctx.cache.searches.count(),
  });
  return {
    'app.chooseFolder': ({ title, defaultPath }) => {
      if (!ctx.desktop)
        throw new Error('There is no folder picker in browser mode: type the folder path.');
      return ctx.desktop.chooseFolder(title, defaultPath);
    },
    'app.chooseFile': ({ title, defaultPath, filters }) => {
      if (!ctx.desktop)
        throw new Error('There is no file picker in browser mode: type the file path.');
      return ctx.desktop.chooseFile(title, defaultPath, filters ?? []);
    },
    'cache.usage': () => usage(),
    'cache.clear': () => {
      const files = ctx.cache.media.evictTo(0);
      const searches = ctx.cache.searches.prune(0);
      ctx.log(`cache cleared: ${files} media files, ${searches} searches`);
      return usage();
    },
    'app.status': () => ctx.connection.status(),
    'app.checkConnection': () => ctx.connection.check(),
    'app.connectionReport': () =>
      checkConnection({
        client: ctx.client,
        network: ctx.network,
        version: appVersion,
        demo: ctx.connectionOptions.kind === 'demo',
      }),
    'settings.setProxyPassword': async ({ password }) => {
      const current = ctx.settings.get();
      await ctx.credentials.saveProxyPassword(current.proxyUrl, password);
      ctx.network.choose({
        ...networkOptions(ctx.networkOverrides, current),
        proxyPassword: await proxyPasswordFor(current, ctx.credentials, ctx.log),
      });
      return null;
    },
    'settings.get': () => ctx.settings.get(),
    'settings.update': async (patch) => {
      if ('proxyMode' in patch || 'proxyUrl' in patch || 'caFile' in patch) {
        // A proxy or CA file that cannot work is refused with its reason, before it is saved.
        const wanted = { ...ctx.settings.get(), ...patch };
        const proxyPassword = await proxyPasswordFor(wanted, ctx.credentials, ctx.log);
        ctx.network.choose({ ...networkOptions(ctx.networkOverrides, wanted), proxyPassword });
      }
      const next = ctx.settings.update(patch);
      ctx.hub.emit('settings.changed', next);
      return next;
    },
  };
}
