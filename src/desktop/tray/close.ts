/**
 * What closing the window and quitting do while downloads run. Closing keeps them running in the
 * tray (the `closeToTray` setting), said once by a notification the first time; closing with
 * nothing running quits as before (macOS keeps the app in the dock, as its apps do). Quitting
 * with downloads running asks first. Plain decisions: src/desktop/electron/window.ts and quit.ts
 * act on them.
 */
import { english } from '../../shared/i18n/english.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
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

/** The notice, said once, that closing the window left the downloads running in the tray. */
export function trayExplanation(words: Translator = english): { title: string; body: string } {
  return { title: words.t('desktop.tray.explainTitle'), body: words.t('desktop.tray.explainBody') };
}

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
  title: string;
  message: string;
  detail: string;
  /** Quit, then Cancel. */
  buttons: [string, string];
  defaultId: 0;
  cancelId: 1;
}

/**
 * The question before quitting, in `words`, or null when nothing runs that a quit would
 * interrupt.
 */
export function quitQuestion(running: number, words: Translator = english): QuitQuestion | null {
  if (running === 0) return null;
  return {
    title: words.t('desktop.role.quit'),
    message: words.t('desktop.quit.message', { count: running }),
    detail: words.t('desktop.quit.detail'),
    buttons: [words.t('desktop.quit.quit'), words.t('desktop.dialog.cancel')],
    defaultId: 0,
    cancelId: 1,
  };
}
