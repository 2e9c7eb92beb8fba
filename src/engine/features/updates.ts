import type { updatesChannels } from '../../shared/ipc/updates.ts';
import { UpdateChecker } from '../updates/checker.ts';
import type { UpdateEngine } from '../updates/engine.ts';
import type { InstallKind } from '../updates/install.ts';
import { feedReader } from '../updates/read-feed.ts';
import type { UpdateTiming } from '../updates/schedule.ts';
import { appVersion } from '../version.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';
import { Disposables } from './disposables.ts';

/** What the desktop app brings (electron-updater, how it was installed); others leave it out. */
export interface UpdatesOptions {
  /** How the feed is read; by default a plain request through the core's network. */
  engine?: UpdateEngine;
  /** By default not installed (browser mode, the CLI): the feed is read only when asked. */
  install?: InstallKind;
  timing?: Partial<UpdateTiming>;
}

type UpdatesParts = Pick<CoreParts, 'hub' | 'log' | 'network' | 'settings'>;

/** Settings › Updates: the feed read when due or asked, and what was found, in words. */
export function updatesFeature(
  parts: UpdatesParts,
  options: UpdatesOptions = {},
): Feature<ChannelsIn<typeof updatesChannels>> {
  const { hub, log, network, settings } = parts;
  const checker = new UpdateChecker({
    currentVersion: appVersion,
    install: options.install ?? { kind: 'not-installed' },
    engine:
      options.engine ??
      feedReader((url, init) => network.fetch(url, init), process.platform, process.arch),
    prefs: () => settings.get(),
    onChange: (status) => hub.emit('updates.changed', status),
    log,
    timing: options.timing,
  });
  const running = new Disposables();
  return {
    name: 'updates',
    handlers: {
      'updates.status': () => checker.status,
      'updates.check': () => checker.check(),
    },
    start() {
      running.add(hub.on('settings.changed', () => checker.prefsChanged()));
      checker.start();
      running.add(() => checker.close());
    },
    close: () => running.dispose(),
  };
}
