/**
 * The preload: exposes the IPC contract as `window.api` and nothing else. Bundled into one
 * CommonJS file so that the window can run sandboxed.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  IpcError,
  isChannel,
  isEventName,
  unwrap,
  type Api,
  type IpcResponse,
} from '../shared/ipc.ts';

const api = {
  async invoke(channel, input) {
    if (!isChannel(channel)) {
      throw new IpcError({
        code: 'unknown_channel',
        message: `Unknown IPC channel ${String(channel)}.`,
      });
    }
    const response = (await ipcRenderer.invoke(channel, input)) as IpcResponse<never>;
    return unwrap(response);
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}.`);
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) =>
      listener(payload as never);
    ipcRenderer.on(event, forward);
    return () => ipcRenderer.removeListener(event, forward);
  },
} satisfies Api;

contextBridge.exposeInMainWorld('api', api);
