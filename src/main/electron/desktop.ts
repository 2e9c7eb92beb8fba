import { join } from 'node:path';
import { app, BrowserWindow, dialog, shell } from 'electron';
import type { DesktopBridge } from '../desktop.ts';

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

export function desktopBridge(): DesktopBridge {
  return {
    chooseFolder: (title, defaultPath) =>
      pickOne({ title, defaultPath, properties: ['openDirectory', 'createDirectory'] }),
    chooseFile: (title, defaultPath, filters) =>
      pickOne({ title, defaultPath, filters, properties: ['openFile'] }),
    chooseSaveFile: (title, defaultName, filters) =>
      saveAs({
        title,
        defaultPath: join(app.getPath('downloads'), defaultName),
        filters,
        // Asks before replacing a file (Linux; Windows and macOS always ask): the caller then
        // replaces what is there.
        properties: ['showOverwriteConfirmation'],
      }),
    openPath: (path) => shell.openPath(path),
    showItemInFolder: (path) => shell.showItemInFolder(path),
  };
}
