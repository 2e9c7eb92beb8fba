import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '../shared/ipc.ts';
import { ApiClient } from './api/client.ts';
import type { Credentials } from './api/requester.ts';
import { MemoryTokenStore, type TokenStore } from './api/token.ts';
import { openCache, type Cache } from './cache/open.ts';
import { Connection } from './connection.ts';
import { CredentialStore } from './credentials/store.ts';
import { openDatabase, type Db } from './db/database.ts';
import { SettingsStore } from './db/settings-store.ts';
import { EventHub } from './events.ts';
import { createDirectApi } from './ipc/direct.ts';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher.ts';
import { createLog, type Log } from './log.ts';
import { MediaResolver } from './media/resolver.ts';
import { startEmbeddedService, type DemoWorld, type EmbeddedService } from './demo.ts';
import { appVersion } from './version.ts';
import { Network, type NetworkOptions } from './net/network.ts';
import { networkOptions, proxyPasswordFor, type NetworkOverrides } from './net/choice.ts';
import type { Settings } from '../shared/settings.ts';

export type { NetworkOverrides } from './net/choice.ts';
import { AlertWatcher, WatchStore } from './alerts/watches.ts';
import { startCoreDownloads } from './downloads/for-core.ts';
import type { DownloadManager } from './downloads/manager.ts';
import { alertHandlers } from './handlers/alerts.ts';
import { appHandlers } from './handlers/app.ts';
import { profileHandlers } from './handlers/profiles.ts';
import { mapHandlers } from './handlers/map.ts';
import type { HandlerContext } from './handlers/context.ts';
import type { DesktopBridge } from './desktop.ts';
import { wallHandlers } from './handlers/wall.ts';
import { downloadsHandlers } from './handlers/downloads.ts';
import { collectionsHandlers } from './handlers/collections.ts';

export type ConnectionOptions =
  | { kind: 'demo'; world?: DemoWorld }
  /** A profile saved with `roadcam login`: secret and token from the keychain. */
  | { kind: 'profile'; profile: string }
  /** Credentials given directly (ROADCAM_CLIENT_SECRET); the token lives in memory only. */
  | { kind: 'remote'; baseUrl: string; clientId: string; clientSecret: string };

export interface CoreOptions {
  dataDir: string;
  connection: ConnectionOptions;
  /** Where log lines go; by default `<dataDir>/logs/main.log`. */
  log?: Log;
  /** How often the connection is re-checked, in ms (default 30 s). */
  checkIntervalMs?: number;
  /** The desktop app's dialogs (Electron); absent in browser mode and the CLI. */
  desktop?: DesktopBridge;
  /** How often watched areas are checked for new alerts, in ms (default 2 minutes). */
  watchIntervalMs?: number;
  /**
   * Network choices that win over Settings (CLI flags), and the desktop app's proxy resolver
   * (the system's settings, PAC included). Settings > Network gives the rest.
   */
  network?: NetworkOverrides;
}

/** The main process without Electron: what the desktop app, browser mode and the CLI share. */
export interface Core {
  readonly dataDir: string;
  readonly hub: EventHub;
  /** The validating edge every transport calls. */
  readonly dispatch: Dispatch;
  /** The in-process transport of the same contract. */
  readonly api: Api;
  readonly log: Log;
  /** The service client; holds the token, which never leaves the main process. */
  readonly client: ApiClient;
  readonly credentials: CredentialStore;
  readonly cache: Cache;
  /** Serves images and video to the renderer by URL (media scheme, or /media/ in browser mode). */
  readonly media: MediaResolver;
  /** The download engine; `roadcam download` drives it directly. */
  readonly downloads: DownloadManager;
  /** Where requests leave the machine: proxy, certificates, connection pools. */
  readonly network: Network;
  close(): Promise<void>;
}

export async function startCore(options: CoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  const log = options.log ?? createLog(options.dataDir);
  const hub = new EventHub();
  const db: Db = openDatabase(join(options.dataDir, 'roadcam.sqlite'), log);
  const settings = new SettingsStore(db);

  const credentials = new CredentialStore(db);
  const target = await resolveTarget(options, credentials, log).catch((error: unknown) => {
    db.close();
    throw error;
  });
  let network: Network;
  try {
    const proxyPassword = options.network?.proxy
      ? null
      : await proxyPasswordFor(settings.get(), credentials, log);
    network = openNetwork(options, settings.get(), target, log, proxyPassword);
  } catch (error) {
    await target.embedded?.close();
    db.close();
    throw error;
  }
  const connection = new Connection(
    { mode: options.connection.kind === 'demo' ? 'demo' : 'remote', baseUrl: target.baseUrl },
    hub,
    appVersion,
    (url, init) => network.fetch(url, init),
  );
  const client = new ApiClient({
    ...target,
    network,
    log,
    onTokenChange: () => connection.announce(),
    // The status bar says the service is limiting requests, and until when (StatusBar.svelte).
    onThrottle: (state) => hub.emit('service.throttled', state),
  });
  connection.setTokenState(() => client.tokenHeld);
  connection.setServiceClock(client.requester.clock);
  const cache = openCache(db, options.dataDir, target.cacheKey, () => settings.get());
  log(`core started: ${options.connection.kind} mode on ${target.baseUrl}`);

  const media = new MediaResolver(client, cache.media, log, () => settings.get().tileUrl);
  const downloads = startCoreDownloads({
    db,
    client,
    hub,
    settings,
    dataDir: options.dataDir,
    log,
    demo: options.connection.kind === 'demo',
  });
  const releases: Array<() => void | Promise<void>> = [];
  const ctx: HandlerContext = {
    dataDir: options.dataDir,
    db,
    hub,
    log,
    client,
    cache,
    settings,
    connection,
    connectionOptions: options.connection,
    credentials,
    desktop: options.desktop,
    downloads,
    media,
    network,
    networkOverrides: options.network,
    onClose: (release) => void releases.push(release),
  };
  const watcher = new AlertWatcher(client, new WatchStore(db, target.cacheKey), hub, log);
  // One spread per feature's channel group (src/main/handlers/): the type checker insists that
  // every channel of the contract has its handler.
  const handlers: Handlers = {
    ...alertHandlers(ctx, watcher),
    ...appHandlers(ctx),
    ...profileHandlers(ctx),
    ...mapHandlers(ctx),
    ...wallHandlers(ctx),
    ...downloadsHandlers(ctx),
    ...collectionsHandlers(ctx),
  };
  const dispatch = createDispatcher(handlers, log);
  await connection.check();
  connection.startChecking(options.checkIntervalMs ?? 30_000);
  watcher.start(options.watchIntervalMs ?? 120_000);

  return {
    dataDir: options.dataDir,
    hub,
    dispatch,
    api: createDirectApi(dispatch, hub),
    log,
    client,
    credentials,
    cache,
    media,
    downloads,
    network,
    async close() {
      connection.stopChecking();
      watcher.stop();
      // What the features started, last started first.
      for (const release of releases.reverse()) await release();
      // The download engine stops its transfers (keeping their .part files) before SQLite closes.
      await downloads.close();
      await target.embedded?.close();
      await network.close();
      db.close();
      log('core stopped');
    },
  };
}

/**
 * The core's network. A wrong CLI flag stops the start with its message; wrong Settings (a CA
 * file since deleted) are logged and left out, so that the app still opens to fix them.
 */
function openNetwork(
  options: CoreOptions,
  settings: Settings,
  target: Target,
  log: Log,
  proxyPassword: string | null,
): Network {
  const base: NetworkOptions = {
    systemProxy: options.network?.systemProxy,
    env: options.network?.env,
    direct: target.embedded ? [new URL(target.baseUrl).origin] : [],
  };
  try {
    return new Network({ ...base, ...networkOptions(options.network, settings), proxyPassword });
  } catch (error) {
    if (options.network?.proxy || options.network?.caFile) throw error;
    log(`network settings not used: ${(error as Error).message}`);
    return new Network(base);
  }
}

interface Target {
  baseUrl: string;
  credentials: () => Promise<Credentials>;
  tokenStore: TokenStore;
  /** Separates cached data of different services: "demo", or the base URL. */
  cacheKey: string;
  embedded?: EmbeddedService;
}

/** Where the client points and where its credentials and token come from, per mode. */
async function resolveTarget(
  options: CoreOptions,
  store: CredentialStore,
  log: Log,
): Promise<Target> {
  const c = options.connection;
  if (c.kind === 'demo') {
    const embedded = await startEmbeddedService(options.dataDir, log, c.world);
    const secret = { clientId: embedded.clientId, clientSecret: embedded.clientSecret };
    return {
      baseUrl: embedded.url,
      credentials: () => Promise.resolve(secret),
      tokenStore: new MemoryTokenStore(),
      cacheKey: 'demo',
      embedded,
    };
  }
  if (c.kind === 'profile') {
    const profile = store.require(c.profile);
    return {
      baseUrl: profile.baseUrl,
      credentials: store.credentials(profile.name),
      tokenStore: store.tokenStore(profile.name),
      cacheKey: profile.baseUrl,
    };
  }
  const baseUrl = c.baseUrl.replace(/\/+$/, '');
  const secret = { clientId: c.clientId, clientSecret: c.clientSecret };
  return {
    baseUrl,
    credentials: () => Promise.resolve(secret),
    tokenStore: new MemoryTokenStore(),
    cacheKey: baseUrl,
  };
}
