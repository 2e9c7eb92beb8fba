/**
 * What `electron` resolves to in the tests (vitest.config.ts's node project) and in a plain
 * Node run (register.mjs): the part of Electron's main-process API that Roadcam uses, each
 * piece typed against Electron's own declarations (Pick<Electron.X, members used>) so that a
 * member that changes there fails the typecheck here. The test side is control.ts.
 */
import { app, crashReporter, nativeTheme, powerMonitor } from './app.ts';
import { contextBridge, ipcMain, ipcRenderer, protocol, session } from './ipc.ts';
import { dialog, Menu, nativeImage, Notification, screen, shell, Tray } from './surfaces.ts';
import { BrowserWindow } from './window.ts';

// Electron sets these on process; the entry reads resourcesPath (the updater's package-type).
const electronProcess = process as NodeJS.Process & { resourcesPath?: string };
electronProcess.resourcesPath ??= new URL('./resources', import.meta.url).pathname;

export {
  app,
  BrowserWindow,
  contextBridge,
  crashReporter,
  dialog,
  ipcMain,
  ipcRenderer,
  Menu,
  nativeImage,
  nativeTheme,
  Notification,
  powerMonitor,
  protocol,
  screen,
  session,
  shell,
  Tray,
};

export default {
  app,
  BrowserWindow,
  contextBridge,
  crashReporter,
  dialog,
  ipcMain,
  ipcRenderer,
  Menu,
  nativeImage,
  nativeTheme,
  Notification,
  powerMonitor,
  protocol,
  screen,
  session,
  shell,
  Tray,
};
