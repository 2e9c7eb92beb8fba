import type { alertChannels } from '../../shared/ipc/alerts.ts';
import { AlertWatcher, WatchStore } from '../alerts/watches.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** One alert by id, and watched areas: checked for new alerts every `intervalMs` while the core runs. */
export function alertsFeature(
  { client, db, hub, log, service }: Pick<CoreParts, 'client' | 'db' | 'hub' | 'log' | 'service'>,
  intervalMs: number,
): Feature<ChannelsIn<typeof alertChannels>> {
  const watcher = new AlertWatcher(client, new WatchStore(db, service.key), hub, log);
  return {
    name: 'watched areas',
    handlers: {
      'alerts.show': ({ id }) => client.alerts.show(id),
      'alerts.watches.list': () => watcher.list(),
      'alerts.watches.add': ({ name, area }) => {
        log(`watching a new area: ${name}`);
        return watcher.add(name, area);
      },
      'alerts.watches.remove': ({ id }) => watcher.remove(id),
      'alerts.watches.check': async () => {
        await watcher.check();
        return watcher.list();
      },
    },
    start: () => watcher.start(intervalMs),
    close: () => watcher.close(),
  };
}
