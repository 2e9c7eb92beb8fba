/**
 * The page side of the desktop path in Chromium: the renderer the desktop window loads, with
 * the real preload bundle evaluated before any app script and its `ipcRenderer` wired to the
 * main process (tests/helpers/desktop-main.ts, the real desktop entry in a child Node process).
 * Electron itself cannot be downloaded on the build machines; Chromium stands for its renderer.
 */
import { readFileSync } from 'node:fs';
import { extname, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Frame, Route } from '@playwright/test';
import type { MediaAnswer } from './desktop-host-messages.ts';
import { RENDERER_FILE_TYPES } from '../../src/web/host.ts';

const root = resolve(import.meta.dirname, '../..');
/** What electron-vite builds: the renderer the window loads and the preload it names. */
const builtRenderer = resolve(root, 'out/renderer');
const builtPreload = resolve(root, 'out/preload/index.cjs');

/**
 * The window's own origin in the tests. Electron loads out/renderer/index.html from a file: URL
 * and runs its module scripts because it registers file: as a privileged scheme; Chromium does
 * not run module scripts from file:, so the same files are served from a made-up http origin
 * that only this browser context can reach (no port, no server: Playwright answers it).
 */
export const APP_ORIGIN = 'http://roadcam.desktop';

/** The main process as the page reaches it; tests/helpers/desktop-main.ts implements it. */
export interface DesktopMain {
  /** The file: URL the window loaded (loadFile), which ipcMain's trusted-frame check expects. */
  loadedUrl(): string;
  /** ipcMain.handle's answer to a call from a frame: the stand-in's invoke. */
  invoke(
    channel: string,
    input: unknown,
    frame: { url: string; topLevel: boolean },
  ): Promise<unknown>;
  /** What webContents.send sent since the last call; waits a bounded time for the first one. */
  sent(): Promise<{ event: string; payload: unknown }[]>;
  /** The answer of the handler registered with protocol.handle for this URL. */
  media(url: string, method: string): Promise<MediaAnswer>;
}

/** Answers the app origin with out/renderer's files, as Electron's file: loading would. */
async function serveRenderer(route: Route): Promise<void> {
  const path = decodeURIComponent(new URL(route.request().url()).pathname);
  const file = resolve(builtRenderer, `.${path}`);
  if (!file.startsWith(builtRenderer + sep)) return route.fulfill({ status: 404 });
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return route.fulfill({ status: 404, body: `No file ${path} in out/renderer.` });
  }
  const contentType = RENDERER_FILE_TYPES[extname(file)] ?? 'application/octet-stream';
  return route.fulfill({ status: 200, body, contentType });
}

/**
 * The frame's address as the main process would see it: the app's pages map onto the file: URL
 * the window loaded (same folder, same file names), any other page keeps its own address, so
 * the trusted-frame check decides as it would in Electron. The entry names the renderer folder
 * beside its own file: out/renderer in the bundle, src/engine/renderer (never built) when Node
 * runs the source as here; out/renderer's files are what the page gets either way.
 */
export function frameAddress(frame: Frame, loadedUrl: string): { url: string; topLevel: boolean } {
  const topLevel = frame.parentFrame() === null;
  const url = new URL(frame.url());
  if (url.origin !== APP_ORIGIN) return { url: frame.url(), topLevel };
  const loadedDir = fileURLToPath(new URL('.', loadedUrl));
  const file = resolve(loadedDir, `.${decodeURIComponent(url.pathname)}`);
  return { url: `${pathToFileURL(file).href}${url.search}${url.hash}`, topLevel };
}

/** The page address for the file: URL the window loaded (its file name and hash). */
export function pageUrlFor(loadedUrl: string): string {
  const loaded = new URL(loadedUrl);
  const name = relative(fileURLToPath(new URL('.', loaded)), fileURLToPath(loaded));
  return `${APP_ORIGIN}/${name}${loaded.hash}`;
}

/**
 * Runs in the page before any app script, in place of Electron's preload world: it takes the
 * binding away from the page's globals, builds the `electron` module the preload requires
 * (contextBridge, ipcRenderer) and evaluates the bundle with that `require` as a parameter, so
 * that no `require` or `process` is ever a global of the page. Events arrive by a long poll.
 * What it cannot give: a world of its own (Electron's context isolation). The bundle runs in
 * the page's world, so the test checks what the page sees, not that the page cannot reach it.
 */
function preloadScript(bundle: string, binding: string): string {
  return `(() => {
  const call = window[${JSON.stringify(binding)}];
  delete window[${JSON.stringify(binding)}];
  if (window !== window.top) return; // Electron runs the preload in the top frame only
  const listeners = new Map();
  const ipcRenderer = {
    invoke: (channel, input) => call({ kind: 'invoke', channel, input }),
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return ipcRenderer;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key, value) {
      Object.defineProperty(window, key, { value: Object.freeze({ ...value }), enumerable: true });
    },
  };
  const poll = () =>
    call({ kind: 'sent' }).then((sent) => {
      for (const { event, payload } of sent) {
        for (const listener of [...(listeners.get(event) ?? [])]) listener({ sender: ipcRenderer }, payload);
      }
      poll();
    }, () => {}); // the main process or the page has ended: nothing more will be sent
  poll();
  const require = (name) => {
    if (name === 'electron') return { contextBridge, ipcRenderer };
    throw new Error('A sandboxed preload cannot require ' + name + '.');
  };
  (function (require) {
${bundle}
  })(require);
})();`;
}

type PageCall = { kind: 'invoke'; channel: string; input: unknown } | { kind: 'sent' };

/**
 * Makes every page of the context the desktop window: the app origin serves the renderer, the
 * real preload runs first, IPC goes to the main process, and `roadcam-media:` requests go to
 * its protocol handler. Chromium hands `<img>` and `<video>` requests of an unknown scheme to
 * the route, but refuses fetch() and XMLHttpRequest to it before any interception (Electron's
 * registerSchemesAsPrivileged is what allows them): hls.js playlists cannot play here.
 */
export async function wireDesktopPage(context: BrowserContext, main: DesktopMain): Promise<void> {
  const binding = `__roadcamPreload${Math.random().toString(36).slice(2)}`;
  await context.route(`${APP_ORIGIN}/**`, serveRenderer);
  await context.route(/^roadcam-media:/, async (route) => {
    const request = route.request();
    // A main process that cannot answer is a broken picture with the reason, as in Electron.
    const answer = await main
      .media(request.url(), request.method())
      .catch((error: Error): MediaAnswer => ({
        status: 502,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        bodyBase64: Buffer.from(error.message).toString('base64'),
      }));
    await route.fulfill({
      status: answer.status,
      headers: answer.headers,
      body: Buffer.from(answer.bodyBase64, 'base64'),
    });
  });
  await context.exposeBinding(binding, async (source, message: PageCall) => {
    if (message.kind === 'sent') return main.sent();
    return main.invoke(
      message.channel,
      message.input,
      frameAddress(source.frame, main.loadedUrl()),
    );
  });
  await context.addInitScript({
    content: preloadScript(readFileSync(builtPreload, 'utf8'), binding),
  });
}
