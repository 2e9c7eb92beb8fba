import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '../shared/ipc.ts';
import { Connection } from './connection.ts';
import { openDatabase, type Db } from './db/database.ts';
import { SettingsStore } from './db/settings-store.ts';
import { EventHub } from './events.ts';
import { createDirectApi } from './ipc/direct.ts';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher.ts';
import { createLog, type Log } from './log.ts';
import { startEmbeddedService, type DemoWorld, type EmbeddedService } from './demo.ts';
import { appVersion } from './version.ts';

export type ConnectionOptions =
  | { kind: 'demo'; world?: DemoWorld }
  | { kind: 'remote'; baseUrl: string; clientId: string; clientSecret: string };

export interface CoreOptions {
  dataDir: string;
  connection: ConnectionOptions;
  /** Where log lines go; by default `<dataDir>/logs/main.log`. */
  log?: Log;
  /** How often the connection is re-checked, in ms (default 30 s). */
  checkIntervalMs?: number;
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
  close(): Promise<void>;
}

export async function startCore(options: CoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  const log = options.log ?? createLog(options.dataDir);
  const hub = new EventHub();
  const db: Db = openDatabase(join(options.dataDir, 'roadcam.sqlite'), log);
  const settings = new SettingsStore(db);

  let embedded: EmbeddedService | undefined;
  let baseUrl: string;
  if (options.connection.kind === 'demo') {
    embedded = await startEmbeddedService(options.dataDir, log, options.connection.world);
    baseUrl = embedded.url;
  } else {
    baseUrl = options.connection.baseUrl.replace(/\/+$/, '');
  }
  const connection = new Connection({ mode: options.connection.kind, baseUrl }, hub, appVersion);
  log(`core started: ${options.connection.kind} mode on ${baseUrl}`);

  const handlers: Handlers = {
    'app.status': () => connection.status(),
    'app.checkConnection': () => connection.check(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => {
      const next = settings.update(patch);
      hub.emit('settings.changed', next);
      return next;
    },
  };
  const dispatch = createDispatcher(handlers, log);
  await connection.check();
  connection.startChecking(options.checkIntervalMs ?? 30_000);

  return {
    dataDir: options.dataDir,
    hub,
    dispatch,
    api: createDirectApi(dispatch, hub),
    log,
    async close() {
      connection.stopChecking();
      await embedded?.close();
      db.close();
      log('core stopped');
    },
  };
}
