import { IpcError, type Api, type Channel, type Input } from '../../shared/ipc.ts';
import { words } from './words.svelte.ts';
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
    return inUserWords(window.api);
  }
  const api = createSocketApi(socketUrl(), (state) => transport.set('websocket', state.connected));
  return inUserWords(api);
}

/**
 * The Api whose failures read in the user's language: an error the core said as a code and its
 * parameters gets the catalogue's words in the language in force (its English stays for logs).
 */
export function inUserWords(api: Api): Api {
  return {
    invoke: <C extends Channel>(channel: C, input: Input<C>) =>
      api.invoke(channel, input).catch((error: unknown) => {
        if (!(error instanceof IpcError) || !error.said) throw error;
        const { code, said } = error;
        throw new IpcError({ code, message: words.say(said), said });
      }),
    on: (event, listener) => api.on(event, listener),
  };
}
