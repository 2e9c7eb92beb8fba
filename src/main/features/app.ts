import type { appChannels, CacheUsage } from '../../shared/ipc/app.ts';
import { networkOptions, proxyPasswordFor } from '../net/choice.ts';
import type { ConnectionChannels } from './connection.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

type AppParts = Pick<
  CoreParts,
  'cache' | 'credentials' | 'desktop' | 'hub' | 'log' | 'network' | 'networkOverrides' | 'settings'
>;

/** Settings, the cache's size, and the desktop's file pickers. Nothing runs in the background. */
export function appFeature(
  parts: AppParts,
): Feature<Exclude<ChannelsIn<typeof appChannels>, ConnectionChannels>> {
  const { cache, credentials, desktop, hub, log, network, networkOverrides, settings } = parts;
  const usage = (): CacheUsage => ({
    mediaBytes: cache.media.totalBytes(),
    mediaFiles: cache.media.count(),
    searches: cache.searches.count(),
  });
  return {
    name: 'app',
    handlers: {
      'app.chooseFolder': ({ title, defaultPath }) => {
        if (!desktop)
          throw new Error('There is no folder picker in browser mode: type the folder path.');
        return desktop.chooseFolder(title, defaultPath);
      },
      'app.chooseFile': ({ title, defaultPath, filters }) => {
        if (!desktop)
          throw new Error('There is no file picker in browser mode: type the file path.');
        return desktop.chooseFile(title, defaultPath, filters ?? []);
      },
      'cache.usage': () => usage(),
      'cache.clear': () => {
        const files = cache.media.evictTo(0);
        const searches = cache.searches.prune(0);
        log(`cache cleared: ${files} media files, ${searches} searches`);
        return usage();
      },
      'settings.setProxyPassword': async ({ password }) => {
        const current = settings.get();
        await credentials.saveProxyPassword(current.proxyUrl, password);
        network.choose({
          ...networkOptions(networkOverrides, current),
          proxyPassword: await proxyPasswordFor(current, credentials, log),
        });
        return null;
      },
      'settings.get': () => settings.get(),
      'settings.update': async (patch) => {
        if ('proxyMode' in patch || 'proxyUrl' in patch || 'caFile' in patch) {
          // A proxy or CA file that cannot work is refused with its reason, before it is saved.
          const wanted = { ...settings.get(), ...patch };
          const proxyPassword = await proxyPasswordFor(wanted, credentials, log);
          network.choose({ ...networkOptions(networkOverrides, wanted), proxyPassword });
        }
        const next = settings.update(patch);
        hub.emit('settings.changed', next);
        return next;
      },
    },
  };
}
