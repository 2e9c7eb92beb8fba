/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { Api } from '../shared/ipc.ts';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode, where a WebSocket carries the contract. */
    api?: Api;
  }
}
