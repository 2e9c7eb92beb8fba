import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '../shared/ipc.ts';
import type { CommandLineApi } from '../shared/ipc/command-line.ts';
import { ApiClient } from './api/client.ts';
import { openCache, type Cache } from './cache/open.ts';
import { StoredPrefix } from './collections/prefix.ts';
import { Connection } from './connection/state.ts';
import { askInDialog, ConsentGate, refuseInBrowserMode, type AskConsent } from './consent/gate.ts';
import { POLICY_FILE, readPolicy } from './consent/policy.ts';
import { CredentialStore } from './credentials/store.ts';
import { openDatabase, type Db } from './db/database.ts';
import { SettingsStore } from './db/settings-store.ts';
import type { DesktopBridge } from './desktop.ts';
import type { DownloadManager } from './downloads/manager.ts';
import { EventHub } from './events.ts';
import { alertsFeature } from './features/alerts.ts';
import { camerasFeature } from './features/cameras.ts';
import { appFeature } from './features/app.ts';
import { collectionsFeature } from './features/collections.ts';
import { conditionsFeature } from './features/conditions.ts';
import { datasetsFeature } from './features/datasets.ts';
import { connectionFeature } from './features/connection.ts';
import { diagnosticsFeature, type Diagnostics } from './features/diagnostics.ts';
import { downloadsFeature } from './features/downloads.ts';
import type { CoreParts } from './features/feature.ts';
import { handlersOf, Lifecycle, type AnyFeature } from './features/lifecycle.ts';
import { profilesFeature } from './features/profiles.ts';
import { recordingsFeature } from './features/recordings.ts';
import { replayFeature } from './features/replay.ts';
import { searchesFeature } from './features/searches.ts';
import { routesFeature } from './features/routes.ts';
import { updatesFeature, type UpdatesOptions } from './features/updates.ts';
import { wallFeature } from './features/wall.ts';
import { createDirectApi } from './ipc/direct.ts';
import { commandLineApi } from './ipc/cli-api.ts';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher.ts';
import { heldSecrets, rememberingTokenStore, SeenSecrets } from './diagnostics/secrets.ts';
import { createLog, flushLog, type Log } from './log.ts';
import { MediaResolver } from './media/resolver.ts';
import { proxyPasswordFor, type NetworkOverrides } from './net/choice.ts';
import type { Network } from './net/network.ts';
import { downloadFolders } from './paths.ts';
import { openNetwork, resolveTarget, type ConnectionOptions } from './target.ts';
import { appVersion } from './version.ts';

export type { NetworkOverrides } from './net/choice.ts';
export type { ConnectionOptions } from './target.ts';

export interface CoreOptions {
  dataDir: string;
  connection: ConnectionOptions;
  /** Where log lines go; by default `<dataDir>/logs/main.log`. */
  log?: Log;
  /**
   * How often the connection is checked, in ms (default 30 s), the first time before the start
   * resolves; null: only when asked (the CLI, see features/connection.ts).
   */
  checkIntervalMs?: number | null;
  /** The desktop app's dialogs (Electron); absent in browser mode and the CLI. */
  desktop?: DesktopBridge;
  /**
   * Who agrees to a change of the settings that reach the machine: by default the desktop's
   * dialog, and without a desktop (browser mode) no one, so such changes are refused. The CLI
   * passes `typedByUser`.
   */
  consent?: AskConsent;
  /** How often watched areas are checked for new alerts, in ms (default 2 minutes). */
  watchIntervalMs?: number;
  /**
   * Network choices that win over Settings (CLI flags), and the desktop app's proxy resolver
   * (the system's settings, PAC included). Settings > Network gives the rest.
   */
  network?: NetworkOverrides;
  /** The desktop app's updater and how it was installed; elsewhere the feed is read when asked. */
  updates?: UpdatesOptions;
  /**
   * The command line's: the download engine and the collections sync start at the first call
   * that needs them, so that a search neither takes the download queue nor resumes its files.
   */
  startOnDemand?: boolean;
}

/** The main process without Electron: what the desktop app, browser mode and the CLI share. */
export interface Core {
  readonly dataDir: string;
  readonly hub: EventHub;
  /** The validating edge every transport calls. */
  readonly dispatch: Dispatch;
  /** The in-process transport of the same contract. */
  readonly api: Api;
  /** The command line's transport: the contract and its own channels (docs/cli.md). */
  readonly commandLine: CommandLineApi;
  readonly log: Log;
  /** The service client; holds the token, which never leaves the main process. */
  readonly client: ApiClient;
  readonly credentials: CredentialStore;
  readonly cache: Cache;
  /** Serves images and video to the renderer by URL (media scheme, or /media/ in browser mode). */
  readonly media: MediaResolver;
  /** The download engine (the desktop's taskbar, browser mode's files). */
  readonly downloads: DownloadManager;
  /** Where requests leave the machine: proxy, certificates, connection pools. */
  readonly network: Network;
  /** Logs and Save diagnostics (the web host's download, the CLI, the desktop's menu). */
  readonly diagnostics: Diagnostics;
  /** Stops every feature (last started, first stopped), then the network, service and database. */
  close(): Promise<void>;
}

export async function startCore(options: CoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  const log = options.log ?? createLog(options.dataDir);
  const lifecycle = new Lifecycle(log);
  const db = openDatabase(join(options.dataDir, 'roadcam.sqlite'), log);
  lifecycle.opened('database', () => {
    db.close();
  });
  try {
    return await assemble(options, log, db, lifecycle);
  } catch (error) {
    // A failed start leaves nothing open: the embedded service, the network, the database.
    await lifecycle.close().catch((closing: unknown) => log(String(closing)));
    throw error;
  }
}

async function assemble(
  options: CoreOptions,
  log: Log,
  db: Db,
  lifecycle: Lifecycle,
): Promise<Core> {
  const { dataDir } = options;
  const hub = new EventHub();
  const settings = new SettingsStore(db);
  const credentials = new CredentialStore(db);
  const target = await resolveTarget(options.connection, dataDir, credentials, log);
  const { embedded, service } = target;
  if (embedded) lifecycle.opened('demo service', () => embedded.close());
  const proxyPassword = options.network?.proxy
    ? null
    : await proxyPasswordFor(settings.get(), credentials, log);
  const network = openNetwork(options.network, settings.get(), target, log, proxyPassword);
  lifecycle.opened('network', () => network.close());

  // Every token the client gets or reads is remembered, for Save diagnostics to cut.
  const seenSecrets = new SeenSecrets();
  const client = new ApiClient({
    baseUrl: service.baseUrl,
    credentials: target.credentials,
    tokenStore: rememberingTokenStore(target.tokenStore, seenSecrets),
    network,
    log,
    onTokenChange: () => connection.announce(),
    // The status bar says the service is limiting requests, and until when (StatusBar.svelte).
    onThrottle: (state) => hub.emit('service.throttled', state),
    // Asked at each request: a changed setting applies to the next one of this client.
    answerDeadlineMs: () =>
      1000 * (options.network?.answerDeadlineSeconds ?? settings.get().answerDeadlineSeconds),
  });
  const connection = new Connection(
    service,
    hub,
    appVersion,
    // Not `fetch`: its undici (the whole package, ~15 MB of RSS) is loaded for the map's
    // tiles alone, and this check runs in every process, the command line's included.
    (url, init) => network.exchange(url, init),
    { tokenHeld: () => client.tokenHeld, clock: client.requester.clock },
  );
  // Found out once per service, for every caller of the client (media, downloads, map, wall).
  client.collections.rememberPrefixIn(new StoredPrefix(db, service.key));
  const cache = openCache(db, dataDir, service.key, () => settings.get());

  // Every part a feature may be given, made before the features; the media resolver last, as
  // it serves what the collections feature keeps.
  const base = {
    ...{ dataDir, db, hub, log, client, cache, settings, connection, credentials, network },
    service,
    folders: () => downloadFolders(settings.get().downloadFolder),
    desktop: options.desktop,
    consent: consentOf(options, log),
    networkOverrides: options.network,
  };
  const downloads = downloadsFeature(base);
  const collections = collectionsFeature(base, downloads.manager);
  const datasets = datasetsFeature(base, downloads.manager);
  const media = new MediaResolver(
    client,
    cache.media,
    log,
    () => settings.get().tileUrl,
    collections.media,
  );
  const parts: CoreParts = { ...base, media };
  // Started in this order, closed in the reverse one: the collections sync feeds the download
  // queue and hears the first connection check; the checks and timers stop before the queue.
  const diagnostics = diagnosticsFeature(parts, downloads.manager, () =>
    heldSecrets(target, settings, credentials, seenSecrets),
  );
  const features = [
    // First started, last closed: the start-up line comes first, the last batch is still logged.
    diagnostics,
    downloads,
    appFeature(parts),
    profilesFeature(parts),
    searchesFeature(parts),
    camerasFeature(parts),
    replayFeature(parts),
    wallFeature(parts),
    recordingsFeature(parts),
    routesFeature(parts),
    collections,
    datasets,
    alertsFeature(parts, options.watchIntervalMs ?? 120_000),
    conditionsFeature(parts),
    connectionFeature(
      parts,
      options.checkIntervalMs === undefined ? 30_000 : options.checkIntervalMs,
    ),
    updatesFeature(parts, options.updates),
  ] as const;
  // The type checker insists that every channel of the contract has its feature.
  const started = onDemand(
    handlersOf(features),
    options.startOnDemand ? [downloads, collections, datasets] : [],
    lifecycle,
  );
  const dispatch = createDispatcher(started.handlers, log);
  await lifecycle.start(features.filter((f) => !started.held.includes(f)));
  log(`core started: ${options.connection.kind} mode on ${service.baseUrl}`);

  return {
    dataDir,
    hub,
    dispatch,
    api: createDirectApi(dispatch, hub),
    commandLine: commandLineApi(started.handlers, {
      ...base,
      diagnostics: diagnostics.diagnostics,
      manager: downloads.manager,
      start: started.start,
    }),
    log,
    client,
    credentials,
    cache,
    media,
    downloads: downloads.manager,
    network,
    diagnostics: diagnostics.diagnostics,
    async close() {
      try {
        await lifecycle.close();
      } finally {
        log('core stopped');
        // Quitting waits for the last lines: the log writes them in the background.
        await flushLog(log);
      }
    },
  };
}

/**
 * Holds `held` back from the core's start: they start, in their order, at the first call of one
 * of their channels (or `start()`), so that work which needs none of them does not pay for them.
 */
function onDemand(
  all: Handlers,
  held: readonly AnyFeature[],
  lifecycle: Lifecycle,
): { handlers: Handlers; held: readonly AnyFeature[]; start: () => Promise<void> } {
  let starting: Promise<void> | undefined;
  const start = () => (starting ??= lifecycle.start(held));
  const handlers: Record<string, (input: never) => unknown> = { ...all };
  for (const feature of held) {
    for (const [channel, handler] of Object.entries(feature.handlers)) {
      const run = handler as (input: never) => unknown;
      handlers[channel] = async (input) => {
        await start();
        return run(input);
      };
    }
  }
  return { handlers: handlers as Handlers, held, start };
}

/** The desktop's dialog, or the caller's consent (the CLI: typed by the user); else refused. */
function consentOf(options: CoreOptions, log: Log): ConsentGate {
  const { desktop, dataDir } = options;
  const ask =
    options.consent ??
    (desktop ? askInDialog((question) => desktop.confirm(question)) : refuseInBrowserMode);
  return new ConsentGate(ask, readPolicy(dataDir, log), join(dataDir, POLICY_FILE));
}
