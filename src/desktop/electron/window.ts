import { join } from 'node:path';
import { BrowserWindow, screen, session, shell, type IpcMainInvokeEvent } from 'electron';
import { isAppUrl as isAppUrlIn, isExternalHttps } from '../navigation.ts';
import { isOnScreen, loadWindowState, saveWindowState } from '../window-state.ts';

const rendererDir = join(import.meta.dirname, '../renderer');
const preload = join(import.meta.dirname, '../preload/index.cjs');

/** The app's own page: the built renderer file, or the dev server in `npm run dev`. */
function isAppUrl(url: string): boolean {
  return isAppUrlIn(url, rendererDir, process.env.ELECTRON_RENDERER_URL);
}

export function isTrustedFrame(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

/** How the window starts, and what closing it does (src/desktop/electron/background.ts). */
export interface WindowBehaviour {
  /** `fullScreen`: a kiosk start (`--kiosk`, a screen on a control room's wall). */
  start: 'hidden' | 'minimised' | 'shown' | 'fullScreen';
  /** `hide`: to the tray; `quit`: the app quits instead (asking first); `close`: closes. */
  closing(): 'hide' | 'close' | 'quit';
  /** The display it opens on (`--kiosk --display N`), rather than where it was last. */
  display?: Electron.Rectangle;
}

const ordinary: WindowBehaviour = { start: 'shown', closing: () => 'close' };

export function createMainWindow(
  dataDir: string,
  initialRoute: string | null,
  behaviour: WindowBehaviour = ordinary,
): BrowserWindow {
  const saved = loadWindowState(dataDir);
  const usable = behaviour.display
    ? { ...behaviour.display, maximized: false }
    : saved &&
        isOnScreen(
          saved,
          screen.getAllDisplays().map((d) => d.workArea),
        )
      ? saved
      : null;
  const window = lockedWindow({
    ...(usable
      ? { x: usable.x, y: usable.y, width: usable.width, height: usable.height }
      : { width: 1360, height: 860 }),
    minWidth: 900,
    minHeight: 600,
  });
  window.once('ready-to-show', () => {
    // Started at login: the window waits in the tray until Open Roadcam (maximize would show it).
    if (behaviour.start === 'hidden') return;
    if (behaviour.start === 'fullScreen') window.setFullScreen(true);
    else if (usable?.maximized) window.maximize();
    if (behaviour.start !== 'minimised') return window.show();
    window.showInactive();
    window.minimize();
  });
  window.on('close', (event) => {
    saveWindowState(dataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    const action = behaviour.closing();
    if (action === 'close') return;
    event.preventDefault();
    if (action !== 'hide') return;
    // A full-screen window hidden as it is leaves a black screen on macOS: leave it first.
    if (!window.isFullScreen()) return window.hide();
    window.once('leave-full-screen', () => window.hide());
    window.setFullScreen(false);
  });
  loadRoute(window, initialRoute ?? '');
  return window;
}

/**
 * A window of the app's page, locked down as every one of them is: the same web preferences,
 * navigation guards and content security policy (the page's own) whatever it shows.
 */
export function lockedWindow(options: Electron.BrowserWindowConstructorOptions): BrowserWindow {
  const window = new BrowserWindow({
    title: 'Roadcam',
    show: false,
    ...options,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would otherwise open links in a new window, around the window-open handler.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  lockDown(window);
  return window;
}

/** Loads the app's page at a route (`/wall/3?window=only`): the built file, or the dev server. */
export function loadRoute(window: BrowserWindow, route: string): void {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer) void window.loadURL(`${devServer}#${route}`);
  else void window.loadFile(join(rendererDir, 'index.html'), { hash: route });
}

/** No navigation away, no new windows, no webviews; https links open in the system browser. */
function lockDown(window: BrowserWindow): void {
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttps(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** Permission requests are denied, except desktop notifications. */
export function lockDownSession(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'notifications');
  });
  session.defaultSession.setPermissionCheckHandler(
    (_contents, permission) => permission === 'notifications',
  );
}
