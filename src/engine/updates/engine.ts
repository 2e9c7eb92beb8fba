import type { FeedRelease, UpdateChannel } from './feed.ts';

/** One check: which feed and channel to read. */
export interface CheckPlan {
  /** The feed's folder, ending in /. */
  feed: string;
  channel: UpdateChannel;
  /** Whether a newer version is downloaded to install on quit (electron-updater's autoInstallOnAppQuit). */
  installOnQuit: boolean;
}

/**
 * What reads the feed: electron-updater in the desktop app (src/desktop/electron/updater.ts),
 * which can also download and install on quit; a plain request elsewhere (read-feed.ts).
 */
export interface UpdateEngine {
  /**
   * Takes the user's choices at once (before any check): a switch from install to notify must
   * stop a downloaded update from installing at the next quit.
   */
  choose?(plan: CheckPlan): void;
  /** The channel's newest release, as the feed describes it. */
  latest(plan: CheckPlan, signal: AbortSignal): Promise<FeedRelease>;
  /**
   * Downloads the release `latest` just found, to be installed when the app quits; absent
   * where nothing installs it.
   */
  download?(): Promise<void>;
}
