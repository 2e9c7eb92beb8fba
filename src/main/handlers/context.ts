import type { Channel } from '../../shared/ipc.ts';
import type { ApiClient } from '../api/client.ts';
import type { Cache } from '../cache/open.ts';
import type { Connection } from '../connection.ts';
import type { ConnectionOptions } from '../core.ts';
import type { NetworkOverrides } from '../net/choice.ts';
import type { Network } from '../net/network.ts';
import type { CredentialStore } from '../credentials/store.ts';
import type { Db } from '../db/database.ts';
import type { DesktopBridge } from '../desktop.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import type { SettingsStore } from '../db/settings-store.ts';
import type { EventHub } from '../events.ts';
import type { Handlers } from '../ipc/dispatcher.ts';
import type { Log } from '../log.ts';
import type { MediaResolver } from '../media/resolver.ts';

/** What the channel handlers of every feature may use: the core's parts. */
export interface HandlerContext {
  dataDir: string;
  db: Db;
  hub: EventHub;
  log: Log;
  client: ApiClient;
  cache: Cache;
  settings: SettingsStore;
  connection: Connection;
  /** How the running core was started (demo, a profile, or given credentials). */
  connectionOptions: ConnectionOptions;
  credentials: CredentialStore;
  media: MediaResolver;
  /** The desktop app's dialogs and shell; absent in browser mode and the CLI. */
  desktop: DesktopBridge | undefined;
  /** The download engine (src/main/downloads/): the downloads and collections groups use it. */
  downloads: DownloadManager;
  /** The core's HTTP stack; Settings > Network changes its proxy and certificates. */
  network: Network;
  /** Network choices given on the command line, which win over Settings. */
  networkOverrides: NetworkOverrides | undefined;
  /** What a feature started (timers, subscriptions, syncs) is released here when the core closes. */
  onClose(release: () => void | Promise<void>): void;
}

/** The handlers of one feature's channel group (`typeof appChannels`). */
export type GroupHandlers<G> = Pick<Handlers, keyof G & Channel>;
