/** The command line's transport made from the core's parts (core.ts builds it once). */
import type { CommandLineApi } from '../../shared/ipc/command-line.ts';
import type { ApiClient } from '../api/index.ts';
import type { Cache } from '../cache/open.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import type { EventHub } from '../events.ts';
import type { Diagnostics } from '../features/diagnostics.ts';
import type { Log } from '../log.ts';
import { downloadHandlers } from './cli-downloads.ts';
import { serviceHandlers } from './cli-service.ts';
import { CommandLineEvents, createCommandLineApi } from './command-line.ts';
import type { Handlers } from './dispatcher.ts';

export interface CommandLineParts {
  dataDir: string;
  hub: EventHub;
  log: Log;
  client: ApiClient;
  cache: Cache;
  diagnostics: Diagnostics;
  manager: DownloadManager;
  /** Starts the download engine where the core holds it back until needed. */
  start(): Promise<void>;
}

export function commandLineApi(handlers: Handlers, parts: CommandLineParts): CommandLineApi {
  const events = new CommandLineEvents();
  const own = { ...serviceHandlers({ ...parts, events }), ...downloadHandlers(parts) };
  return createCommandLineApi(handlers, own, parts.hub, events, parts.log);
}
