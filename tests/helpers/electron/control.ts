/**
 * The test side of the Electron stand-in (electron.ts, electron-updater.ts). Reset it before
 * each start; everything below reads or drives the one stand-in of this process.
 *
 *   resetElectron(script?)   clears windows, handlers, calls, dialogs, answers; `script` sets
 *                            singleInstanceLock, packaged, openedAtLogin, notificationsSupported,
 *                            autoReady (a plain Node run: ready by itself, exit on quit), displays,
 *                            systemLanguages (app.getPreferredSystemLanguages())
 *   ready()                  app.whenReady resolves, 'ready' is emitted
 *   whenReady()              resolves after the entry's own whenReady callbacks have run
 *   ended() / endedCode()    the app ended (a quit that went through, or app.exit): its code
 *   calls(what?)             every recorded call ({ what: 'app.quit', args }), or those of one kind
 *   windows() / mainWindow() the windows (options, loaded, visible, minimised, fullScreen...)
 *   invoke(channel, input, { frameUrl?, parent? })
 *                            calls ipcMain.handle's handler as a frame at frameUrl (default: the
 *                            URL the main window loaded, the trusted one); parent: a sub-frame
 *   onSend(listener)         every webContents.send of the main window ({ channel, payload });
 *                            returns the unsubscribe. sent(channel) lists those sent so far
 *   navigate(kind, url)      emits will-navigate / will-redirect / will-attach-webview on the
 *                            main window's webContents; true when the listener prevented it
 *   openWindow(url)          the window-open handler's answer for a page's window.open(url)
 *   fetchMedia(request)      the protocol.handle handler of the request's scheme, with a Request
 *   notifications()          shown Notification instances (title, body, click())
 *   tray()                   the tray (tooltip, menu.template, emit('click'))
 *   menuTemplate()           the application menu's template as last set
 *   clickMenu(...labels)     clicks an application menu item by its labels (a role's name
 *                            stands for its label: 'help' is Help)
 *   dialogs(kind?)           every dialog shown ({ kind, options, answer(value), answered })
 *   answerNext.messageBox(i), .open(paths|null), .save(path|null)
 *                            scripted answers for the next dialogs, in order; a dialog with none
 *                            waits for its answer()
 *   emitApp(event, ...args)  app events: 'second-instance' (argv), 'open-url' (url), 'activate',
 *                            'before-quit', 'render-process-gone' (contents, details),
 *                            'child-process-gone' (details); an Electron event object first
 *   emitPowerMonitor(event)  'shutdown', 'suspend'...
 *   updater                  electron-updater's stand-in: set updater.answers.check / .download
 *   handledChannels(), privilegedSchemes(), permissionHandlers()
 *                            what the entry registered with ipcMain, protocol and the session
 * IPC inputs, answers and webContents.send payloads go through structuredClone, as in Electron.
 */
import { app, fireReady, powerMonitor } from './app.ts';
import { autoUpdater } from './electron-updater.ts';
import { trustedEvent } from './ipc.ts';
import { electronEvent, resetState, state, type Call, type ShownDialog } from './state.ts';
import {
  screen,
  standInDisplay,
  type DisplayRemoved,
  type Menu,
  type Notification,
  type Tray,
} from './surfaces.ts';
import { allWindows, type BrowserWindow, type Sent } from './window.ts';

export interface Script {
  singleInstanceLock?: boolean;
  packaged?: boolean;
  openedAtLogin?: boolean;
  notificationsSupported?: boolean;
  /** app.getPreferredSystemLanguages(), most wanted first ('de-DE'); by default none. */
  systemLanguages?: string[];
  /** Ready fires by itself once the entry waits for it (a plain Node run). */
  autoReady?: boolean;
  /** The displays, the first the primary (setDisplays); by default one 1920×1080. */
  displays?: { id: number; bounds: Electron.Rectangle }[];
}

export function resetElectron({ displays, ...script }: Script = {}): void {
  const fresh = resetState();
  Object.assign(fresh, script);
  if (displays) setDisplays(displays);
  autoUpdater.reset();
}

/** Electron has finished starting: app.whenReady resolves, 'ready' is emitted. */
export const ready = fireReady;

/** Resolves after the entry's own whenReady callbacks (they were registered first). */
export const whenReady = (): Promise<void> => state().ready.promise;

export const ended = (): Promise<number> => state().ended.promise;
export const endedCode = (): number | null => state().ended.code;

export function calls(what?: string): Call[] {
  return what === undefined ? state().calls : state().calls.filter((c) => c.what === what);
}

export const windows = (): BrowserWindow[] => allWindows();

export function mainWindow(): BrowserWindow {
  const window = allWindows()[0];
  if (!window) throw new Error('No window is open');
  return window;
}

export interface Frame {
  /** The calling frame's URL; by default what the main window loaded. */
  frameUrl?: string;
  /** A sub-frame of the page rather than its top frame. */
  parent?: boolean;
}

export async function invoke(
  channel: string,
  input?: unknown,
  frame: Frame = {},
): Promise<unknown> {
  const handler = state().handlers.get(channel);
  if (!handler) throw new Error(`No handler registered for '${channel}'`);
  const window = mainWindow();
  const url = frame.frameUrl ?? window.webContents.url;
  // Both ways cross processes in Electron, by structured clone: what cannot be cloned fails here.
  const event = trustedEvent(url, window.webContents, frame.parent);
  return structuredClone(await handler(event, structuredClone(input)));
}

export const handledChannels = (): string[] => [...state().handlers.keys()];

export function onSend(listener: (sent: Sent) => void): () => void {
  const subscribers = mainWindow().webContents.subscribers;
  subscribers.add(listener);
  return () => subscribers.delete(listener);
}

export function sent(channel: string): unknown[] {
  const contents = mainWindow().webContents;
  return contents.sent.filter((s) => s.channel === channel).map((s) => s.payload);
}

export function navigate(
  kind: 'will-navigate' | 'will-redirect' | 'will-attach-webview',
  url: string,
): boolean {
  const event = electronEvent({ url });
  mainWindow().webContents.emit(kind, event, url);
  return event.defaultPrevented;
}

export function openWindow(url: string): Electron.WindowOpenHandlerResponse {
  const handler = mainWindow().webContents.openHandler;
  if (!handler) throw new Error('The window has no window-open handler');
  return handler({
    url,
    frameName: '',
    features: '',
    disposition: 'new-window',
    referrer: { url: '', policy: 'default' },
  } as unknown as Electron.HandlerDetails);
}

export async function fetchMedia(request: Request | string): Promise<Response> {
  const asRequest = typeof request === 'string' ? new Request(request) : request;
  const scheme = new URL(asRequest.url).protocol.replace(/:$/, '');
  const handler = state().protocolHandlers.get(scheme);
  if (!handler) throw new Error(`No protocol handler for ${scheme}:`);
  return handler(asRequest);
}

export const privilegedSchemes = (): unknown[] => state().privilegedSchemes;

export const notifications = (): Notification[] => state().notifications as Notification[];

export function tray(): Tray {
  const tray = state().trays[0] as Tray | undefined;
  if (!tray) throw new Error('No tray was made');
  return tray;
}

/** The application menu's template as last set (Menu.setApplicationMenu), or [] before. */
export function menuTemplate(): Electron.MenuItemConstructorOptions[] {
  return (state().applicationMenu as Menu | null)?.template ?? [];
}

export function clickMenu(...labels: string[]): void {
  const menu = state().applicationMenu as Menu | null;
  let items: Electron.MenuItemConstructorOptions[] = menu?.template ?? [];
  let item: Electron.MenuItemConstructorOptions | undefined;
  for (const label of labels) {
    item = items.find((i) => (i.label ?? i.role)?.toLowerCase() === label.toLowerCase());
    if (!item) throw new Error(`No menu item ${labels.join(' > ')}`);
    items = (item.submenu as Electron.MenuItemConstructorOptions[] | undefined) ?? [];
  }
  if (!item?.click) throw new Error(`The menu item ${labels.join(' > ')} does nothing`);
  (item.click as () => void)();
}

export function dialogs(kind?: ShownDialog['kind']): ShownDialog[] {
  const all = state().dialogs;
  return kind ? all.filter((d) => d.kind === kind) : all;
}

export const answerNext = {
  messageBox: (response: number) => state().answers.messageBox.push(response),
  open: (paths: string[] | null) => state().answers.open.push(paths),
  save: (path: string | null) => state().answers.save.push(path),
};

export function emitApp(event: string, ...args: unknown[]): Electron.Event {
  const electron = electronEvent();
  app.emit(event, electron, ...args);
  return electron as unknown as Electron.Event;
}

export function emitPowerMonitor(event: string): void {
  powerMonitor.emit(event, electronEvent());
}

export const permissionHandlers = () => ({
  request: state().permissionRequest,
  check: state().permissionCheck,
});

export function setDisplays(list: { id: number; bounds: Electron.Rectangle }[]): void {
  state().displays = list.map((d) => standInDisplay(d.id, d.bounds));
}

export function removeDisplay(id: number): void {
  const all = state().displays as Electron.Display[];
  const gone = all.find((d) => d.id === id);
  if (!gone) throw new Error(`No display ${id}`);
  state().displays = all.filter((d) => d !== gone);
  const args: DisplayRemoved = [electronEvent() as unknown as Electron.Event, gone];
  screen.emit('display-removed', ...args);
}

export const updater = autoUpdater;
export type { BrowserWindow, Sent, ShownDialog };
