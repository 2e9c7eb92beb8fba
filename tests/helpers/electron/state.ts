/**
 * The stand-in's state: one per process, kept on globalThis so that a module registry reset
 * (vi.resetModules, which the desktop-shell harness does before each start) still shares it
 * between the entry's fresh `electron` import and the test's control. `resetElectron()` clears
 * it between tests; the long-lived objects (app, ipcMain, powerMonitor...) stay the same
 * objects and lose their listeners.
 */
import type { EventEmitter } from 'node:events';

/** One call into the stand-in: what was called and with which arguments. */
export interface Call {
  what: string;
  args: unknown[];
}

/** A dialog shown: its kind, options, and (while it waits) the way to answer it. */
export interface ShownDialog {
  kind: 'messageBox' | 'open' | 'save' | 'error';
  options: Record<string, unknown>;
  /** Answers a waiting dialog: a message box's button index, an open or save dialog's path(s). */
  answer(value: unknown): void;
  answered: boolean;
}

export interface StandInState {
  calls: Call[];
  ready: { promise: Promise<void>; resolve(): void; done: boolean };
  singleInstanceLock: boolean;
  /** A plain Node run: ready fires by itself once the entry waits for it. */
  autoReady: boolean;
  packaged: boolean;
  openedAtLogin: boolean;
  notificationsSupported: boolean;
  /** app.getPreferredSystemLanguages(), most wanted first; [] as on a system that lists none. */
  systemLanguages: string[];
  paths: Map<string, string>;
  /** How the app ended: app.quit() that went through, or app.exit(code). */
  ended: { promise: Promise<number>; resolve(code: number): void; code: number | null };
  windows: unknown[];
  nextId: number;
  handlers: Map<string, (event: unknown, ...args: unknown[]) => unknown>;
  protocolHandlers: Map<string, (request: Request) => Response | Promise<Response>>;
  privilegedSchemes: unknown[];
  applicationMenu: unknown;
  trays: unknown[];
  notifications: unknown[];
  dialogs: ShownDialog[];
  /** Scripted answers, taken in order; a dialog without one waits for ShownDialog.answer. */
  answers: { messageBox: number[]; open: (string[] | null)[]; save: (string | null)[] };
  permissionRequest: ((...args: never[]) => unknown) | null;
  permissionCheck: ((...args: never[]) => unknown) | null;
  emitters: EventEmitter[];
  /** screen.getAllDisplays(), the first the primary (surfaces.ts's Electron.Display). */
  displays: unknown[];
}

const key = Symbol.for('roadcam.electron-stand-in');
type Holder = { [key]?: StandInState };

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function fresh(emitters: EventEmitter[]): StandInState {
  const ready = deferred<void>();
  const ended = deferred<number>();
  const state: StandInState = {
    calls: [],
    ready: { ...ready, resolve: () => ready.resolve(), done: false },
    singleInstanceLock: true,
    autoReady: false,
    packaged: false,
    openedAtLogin: false,
    notificationsSupported: true,
    systemLanguages: [],
    paths: new Map(),
    ended: { ...ended, code: null },
    windows: [],
    nextId: 1,
    handlers: new Map(),
    protocolHandlers: new Map(),
    privilegedSchemes: [],
    applicationMenu: null,
    trays: [],
    notifications: [],
    dialogs: [],
    answers: { messageBox: [], open: [], save: [] },
    permissionRequest: null,
    permissionCheck: null,
    emitters,
    displays: [],
  };
  return state;
}

/** The current state (created on first use). */
export function state(): StandInState {
  const holder = globalThis as Holder;
  holder[key] ??= fresh([]);
  return holder[key];
}

/** Clears everything: calls, windows, handlers, answers, and every long-lived emitter's listeners. */
export function resetState(): StandInState {
  const emitters = state().emitters;
  for (const emitter of emitters) emitter.removeAllListeners();
  (globalThis as Holder)[key] = fresh(emitters);
  return state();
}

/** A long-lived emitter (app, ipcMain...): the same object across resets, its listeners cleared. */
export function longLived<T extends EventEmitter>(name: string, make: () => T): T {
  const holder = globalThis as Holder & Record<symbol, T | undefined>;
  const slot = Symbol.for(`roadcam.electron-stand-in.${name}`);
  if (!holder[slot]) {
    holder[slot] = make();
    state().emitters.push(holder[slot]);
  }
  return holder[slot];
}

/** Records a call; returns nothing, so `return record(...)` is never mistaken for a result. */
export function record(what: string, ...args: unknown[]): void {
  state().calls.push({ what, args });
}

/** Electron's event object: preventDefault and whether it was called. */
export function electronEvent<T extends object = object>(extra?: T) {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event as { defaultPrevented: boolean; preventDefault(): void } & T;
}

export { deferred };
