import { BrowserWindow, dialog, shell } from 'electron';
import type { DesktopBridge } from '../desktop.ts';

export function desktopBridge(): DesktopBridge {
  return {
    async chooseFolder(title, defaultPath) {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = {
        title,
        defaultPath,
        properties: ['openDirectory', 'createDirectory'],
      } satisfies Electron.OpenDialogOptions;
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseFile(title, defaultPath, filters) {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = {
        title,
        defaultPath,
        filters,
        properties: ['openFile'],
      } satisfies Electron.OpenDialogOptions;
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    openPath: (path) => shell.openPath(path),
    showItemInFolder: (path) => shell.showItemInFolder(path),
  };
}
