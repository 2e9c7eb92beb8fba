/**
 * The desktop app's updates: electron-updater reads the feed and, where this copy replaces
 * itself (Windows, macOS, an AppImage), downloads a newer version and installs it when the app
 * quits. What to do about a release is decided by the core (src/engine/updates/), which drives
 * this engine; a deb or rpm install and a development build use the core's plain reader instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
// electron-updater is CommonJS whose exports are getters: its default import is module.exports.
import electronUpdater from 'electron-updater';
import { said } from '../../shared/i18n/translator.ts';
import {
  type CheckPlan,
  detectInstall,
  FeedProblem,
  type FeedRelease,
  type Log,
  type UpdateEngine,
  type UpdatesOptions,
} from '../../engine/index.ts';

/** How this copy was installed, and the engine that fits it. */
export function desktopUpdates(log: Log): UpdatesOptions {
  const install = detectInstall({
    platform: process.platform,
    packaged: app.isPackaged,
    env: process.env,
    packageType: packageType(),
  });
  log(
    `updates: this copy is ${install.kind === 'package' ? `a ${install.format} package` : install.kind}`,
  );
  return install.kind === 'self' ? { install, engine: electronEngine(log) } : { install };
}

/** The file electron-builder writes into a deb's, rpm's or pacman's resources. */
function packageType(): string | null {
  const file = join(process.resourcesPath, 'package-type');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function electronEngine(log: Log): UpdateEngine {
  const updater = electronUpdater.autoUpdater;
  // Its own lines name the feed's URL, query and all (a mirror's token): only the words of
  // warnings and errors reach the log, without any query.
  const quiet = (line: unknown) => log(`updater: ${String(line).replace(/\?\S*/g, '?…')}`);
  updater.logger = { info: () => {}, warn: quiet, error: quiet };
  // The core decides what is downloaded (decide.ts), and when.
  updater.autoDownload = false;
  const choose = (plan: CheckPlan) => {
    updater.setFeedURL({ provider: 'generic', url: plan.feed });
    updater.channel = plan.channel === 'beta' ? 'beta' : 'latest';
    updater.allowPrerelease = plan.channel === 'beta';
    // Set after the channel, whose setter allows downgrades: a beta user back on stable waits.
    updater.allowDowngrade = false;
    updater.autoInstallOnAppQuit = plan.installOnQuit;
  };
  return {
    choose,
    async latest(plan) {
      choose(plan);
      const result = await updater.checkForUpdates();
      if (!result) throw new FeedProblem(said('updates.reason.notPackaged'));
      const info = result.updateInfo;
      const release: FeedRelease = {
        version: info.version,
        files: info.files.map((f) => ({ url: f.url, sha512: f.sha512, size: f.size ?? null })),
        releaseDate: info.releaseDate || null,
      };
      return release;
    },
    async download() {
      await updater.downloadUpdate();
    },
  };
}
