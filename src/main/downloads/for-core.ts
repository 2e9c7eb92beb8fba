/**
 * The core's download manager: one per running core, made before the channel handlers (the
 * downloads and collections groups both use it, src/main/handlers/), closed by the core before
 * the database.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../../shared/settings.ts';
import type { ApiClient } from '../api/client.ts';
import type { SettingsStore } from '../db/settings-store.ts';
import type { Db } from '../db/database.ts';
import type { EventHub } from '../events.ts';
import type { Log } from '../log.ts';
import { DownloadManager } from './manager.ts';

export interface CoreDownloadsOptions {
  db: Db;
  client: ApiClient;
  hub: EventHub;
  settings: SettingsStore;
  dataDir: string;
  log: Log;
  /** Demo mode's service moves to another port at each start: its queue is keyed 'demo'. */
  demo: boolean;
}

export function startCoreDownloads(o: CoreDownloadsOptions): DownloadManager {
  // Read on every chunk by the speed limit, so kept in memory and refreshed by the event.
  let settings: Settings = o.settings.get();
  const manager = new DownloadManager({
    db: o.db,
    client: o.client,
    service: o.demo ? 'demo' : o.client.baseUrl,
    dataDir: o.dataDir,
    settings: () => settings,
    onUpdate: (update) => o.hub.emit('downloads.update', update),
    onBatchFinished: (event) => o.hub.emit('downloads.batchFinished', event),
    log: o.log,
  }).start();
  o.hub.on('settings.changed', (next) => {
    settings = next;
    manager.nudge();
  });
  return manager;
}

/** settings.downloadFolder, else ~/Downloads/Roadcam. */
export function defaultDownloadFolder(setting: string): string {
  return setting.trim() !== '' ? setting : join(homedir(), 'Downloads', 'Roadcam');
}
