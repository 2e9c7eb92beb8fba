/**
 * The stand-in's `app`, `powerMonitor`, `crashReporter` and `nativeTheme`. quit() runs as
 * Electron's does: 'before-quit' (which may be prevented), each window's 'close' (which may be
 * prevented, stopping the quit), 'will-quit', 'quit'; then the app has ended (state().ended).
 */
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App, CrashReporter, NativeTheme, PowerMonitor } from 'electron';
import { electronEvent, longLived, record, state } from './state.ts';
import { allWindows, onAllClosed } from './window.ts';

type AppMembers =
  | 'whenReady'
  | 'isReady'
  | 'quit'
  | 'exit'
  | 'relaunch'
  | 'requestSingleInstanceLock'
  | 'setAsDefaultProtocolClient'
  | 'getPath'
  | 'setPath'
  | 'getLoginItemSettings'
  | 'setLoginItemSettings'
  | 'setBadgeCount'
  | 'getVersion'
  | 'getName'
  | 'getPreferredSystemLanguages'
  | 'getLocale'
  | 'isPackaged';

class StandInApp extends EventEmitter implements Pick<App, AppMembers> {
  whenReady(): Promise<void> {
    // A plain Node run (register.mjs) is ready as soon as the entry waits for it, as Electron is.
    if (state().autoReady && !state().ready.done) setImmediate(fireReady);
    return state().ready.promise;
  }
  isReady(): boolean {
    return state().ready.done;
  }
  get isPackaged(): boolean {
    return state().packaged;
  }
  quit(): void {
    record('app.quit');
    if (state().ended.code !== null) return;
    const before = electronEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    // As in Electron: closing windows for a quit emits no 'window-all-closed', and a window
    // kept open stops the quit.
    closingForQuit = true;
    try {
      if (![...allWindows()].every((window) => window.closeForQuit())) return;
    } finally {
      closingForQuit = false;
    }
    const willQuit = electronEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.emit('quit', electronEvent(), 0);
    end(0);
  }
  exit(exitCode = 0): void {
    record('app.exit', exitCode);
    end(exitCode);
  }
  relaunch(options?: Electron.RelaunchOptions): void {
    record('app.relaunch', options);
  }
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    record('app.requestSingleInstanceLock', additionalData);
    return state().singleInstanceLock;
  }
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    record('app.setAsDefaultProtocolClient', protocol, path, args);
    return true;
  }
  getPath(name: Parameters<App['getPath']>[0]): string {
    return state().paths.get(name) ?? join(tmpdir(), 'roadcam-electron-stand-in', name);
  }
  setPath(name: string, path: string): void {
    record('app.setPath', name, path);
    state().paths.set(name, path);
  }
  getLoginItemSettings(): Electron.LoginItemSettings {
    return {
      openAtLogin: false,
      wasOpenedAtLogin: state().openedAtLogin,
      status: 'not-registered',
      executableWillLaunchAtLogin: false,
      launchItems: [],
    };
  }
  setLoginItemSettings(settings: Electron.Settings): void {
    record('app.setLoginItemSettings', settings);
  }
  setBadgeCount(count?: number): boolean {
    record('app.setBadgeCount', count);
    return true;
  }
  getVersion(): string {
    return '0.0.0-stand-in';
  }
  getName(): string {
    return 'Roadcam';
  }
  getPreferredSystemLanguages(): string[] {
    return [...state().systemLanguages];
  }
  /** Chromium's locale: the first system language, else US English (its default). */
  getLocale(): string {
    return state().systemLanguages[0] ?? 'en-US';
  }
  readonly commandLine: Pick<Electron.CommandLine, 'appendSwitch'> = {
    appendSwitch: (name: string, value?: string) =>
      record('app.commandLine.appendSwitch', name, value),
  };
}

/** Electron has finished starting: whenReady resolves, 'ready' is emitted (once). */
export function fireReady(): void {
  const { ready } = state();
  if (ready.done) return;
  ready.done = true;
  ready.resolve();
  app.emit('ready', electronEvent(), {});
}

function end(code: number): void {
  const ended = state().ended;
  if (ended.code !== null) return;
  ended.code = code;
  ended.resolve(code);
  // A plain Node run ends as Electron's process does (after the awaiting code has run).
  if (state().autoReady) setImmediate(() => process.exit(code));
}

export const app = longLived('app', () => new StandInApp());
let closingForQuit = false;
onAllClosed(() => {
  if (!closingForQuit) app.emit('window-all-closed');
});

class StandInPowerMonitor extends EventEmitter implements Pick<PowerMonitor, 'getSystemIdleState'> {
  getSystemIdleState(): 'active' {
    return 'active';
  }
}
export const powerMonitor = longLived('powerMonitor', () => new StandInPowerMonitor());

export const crashReporter = {
  start(options: Electron.CrashReporterStartOptions): void {
    record('crashReporter.start', options);
  },
  getUploadedReports: () => [],
} satisfies Pick<CrashReporter, 'start' | 'getUploadedReports'>;

class StandInTheme
  extends EventEmitter
  implements Pick<NativeTheme, 'shouldUseDarkColors' | 'themeSource'>
{
  shouldUseDarkColors = false;
  themeSource: NativeTheme['themeSource'] = 'system';
}
export const nativeTheme = longLived('nativeTheme', () => new StandInTheme());
