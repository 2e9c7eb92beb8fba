/**
 * Chromium for long runs, without Playwright: launched with a debugging port and driven over
 * the DevTools protocol (a WebSocket) with only the Runtime, HeapProfiler and SystemInfo
 * domains. Playwright enables the Network domain on every page, and Chromium's inspector then
 * keeps each request and its response body: a page that loads live video for an hour grows by
 * hundreds of MB that the app, run by itself, never holds (16 live tiles: +38 MB a minute of
 * the renderer's memory under Playwright, in ArrayBuffers and Blink objects; flat without).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts';
import { tempDir } from '../helpers/core.ts';
import { waitFor } from '../helpers/wait.ts';

const CALL_TIMEOUT_MS = 120_000;

/** One DevTools target (the page, or the browser) over its WebSocket. */
export class Cdp {
  readonly #socket: WebSocket;
  readonly #waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  #next = 1;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      const waiter = message.id === undefined ? undefined : this.#waiting.get(message.id);
      if (!waiter) return;
      this.#waiting.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
    socket.addEventListener('close', () => {
      for (const waiter of this.#waiting.values()) waiter.reject(new Error('DevTools closed'));
      this.#waiting.clear();
    });
  }

  static async connect(url: string): Promise<Cdp> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot reach ${url}`)), {
        once: true,
      });
    });
    return new Cdp(socket);
  }

  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = this.#next++;
    const answer = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new Error(`${method} did not answer in ${CALL_TIMEOUT_MS / 1000} s`));
      }, CALL_TIMEOUT_MS);
      this.#waiting.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v as T)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
    this.#socket.send(JSON.stringify({ id, method, params }));
    return answer;
  }

  /** Runs `fn(arg)` in the page (its source is sent: it may use nothing from this module). */
  async evaluate<T, A = undefined>(fn: (arg: A) => T, arg?: A): Promise<Awaited<T>> {
    const result = await this.send<{
      result: { value: Awaited<T> };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', {
      expression: `(${fn.toString()})(${JSON.stringify(arg ?? null)})`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (result.exceptionDetails) {
      const d = result.exceptionDetails;
      throw new Error(`in the page: ${d.exception?.description ?? d.text}`);
    }
    return result.result.value;
  }

  close(): void {
    this.#socket.close();
  }
}

export interface BareChromium {
  page: Cdp;
  browser: Cdp;
  /** Resident memory of Chromium's renderer processes, in MB (Linux /proc; 0 elsewhere). */
  rendererMB(): Promise<number>;
  close(): void;
}

/** Starts headless Chromium on `url` with a window of the given size. */
export async function launchBare(
  url: string,
  size: { width: number; height: number },
): Promise<BareChromium> {
  const profile = tempDir('roadcam-bench-chromium-');
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      ...CHROMIUM_ARGS,
      '--autoplay-policy=no-user-gesture-required',
      `--window-size=${size.width},${size.height}`,
      `--user-data-dir=${profile.path}`,
      '--remote-debugging-port=0',
      url,
    ],
    { stdio: 'ignore' },
  );
  // The profile goes once Chromium has exited: removed before, it is written to again.
  child.once('exit', () => profile.remove());
  const stop = () => child.kill();
  try {
    const port = await debuggingPort(profile.path);
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      type: string;
      webSocketDebuggerUrl: string;
    }[];
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const pageTarget = targets.find((t) => t.type === 'page');
    if (!pageTarget) throw new Error('Chromium opened no page');
    const page = await Cdp.connect(pageTarget.webSocketDebuggerUrl);
    const browser = await Cdp.connect(version.webSocketDebuggerUrl);
    return {
      page,
      browser,
      rendererMB: async () => {
        const info = await browser.send<{ processInfo: { type: string; id: number }[] }>(
          'SystemInfo.getProcessInfo',
        );
        return info.processInfo
          .filter((p) => p.type === 'renderer')
          .reduce((sum, p) => sum + rssMB(p.id), 0);
      },
      close: () => {
        page.close();
        browser.close();
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The port Chromium chose, from the file it writes into its profile (within 30 s). */
async function debuggingPort(profile: string): Promise<number> {
  const file = `${profile}/DevToolsActivePort`;
  const port = () => (existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0);
  return waitFor(() => port() > 0 && port(), {
    what: 'Chromium to open its debugging port',
    timeoutMs: 30_000,
    everyMs: 100,
  });
}

/**
 * A process's resident memory in MB (or another field of /proc/PID/status: RssAnon, RssShmem),
 * on Linux; 0 where it cannot be read.
 */
export function rssMB(pid: number, field = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return Math.round(Number(kB ?? 0) / 1024);
  } catch {
    return 0;
  }
}
