import type { Api } from '../../shared/ipc.ts';
import { createSocketApi } from './ws-transport.ts';
import { socketUrl } from './web-token.ts';
import { transport } from './transport.svelte.ts';

/**
 * The renderer's only door to the main process. In the desktop app the preload provides it; in
 * browser mode a WebSocket to the host carries the same contract, with the per-launch token the
 * page was opened with (web-token.ts). Called once, by App.svelte, which hands the Api to the
 * views through context (lib/context.ts); nothing connects at import time, so states and
 * components can be tested against any Api (a real core through the direct transport).
 */
export function connect(): Api {
  if (window.api) {
    transport.set('electron', true);
    return window.api;
  }
  return createSocketApi(socketUrl(), (state) => transport.set('websocket', state.connected));
}
