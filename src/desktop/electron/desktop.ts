import { join } from 'node:path';
import { app, BrowserWindow, dialog, shell } from 'electron';
import { questionWords, type ConsentQuestion, type DesktopBridge } from '../../engine/index.ts';
import { shellWords } from './language.ts';

/** A native open dialog over the app's window (or free-standing without one); null if canceled. */
async function pickOne(options: Electron.OpenDialogOptions): Promise<string | null> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const result = window
    ? await dialog.showOpenDialog(window, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** A native save dialog, in the Downloads folder unless the user goes elsewhere. */
async function saveAs(options: Electron.SaveDialogOptions): Promise<string | null> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const result = window
    ? await dialog.showSaveDialog(window, options)
    : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

/**
 * A warning box owned by the main process, over the window when there is one. Cancel is first,
 * the default and what Escape or closing the box answers, so only a deliberate click agrees.
 * Its buttons are in the shell's language.
 */
async function confirm(question: ConsentQuestion): Promise<boolean> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const words = shellWords.words();
  // In the shell's language; the detail names the values the page sent as they are.
  const asked = questionWords(question, words);
  const options: Electron.MessageBoxOptions = {
    type: 'warning',
    title: 'Roadcam',
    message: asked.title,
    detail: asked.detail,
    buttons: [
      words.t('desktop.dialog.cancel'),
      question.agreeKind
        ? words.t('desktop.consent.agree', { agree: question.agreeKind })
        : question.agree,
    ],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const { response } = window
    ? await dialog.showMessageBox(window, options)
    : await dialog.showMessageBox(options);
  return response === 1;
}

export function desktopBridge(): DesktopBridge {
  return {
    chooseFolder: (title, defaultPath) =>
      pickOne({ title, defaultPath, properties: ['openDirectory', 'createDirectory'] }),
    chooseFile: (title, defaultPath, filters) =>
      pickOne({ title, defaultPath, filters, properties: ['openFile'] }),
    chooseSaveFile: (title, defaultName, filters) => {
      const words = shellWords.words();
      return saveAs({
        title: words.say(title),
        defaultPath: join(app.getPath('downloads'), defaultName),
        filters: filters.map(({ name, extensions }) => ({ name: words.say(name), extensions })),
        // Asks before replacing a file (Linux; Windows and macOS always ask): the caller then
        // replaces what is there.
        properties: ['showOverwriteConfirmation'],
      });
    },
    openPath: (path) => shell.openPath(path),
    showItemInFolder: (path) => shell.showItemInFolder(path),
    confirm,
  };
}
