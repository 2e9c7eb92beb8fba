/**
 * What `electron-updater` resolves to in the tests: its `autoUpdater`, shaped like the real
 * CommonJS module (the default import is `{ autoUpdater }`), typed against AppUpdater's
 * declarations. It reads no feed: `answers` says what checkForUpdates and downloadUpdate
 * give (control.ts's `updater`), and every setting the app makes is kept for the test to read.
 */
import { EventEmitter } from 'node:events';
import type { AppUpdater, Logger, UpdateCheckResult, UpdateInfo } from 'electron-updater';
import { longLived, record } from './state.ts';

type UpdaterMembers =
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowPrerelease'
  | 'allowDowngrade'
  | 'setFeedURL'
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall';

/** What the next checks and downloads answer: a release, none (not packaged), or an error. */
export interface UpdaterAnswers {
  check: UpdateInfo | null | Error;
  download: string[] | Error;
}

class StandInUpdater extends EventEmitter implements Pick<AppUpdater, UpdaterMembers> {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowPrerelease = false;
  allowDowngrade = false;
  channel: string | null = null;
  logger: Logger | null = null;
  feed: unknown = null;
  checks = 0;
  downloads = 0;
  answers: UpdaterAnswers = { check: null, download: [] };

  reset(): void {
    Object.assign(this, new StandInUpdater());
  }
  setFeedURL(options: Parameters<AppUpdater['setFeedURL']>[0]): void {
    record('autoUpdater.setFeedURL', options);
    this.feed = options;
  }
  async checkForUpdates(): Promise<UpdateCheckResult | null> {
    this.checks++;
    const answer = this.answers.check;
    if (answer instanceof Error) throw answer;
    if (answer === null) return null;
    this.emit('update-available', answer);
    return { isUpdateAvailable: true, updateInfo: answer, versionInfo: answer };
  }
  async downloadUpdate(): Promise<string[]> {
    this.downloads++;
    const answer = this.answers.download;
    if (answer instanceof Error) throw answer;
    this.emit('update-downloaded', { downloadedFile: answer[0] ?? '' });
    return answer;
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    record('autoUpdater.quitAndInstall', isSilent, isForceRunAfter);
  }
}

export const autoUpdater = longLived('autoUpdater', () => new StandInUpdater());
export default { autoUpdater };
