/**
 * Crashes: Electron's crash reporter keeps minidumps on this computer (never uploaded; Save
 * diagnostics packs the newest), and a window whose renderer stopped is reloaded and says so.
 * The decisions (the words, whether to reload) are in diagnostics/crashes.ts, tested in Node.
 */
import { app, BrowserWindow, crashReporter, type WebContents } from 'electron';
import { crashDumpsDir, type Log } from '../../engine/index.ts';
import {
  childGoneLine,
  gpuGoneNotice,
  ReloadGuard,
  reloadsWindow,
  windowGoneLine,
  windowGoneNotice,
} from '../crashes.ts';
import { shellWords } from './language.ts';

/** Before the app is ready, so that a crash at start-up is kept too. */
export function startCrashReporter(dataDir: string): void {
  app.setPath('crashDumps', crashDumpsDir(dataDir));
  crashReporter.start({ uploadToServer: false });
}

/**
 * Logs every renderer or child process that stops, with its reason and exit code; reloads a
 * window whose renderer stopped (not in a loop) and hands the notice to the page it reloads.
 */
export function watchCrashes(log: () => Log, onReloaded: (notice: string) => void): void {
  const guard = new ReloadGuard();
  app.on('render-process-gone', (_event, contents: WebContents, details) => {
    const reload = !contents.isDestroyed() && guard.shouldReload(details);
    log()(windowGoneLine(details, reload), details.reason === 'clean-exit' ? 'info' : 'error');
    if (!reload) return;
    onReloaded(windowGoneNotice(details, shellWords.words()));
    contents.reload();
  });
  app.on('child-process-gone', (_event, details) => {
    const line = childGoneLine(details);
    if (line) log()(line, 'error');
    if (!reloadsWindow(details) || !guard.shouldReload(details)) return;
    onReloaded(gpuGoneNotice(details, shellWords.words()));
    for (const window of BrowserWindow.getAllWindows()) window.webContents.reload();
  });
}
