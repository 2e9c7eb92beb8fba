/**
 * The stand-in's ipcMain, protocol and session, and (for a preload run in Node) contextBridge
 * and ipcRenderer. Handlers are kept in the state for control.ts to call: ipcMain.handle's by
 * channel, protocol.handle's by scheme. Like Electron, a second handler for one channel throws,
 * privileged schemes are registered before ready only, and protocol.handle after.
 */
import { EventEmitter } from 'node:events';
import type { ContextBridge, IpcMain, IpcRenderer, Protocol, Session } from 'electron';
import { longLived, record, state } from './state.ts';
import { allWindows, type Sent } from './window.ts';

type Handler = (event: Electron.IpcMainInvokeEvent, ...args: unknown[]) => unknown;

class StandInIpcMain extends EventEmitter implements Pick<IpcMain, 'handle' | 'removeHandler'> {
  handle(channel: string, listener: Handler): void {
    const handlers = state().handlers;
    if (handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    handlers.set(channel, listener as (event: unknown, ...args: unknown[]) => unknown);
  }
  removeHandler(channel: string): void {
    state().handlers.delete(channel);
  }
}
export const ipcMain = longLived('ipcMain', () => new StandInIpcMain());

export const protocol = {
  registerSchemesAsPrivileged(customSchemes: Electron.CustomScheme[]): void {
    if (state().ready.done) {
      throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    }
    record('protocol.registerSchemesAsPrivileged', customSchemes);
    state().privilegedSchemes.push(...customSchemes);
  },
  handle(scheme: string, handler: (request: GlobalRequest) => Response | Promise<Response>): void {
    if (!state().ready.done) throw new Error('protocol.handle may only be used after app ready');
    if (state().protocolHandlers.has(scheme)) {
      throw new Error(`The scheme ${scheme} is already handled`);
    }
    state().protocolHandlers.set(scheme, handler);
  },
  isProtocolHandled: (scheme: string) => state().protocolHandlers.has(scheme),
} satisfies Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle' | 'isProtocolHandled'>;

const defaultSession = {
  setPermissionRequestHandler(handler: Parameters<Session['setPermissionRequestHandler']>[0]) {
    state().permissionRequest = handler as never;
  },
  setPermissionCheckHandler(handler: Parameters<Session['setPermissionCheckHandler']>[0]) {
    state().permissionCheck = handler as never;
  },
  /** No proxy here: what Chromium answers for a direct connection. */
  resolveProxy: (url: string) => {
    record('session.resolveProxy', url);
    return Promise.resolve('DIRECT');
  },
} satisfies Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'resolveProxy'
>;
export const session = { defaultSession };

/** A preload run in this process exposes its api on globalThis, as the page's window. */
export const contextBridge = {
  exposeInMainWorld(apiKey: string, api: unknown): void {
    record('contextBridge.exposeInMainWorld', apiKey);
    (globalThis as Record<string, unknown>)[apiKey] = api;
  },
} satisfies Pick<ContextBridge, 'exposeInMainWorld'>;

/**
 * The page's side, for a preload run in this process: invoke calls the main handler as the
 * first window's own top frame; on() hears that window's webContents.send.
 */
class StandInIpcRenderer extends EventEmitter implements Pick<IpcRenderer, 'invoke'> {
  #subscribed = false;
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    const window = allWindows()[0];
    const handler = state().handlers.get(channel);
    if (!window || !handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(trustedEvent(window.webContents.url, window.webContents), ...args);
  }
  override on(
    channel: string,
    listener: (event: Electron.IpcRendererEvent, ...args: unknown[]) => void,
  ): this {
    this.#subscribe();
    return super.on(channel, listener);
  }
  #subscribe(): void {
    const window = allWindows()[0];
    if (this.#subscribed || !window) return;
    this.#subscribed = true;
    window.webContents.subscribers.add((sent: Sent) =>
      this.emit(sent.channel, { sender: this }, sent.payload),
    );
  }
}
export const ipcRenderer = longLived('ipcRenderer', () => new StandInIpcRenderer());

/** The event ipcMain's handlers get: a frame with this URL, top-level unless `parent`. */
export function trustedEvent(url: string, sender: unknown, parent = false) {
  const frame = { url, parent: parent ? { url } : null, frameTreeNodeId: 1, processId: 1 };
  return {
    sender,
    senderFrame: frame,
    frameId: parent ? 2 : 1,
    processId: 1,
    defaultPrevented: false,
    preventDefault() {},
  } as unknown as Electron.IpcMainInvokeEvent;
}

type GlobalRequest = Request;
