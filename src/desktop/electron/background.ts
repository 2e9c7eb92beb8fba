import { app, BrowserWindow, dialog, powerMonitor } from 'electron';
import { type Core, type Log, savedSettings } from '../../engine/index.ts';
import { decideClose, quitQuestion, trayExplanation } from '../tray/close.ts';
import { autostartFile, loginPlan, startMode, syncAutostart } from '../tray/login.ts';
import type { Quitting } from './quit.ts';
import { shellWords } from './language.ts';
import { showNotification } from './notifications.ts';
import { createAppTray } from './tray.ts';

export interface BackgroundOptions {
  dataDir: string;
  quitting: Quitting;
  log: Log;
  /** Shows the window, opening a new one if it was closed. */
  showWindow(): void;
}

export interface Background {
  /** How the window starts: hidden in the tray at login, minimised, or shown. */
  readonly start: 'hidden' | 'minimised' | 'shown';
  /** Decides what closing the window does, and does what comes with it (explain, quit). */
  closing(): 'hide' | 'close' | 'quit';
  /** The core has started: the tray follows its downloads, the login item its settings. */
  follow(core: Core): void;
  /** Batches with files still to fetch: what a quit asks about. */
  running(): number;
}

/**
 * The app in the background: the tray, the window's close while downloads run, the login item.
 * Every decision is in src/desktop/tray/ (tested in Node); this applies them with Electron.
 */
export function startBackground(options: BackgroundOptions): Background {
  const { quitting, log } = options;
  let settings = savedSettings(options.dataDir);
  let core: Core | null = null;
  const tray = createAppTray({ open: options.showWindow, quit: () => app.quit() });
  // Refreshed at each start: an AppImage moved or an app updated starts from where it is now.
  if (settings.openAtLogin) applyLoginItem(true, log);
  // A shutdown or logout (Linux, macOS) is not held by a question nobody may be there to answer.
  powerMonitor.on('shutdown', () => quitting.quitWithoutAsking());

  const explain = () => {
    settings = { ...settings, closeToTrayExplained: true };
    if (!showNotification(trayExplanation(shellWords.words()), options.showWindow)) {
      log('close to tray: no notifications here to say the app keeps downloading');
    }
    core?.api
      .invoke('settings.update', { closeToTrayExplained: true })
      .catch((error: Error) =>
        log(`close to tray: could not save that it was said: ${error.message}`),
      );
  };

  return {
    start: startMode({
      argv: process.argv,
      openedAtLogin: process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin,
      settings,
    }),
    closing() {
      const decision = decideClose({
        quitting: quitting.confirmed,
        platform: process.platform,
        running: tray.running(),
        settings,
      });
      if (decision.explain) explain();
      // After the close event: the question appears over the window the close left open.
      if (decision.action === 'quit') setImmediate(() => app.quit());
      return decision.action;
    },
    follow(ready) {
      core = ready;
      tray.follow(ready);
      ready.hub.on('settings.changed', (next) => {
        const changed = next.openAtLogin !== settings.openAtLogin;
        settings = next;
        if (changed) applyLoginItem(next.openAtLogin, log);
      });
    },
    running: () => tray.running(),
  };
}

/** The question before quitting with downloads running; true: quit. */
export async function askBeforeQuit(running: number): Promise<boolean> {
  const question = quitQuestion(running, shellWords.words());
  if (!question) return true;
  const window = BrowserWindow.getAllWindows().find((w) => w.isVisible());
  const options = { type: 'question' as const, ...question };
  const { response } = window
    ? await dialog.showMessageBox(window, options)
    : await dialog.showMessageBox(options);
  return response === question.defaultId;
}

function applyLoginItem(openAtLogin: boolean, log: Log): void {
  const plan = loginPlan(
    {
      platform: process.platform,
      packaged: app.isPackaged,
      program: process.env.APPIMAGE ?? process.execPath,
    },
    openAtLogin,
  );
  if (plan.kind === 'none') return log(`start at login: ${plan.reason}`);
  if (plan.kind === 'login-item') return app.setLoginItemSettings(plan.item);
  const file = autostartFile();
  try {
    const done = syncAutostart(file, plan.contents);
    if (done !== 'unchanged') log(`start at login: ${done} ${file}`);
  } catch (error) {
    log(
      `start at login: could not ${plan.contents ? 'write' : 'remove'} ${file} (${(error as Error).message}); ` +
        'check that the folder is writable, then turn the setting off and on again',
    );
  }
}
