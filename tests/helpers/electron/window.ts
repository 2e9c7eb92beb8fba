/**
 * The stand-in's BrowserWindow and its webContents. A window records its constructor options,
 * what it loaded (loadFile/loadURL) and its state (shown, minimised, full screen...); loading
 * emits 'ready-to-show' on the next turn, as a first paint would. webContents.send is recorded
 * and handed to subscribers (control.ts's onSend; the stand-in's ipcRenderer).
 */
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow as ElectronWindow, WebContents } from 'electron';
import { electronEvent, record, state } from './state.ts';

type ContentsMembers =
  'send' | 'reload' | 'isDestroyed' | 'getURL' | 'setWindowOpenHandler' | 'loadURL' | 'loadFile';

/** A message the main process sent to the page. */
export interface Sent {
  channel: string;
  payload: unknown;
}

export class StandInWebContents extends EventEmitter implements Pick<WebContents, ContentsMembers> {
  readonly id: number;
  url = '';
  destroyed = false;
  reloads = 0;
  readonly sent: Sent[] = [];
  readonly subscribers = new Set<(sent: Sent) => void>();
  openHandler: Parameters<WebContents['setWindowOpenHandler']>[0] | null = null;

  constructor(id: number) {
    super();
    this.id = id;
  }
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    // To the page by structured clone, as Electron sends it: what cannot be cloned throws here.
    const sent = { channel, payload: structuredClone(args[0]) };
    this.sent.push(sent);
    for (const subscriber of this.subscribers) subscriber(sent);
  }
  reload(): void {
    record('webContents.reload', this.id);
    this.reloads++;
    setImmediate(() => this.emit('did-finish-load'));
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.url;
  }
  setWindowOpenHandler(handler: Parameters<WebContents['setWindowOpenHandler']>[0]): void {
    this.openHandler = handler;
  }
  loadURL(url: string): Promise<void> {
    record('webContents.loadURL', this.id, url);
    this.url = url;
    setImmediate(() => this.emit('did-finish-load'));
    return Promise.resolve();
  }
  loadFile(filePath: string, options?: Electron.LoadFileOptions): Promise<void> {
    const url = pathToFileURL(filePath);
    if (options?.hash) url.hash = options.hash;
    if (options?.search) url.search = options.search;
    return this.loadURL(url.href);
  }
}

type WindowMembers =
  | 'show'
  | 'showInactive'
  | 'hide'
  | 'focus'
  | 'restore'
  | 'minimize'
  | 'maximize'
  | 'isMinimized'
  | 'isMaximized'
  | 'isVisible'
  | 'isFullScreen'
  | 'setFullScreen'
  | 'setKiosk'
  | 'isKiosk'
  | 'setBounds'
  | 'getBounds'
  | 'getNormalBounds'
  | 'setProgressBar'
  | 'setThumbnailToolTip'
  | 'close'
  | 'destroy'
  | 'isDestroyed'
  | 'loadFile'
  | 'loadURL';

export class BrowserWindow extends EventEmitter implements Pick<ElectronWindow, WindowMembers> {
  readonly id: number;
  readonly options: Electron.BrowserWindowConstructorOptions;
  readonly webContents: StandInWebContents;
  /** What the window loaded: a file's path (loadFile) or a URL (loadURL). */
  loaded: { file?: string; url: string; hash?: string } | null = null;
  visible = false;
  minimised = false;
  maximised = false;
  fullScreen = false;
  kiosk = false;
  bounds: Electron.Rectangle;
  focused = false;
  destroyed = false;
  progress: { value: number; options?: Electron.ProgressBarOptions } | null = null;

  constructor(options: Electron.BrowserWindowConstructorOptions = {}) {
    super();
    this.id = state().nextId++;
    this.options = options;
    this.fullScreen = options.fullscreen ?? false;
    this.kiosk = options.kiosk ?? false;
    const { x = 10, y = 10, width = 800, height = 600 } = options;
    this.bounds = { x, y, width, height };
    this.webContents = new StandInWebContents(this.id);
    state().windows.push(this);
    record('new BrowserWindow', options);
  }

  static getAllWindows(): BrowserWindow[] {
    return allWindows();
  }
  static getFocusedWindow(): BrowserWindow | null {
    return allWindows().find((w) => w.focused) ?? null;
  }

  // What was loaded is known at once (the tests read it); the page shows on a later turn.
  loadFile(filePath: string, options?: Electron.LoadFileOptions): Promise<void> {
    const loading = this.webContents.loadFile(filePath, options);
    this.loaded = { file: filePath, url: this.webContents.url, hash: options?.hash };
    setImmediate(() => this.emit('ready-to-show', electronEvent()));
    return loading;
  }
  loadURL(url: string): Promise<void> {
    const loading = this.webContents.loadURL(url);
    this.loaded = { url };
    setImmediate(() => this.emit('ready-to-show', electronEvent()));
    return loading;
  }
  show(): void {
    record('window.show', this.id);
    this.visible = true;
    this.minimised = false;
    this.focused = true;
  }
  showInactive(): void {
    record('window.showInactive', this.id);
    this.visible = true;
  }
  hide(): void {
    record('window.hide', this.id);
    this.visible = false;
    this.focused = false;
  }
  focus(): void {
    record('window.focus', this.id);
    this.focused = true;
  }
  restore(): void {
    record('window.restore', this.id);
    this.minimised = false;
  }
  minimize(): void {
    record('window.minimize', this.id);
    this.minimised = true;
  }
  maximize(): void {
    record('window.maximize', this.id);
    this.maximised = true;
    this.visible = true;
  }
  isMinimized(): boolean {
    return this.minimised;
  }
  isMaximized(): boolean {
    return this.maximised;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  setFullScreen(flag: boolean): void {
    record('window.setFullScreen', this.id, flag);
    const was = this.fullScreen;
    this.fullScreen = flag;
    if (flag) this.visible = true; // as in Electron: a hidden window goes full screen shown
    if (was && !flag) setImmediate(() => this.emit('leave-full-screen'));
    if (!was && flag) setImmediate(() => this.emit('enter-full-screen'));
  }
  setKiosk(flag: boolean): void {
    record('window.setKiosk', this.id, flag);
    this.kiosk = flag;
  }
  isKiosk(): boolean {
    return this.kiosk;
  }
  setBounds(bounds: Partial<Electron.Rectangle>): void {
    record('window.setBounds', this.id, bounds);
    this.bounds = { ...this.bounds, ...bounds };
  }
  getBounds(): Electron.Rectangle {
    return this.bounds;
  }
  getNormalBounds(): Electron.Rectangle {
    return { x: 10, y: 10, width: 1360, height: 860 };
  }
  setProgressBar(progress: number, options?: Electron.ProgressBarOptions): void {
    this.progress = { value: progress, options };
  }
  setThumbnailToolTip(toolTip: string): boolean {
    record('window.setThumbnailToolTip', this.id, toolTip);
    return true;
  }
  /** Emits 'close' (which may be prevented); if not, the window is gone. */
  close(): void {
    record('window.close', this.id);
    this.closeForQuit();
  }
  /** A close as a quit does it: false when a 'close' listener kept the window open. */
  closeForQuit(): boolean {
    if (this.destroyed) return true;
    const event = electronEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.webContents.destroyed = true;
    const windows = state().windows;
    windows.splice(windows.indexOf(this), 1);
    this.emit('closed');
    this.webContents.emit('destroyed');
    if (windows.length === 0) emitAllClosed?.();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

let emitAllClosed: (() => void) | undefined;
/** app.ts hands its 'window-all-closed' here (the app module imports this one). */
export function onAllClosed(emit: () => void): void {
  emitAllClosed = emit;
}

export function allWindows(): BrowserWindow[] {
  return state().windows as BrowserWindow[];
}
