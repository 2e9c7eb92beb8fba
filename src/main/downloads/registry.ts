/**
 * The download manager of a core, found from the core's event hub: the Electron entry gives it
 * the shell that opens files, the CLI sets its concurrency and waits for its batch, and the
 * core's close stops it before the database closes.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { EventHub } from '../events.ts';
import type { DownloadManager } from './manager.ts';

/** Opens files for the user: Electron's shell in the app; absent in browser mode and the CLI. */
export interface Opener {
  /** Resolves to an error text, empty on success (the contract of shell.openPath). */
  openPath(path: string): Promise<string>;
  showItemInFolder(path: string): void;
}

const managers = new WeakMap<EventHub, DownloadManager>();
const openers = new WeakMap<EventHub, Opener>();

export function registerDownloadManager(hub: EventHub, manager: DownloadManager): void {
  managers.set(hub, manager);
}

export function downloadManagerFor(hub: EventHub): DownloadManager | undefined {
  return managers.get(hub);
}

/** Called by the Electron entry: `setDownloadOpener(core.hub, shell)`. */
export function setDownloadOpener(hub: EventHub, opener: Opener): void {
  openers.set(hub, opener);
}

export function downloadOpenerFor(hub: EventHub): Opener | undefined {
  return openers.get(hub);
}

/** settings.downloadFolder, else ~/Downloads/Roadcam. */
export function defaultDownloadFolder(setting: string): string {
  return setting.trim() !== '' ? setting : join(homedir(), 'Downloads', 'Roadcam');
}
