/**
 * What closing the window and quitting do while downloads run. Closing keeps them running in the
 * tray (the `closeToTray` setting), said once by a notification the first time; closing with
 * nothing running quits as before (macOS keeps the app in the dock, as its apps do). Quitting
 * with downloads running asks first. Plain decisions: src/desktop/electron/window.ts and quit.ts
 * act on them.
 */
import type { Settings } from '../../shared/settings.ts';

export interface CloseFacts {
  /** The app is already quitting (confirmed): the window closes with it. */
  quitting: boolean;
  platform: NodeJS.Platform;
  /** Batches with files still to fetch. */
  running: number;
  settings: Pick<Settings, 'closeToTray' | 'closeToTrayExplained'>;
}

export interface CloseDecision {
  /**
   * `hide`: the window goes, the app stays in the tray; `quit`: the close becomes a quit (which
   * asks first, over the window still open); `close`: as Electron does by itself.
   */
  action: 'hide' | 'close' | 'quit';
  /** Tell the user, this once, where the downloads went. */
  explain: boolean;
}

export const TRAY_EXPLANATION = {
  title: 'Roadcam is still downloading',
  body: 'Roadcam keeps downloading in the tray. Quit from the tray icon to stop.',
};

export function decideClose(facts: CloseFacts): CloseDecision {
  if (facts.quitting || facts.running === 0) return { action: 'close', explain: false };
  if (facts.settings.closeToTray) {
    return { action: 'hide', explain: !facts.settings.closeToTrayExplained };
  }
  // Closing the last window quits on Windows and Linux: ask before the window is gone, so a
  // Cancel leaves everything as it was. macOS keeps the app (and its downloads) in the dock.
  return { action: facts.platform === 'darwin' ? 'close' : 'quit', explain: false };
}

export interface QuitQuestion {
  message: string;
  detail: string;
  buttons: ['Quit', 'Cancel'];
  defaultId: 0;
  cancelId: 1;
}

/** The question before quitting, or null when nothing runs that a quit would interrupt. */
export function quitQuestion(running: number): QuitQuestion | null {
  if (running === 0) return null;
  const what = running === 1 ? '1 download is running' : `${running} downloads are running`;
  return {
    message: `${what[0]!.toUpperCase()}${what.slice(1)}. Quit anyway?`,
    detail: 'Their progress is kept and they resume on the next start.',
    buttons: ['Quit', 'Cancel'],
    defaultId: 0,
    cancelId: 1,
  };
}
