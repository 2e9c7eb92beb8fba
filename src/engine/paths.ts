import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The app's data folder, shared by the desktop app, browser mode and the CLI: ROADCAM_DATA_DIR
 * when set, else the platform's usual place (what Electron calls userData for "Roadcam").
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.ROADCAM_DATA_DIR) return env.ROADCAM_DATA_DIR;
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roadcam'), 'Roadcam');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Roadcam');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Roadcam');
}

/** Where files go when the user names no folder. */
export interface DownloadFolders {
  /** Downloaded recordings and images. */
  downloads: string;
  /** Exported collections (zips and folders). */
  exports: string;
}

/**
 * Settings' download folder when set: downloads go into it, exports into its "Roadcam
 * collections". Unset, both go under ~/Downloads: "Roadcam" and "Roadcam collections".
 */
export function downloadFolders(setting: string): DownloadFolders {
  const chosen = setting.trim();
  const base = chosen || join(homedir(), 'Downloads');
  return {
    downloads: chosen || join(base, 'Roadcam'),
    exports: join(base, 'Roadcam collections'),
  };
}
