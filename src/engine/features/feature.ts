import type { Channel } from '../../shared/ipc.ts';
import type { ApiClient } from '../api/client.ts';
import type { Cache } from '../cache/open.ts';
import type { ConsentGate } from '../consent/gate.ts';
import type { Connection } from '../connection/state.ts';
import type { CredentialStore } from '../credentials/store.ts';
import type { Db } from '../db/database.ts';
import type { SettingsStore } from '../db/settings-store.ts';
import type { DesktopBridge } from '../desktop.ts';
import type { EventHub } from '../events.ts';
import type { Handlers } from '../ipc/dispatcher.ts';
import type { Log } from '../log.ts';
import type { MediaResolver } from '../media/resolver.ts';
import type { NetworkOverrides } from '../net/choice.ts';
import type { Network } from '../net/network.ts';
import type { DownloadFolders } from '../paths.ts';

/**
 * One feature of the main process (downloads, collections, the wall...): made from the parts it
 * names, it answers its channels, and whatever it runs in the background (timers, hub
 * subscriptions, a queue) it begins in `start` and ends in `close`. The core starts the features
 * in its order and closes them in the reverse one (src/engine/features/lifecycle.ts).
 */
export interface Feature<C extends Channel = never> {
  /** For the log and for a failure at start or close: "downloads", "collections". */
  readonly name: string;
  readonly handlers: Pick<Handlers, C>;
  start?(): void | Promise<void>;
  close?(): void | Promise<void>;
}

/** The channels of one group of the contract (`typeof appChannels`). */
export type ChannelsIn<G> = keyof G & Channel;

/** Which service the core talks to: worked out once at start, shared by every feature. */
export interface ServiceFacts {
  mode: 'demo' | 'remote';
  /** Without a trailing slash. */
  baseUrl: string;
  /**
   * Keeps the data of different services apart (searches, downloads, kept collections,
   * favourites, watched areas): "demo", whose port changes at every start, or the base URL.
   */
  key: string;
  /** The saved profile the core runs on; null in demo mode and with given credentials. */
  profile: string | null;
}

/** The parts the core builds before its features; each feature picks the ones it uses. */
export interface CoreParts {
  dataDir: string;
  db: Db;
  hub: EventHub;
  log: Log;
  client: ApiClient;
  cache: Cache;
  settings: SettingsStore;
  connection: Connection;
  credentials: CredentialStore;
  media: MediaResolver;
  /** The core's HTTP stack; Settings > Network changes its proxy and certificates. */
  network: Network;
  service: ServiceFacts;
  /** Where downloads and exports go when no folder is given (Settings, read at each call). */
  folders: () => DownloadFolders;
  /** The desktop app's dialogs and shell; absent in browser mode and the CLI. */
  desktop: DesktopBridge | undefined;
  /** Asks before a setting or a batch reaches the machine (the desktop's dialog; see consent/). */
  consent: ConsentGate;
  /** Network choices given on the command line, which win over Settings. */
  networkOverrides: NetworkOverrides | undefined;
}
