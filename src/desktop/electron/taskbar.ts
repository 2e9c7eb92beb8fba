import { app, BrowserWindow } from 'electron';
import type { Core } from '../../engine/index.ts';
import { TaskbarProgress, type TaskbarState } from '../tray/taskbar.ts';

/**
 * The downloads on the taskbar or dock: one progress bar over every unfinished batch (paused
 * and indeterminate shown as such where the system can) and their count as the badge (the
 * macOS dock, Linux launchers that show counts). The figures come from TaskbarProgress.
 */
export function showDownloadsOnTaskbar(core: Core): void {
  const progress = new TaskbarProgress(core.downloads.snapshot());
  let shown = '';
  const apply = (state: TaskbarState) => {
    // Updates arrive a few times a second: the bar moves by whole per cents only.
    const key = `${state.mode}:${state.fraction === null ? '' : state.fraction.toFixed(2)}:${state.unfinished}:${state.note}`;
    if (key === shown) return;
    shown = key;
    for (const window of BrowserWindow.getAllWindows()) {
      window.setProgressBar(state.fraction ?? -1, { mode: state.mode });
      // Windows shows it over the taskbar thumbnail; elsewhere the Downloads view says it.
      if (process.platform === 'win32') window.setThumbnailToolTip(state.note ?? '');
    }
    app.setBadgeCount(state.unfinished);
  };
  apply(progress.state());
  core.hub.on('downloads.update', (update) => apply(progress.update(update)));
}
