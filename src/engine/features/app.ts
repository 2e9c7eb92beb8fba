import type { appChannels, CacheUsage } from '../../shared/ipc/app.ts';
import { networkOptions, proxyPasswordFor } from '../net/choice.ts';
import type { ConnectionChannels } from './connection.ts';
import { changeSettings } from './settings-change.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

type AppParts = Pick<
  CoreParts,
  | 'cache'
  | 'consent'
  | 'credentials'
  | 'desktop'
  | 'hub'
  | 'log'
  | 'network'
  | 'networkOverrides'
  | 'settings'
>;

/** Settings, the cache's size, and the desktop's file pickers. Nothing runs in the background. */
export function appFeature(
  parts: AppParts,
): Feature<Exclude<ChannelsIn<typeof appChannels>, ConnectionChannels>> {
  const { cache, consent, credentials, desktop, hub, log, network, networkOverrides, settings } =
    parts;
  const usage = (): CacheUsage => ({
    mediaBytes: cache.media.totalBytes(),
    mediaFiles: cache.media.count(),
    searches: cache.searches.count(),
  });
  return {
    name: 'app',
    handlers: {
      'app.chooseFolder': async ({ title, defaultPath }) => {
        if (!desktop)
          throw new Error('There is no folder picker in browser mode: type the folder path.');
        const folder = await desktop.chooseFolder(title, defaultPath);
        // Chosen in the native picker, so by the user: a batch may go there without asking.
        if (folder !== null) consent.picked(folder);
        return folder;
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
        const next = await changeSettings(parts, patch);
        hub.emit('settings.changed', next);
        return next;
      },
    },
  };
}
