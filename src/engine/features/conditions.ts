import { CHANGE_KINDS } from '../../shared/condition-changes.ts';
import type { conditionsChannels } from '../../shared/ipc/conditions.ts';
import { ConditionHistoryReader } from '../conditions/history.ts';
import { ConditionStore } from '../conditions/store.ts';
import { ConditionWatcher } from '../conditions/watcher.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/** Condition watches: checked for changes of the road conditions every `intervalMs`. */
export function conditionsFeature(
  { client, db, hub, log, service }: Pick<CoreParts, 'client' | 'db' | 'hub' | 'log' | 'service'>,
  intervalMs = 600_000,
): Feature<ChannelsIn<typeof conditionsChannels>> {
  const store = new ConditionStore(db, service.key);
  const watcher = new ConditionWatcher(client, store, hub, log);
  const history = new ConditionHistoryReader(client);
  return {
    name: 'condition watches',
    handlers: {
      'conditions.watches.list': () => watcher.list(),
      'conditions.watches.add': ({ name, target, changes }) => {
        log(`watching the road conditions of ${name}`);
        return watcher.add(name, target, changes ?? [...CHANGE_KINDS]);
      },
      'conditions.watches.remove': ({ id }) => watcher.remove(id),
      'conditions.watches.check': async () => {
        await watcher.check();
        return watcher.list();
      },
      'conditions.changes': async ({ id, history: withHistory, hours }) => {
        const watch = store.get(id);
        if (!watch) {
          throw new Error(`There is no condition watch ${id}; it may have been removed.`);
        }
        return {
          watch,
          changes: store.changes(id),
          history: withHistory ? await history.history(watch, hours ?? 48) : null,
        };
      },
    },
    start: () => watcher.start(intervalMs),
    close: () => watcher.close(),
  };
}
