/**
 * The desktop app's main process for the e2e tests: the real entry (src/desktop/index.ts) run by
 * tests/helpers/desktop-host.ts in a child Node process, `electron` resolved to the stand-in.
 * The test process talks to it over the child's IPC channel; every wait has a bound.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { logsDirOf } from '../../src/engine/log.ts';
import type { DesktopMain } from './desktop-page.ts';
import type { HostMessage, HostRequest, MediaAnswer } from './desktop-host-messages.ts';

const root = resolve(import.meta.dirname, '../..');
/** A call the main process has not answered in this time is a failure, not a wait. */
const ANSWER_MS = 30_000;
/** The window's first load: the entry's modules load and a small demo world is built first. */
const LOAD_MS = 60_000;
/** How long the page's long poll for events waits before it asks again. */
const POLL_MS = 5_000;

type Sent = { event: string; payload: unknown };
type Waiting = { resolve(value: unknown): void; reject(error: Error): void };
type Request = HostRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** Starts the desktop app's main process on a fresh data folder and waits for its window. */
export async function startDesktopApp(argv: string[] = []): Promise<DesktopApp> {
  const app = new DesktopApp(mkdtempSync(join(tmpdir(), 'roadcam-desktop-')), argv);
  try {
    await app.windowLoaded();
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

export class DesktopApp implements DesktopMain {
  readonly dataDir: string;
  readonly #child: ChildProcess;
  #printed = '';
  #exited: Error | null = null;
  readonly #ended: Promise<void>;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  #loadedUrl: string | null = null;
  #onLoaded: (() => void) | null = null;
  readonly #sent: Sent[] = [];
  readonly #pollers: (() => void)[] = [];
  readonly #delivered: Sent[] = [];
  readonly #mediaAsked: string[] = [];

  constructor(dataDir: string, argv: string[]) {
    this.dataDir = dataDir;
    this.#child = fork(join(root, 'tests/helpers/desktop-host.ts'), argv, {
      cwd: root,
      execArgv: ['--import', join(root, 'tests/helpers/electron/register.mjs')],
      env: {
        ...process.env,
        ROADCAM_DATA_DIR: dataDir,
        // The same small world as browser mode's e2e (fixtures.ts smallDemo): a start in seconds.
        ROADCAM_DEMO_WORLD: JSON.stringify({ cameras: 200, hours: 3 }),
        // A fresh home too: the default download folder (~/Downloads/Roadcam) and the autostart
        // entry land in the test's own folder.
        HOME: join(dataDir, 'home'),
        XDG_CONFIG_HOME: join(dataDir, 'home/.config'),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.#child.stdout?.on('data', (chunk: Buffer) => (this.#printed += chunk.toString()));
    this.#child.stderr?.on('data', (chunk: Buffer) => (this.#printed += chunk.toString()));
    this.#child.on('message', (message: HostMessage) => this.#receive(message));
    this.#ended = new Promise((done) =>
      this.#child.once('exit', (code, signal) => {
        this.#exited = new Error(`The main process ended (${signal ?? code}):\n${this.#printed}`);
        for (const call of this.#waiting.values()) call.reject(this.#exited);
        this.#waiting.clear();
        for (const wake of this.#pollers.splice(0)) wake();
        this.#onLoaded?.();
        done();
      }),
    );
  }

  #receive(message: HostMessage): void {
    if (message.kind === 'loaded') {
      this.#loadedUrl = message.url;
      this.#onLoaded?.();
    } else if (message.kind === 'sent') {
      this.#sent.push({ event: message.event, payload: message.payload });
      for (const wake of this.#pollers.splice(0)) wake();
    } else {
      const call = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      if (message.kind === 'answer') call?.resolve(message.value);
      else call?.reject(new Error(message.message));
    }
  }

  #ask(request: Request, what: string): Promise<unknown> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new Error(`The main process did not answer ${what} in ${ANSWER_MS} ms.`));
      }, ANSWER_MS);
      this.#waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolvePromise(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.#child.send({ ...request, id } as HostRequest);
    });
  }

  /** The window has loaded its page (the entry opens it as soon as the app is ready). */
  windowLoaded(): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The window did not load in ${LOAD_MS} ms:\n${this.#printed}`)),
        LOAD_MS,
      );
      this.#onLoaded = () => {
        clearTimeout(timer);
        if (this.#exited) reject(this.#exited);
        else resolvePromise();
      };
      if (this.#loadedUrl) this.#onLoaded();
    });
  }

  loadedUrl(): string {
    if (!this.#loadedUrl) throw new Error('The window has not loaded a page yet.');
    return this.#loadedUrl;
  }

  invoke(channel: string, input: unknown, frame: { url: string; topLevel: boolean }) {
    return this.#ask({ kind: 'invoke', channel, input, frame }, `the ${channel} call`);
  }

  media(url: string, method: string): Promise<MediaAnswer> {
    this.#mediaAsked.push(url);
    return this.#ask({ kind: 'media', url, method }, url) as Promise<MediaAnswer>;
  }

  async sent(): Promise<Sent[]> {
    if (this.#exited) throw this.#exited;
    if (this.#sent.length === 0) {
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, POLL_MS);
        this.#pollers.push(() => (clearTimeout(timer), wake()));
      });
    }
    const taken = this.#sent.splice(0);
    this.#delivered.push(...taken);
    return taken;
  }

  /** The payloads of this event that webContents.send has handed to the page so far. */
  delivered(event: string): unknown[] {
    return this.#delivered.filter((sent) => sent.event === event).map((sent) => sent.payload);
  }

  /** The `roadcam-media:` URLs the page asked of the protocol handler so far. */
  mediaAsked(): string[] {
    return [...this.#mediaAsked];
  }

  /** A second start of the app with these arguments: the stand-in's 'second-instance'. */
  async secondInstance(argv: string[]): Promise<void> {
    await this.#ask({ kind: 'second-instance', argv }, 'the second start');
  }

  /** What the main process printed and logged (logs/main.log), for a failed test's report. */
  output(): string {
    const log = join(logsDirOf(this.dataDir), 'main.log');
    const logged = existsSync(log) ? readFileSync(log, 'utf8') : '(no main.log)';
    return `${this.#printed}\n--- logs/main.log ---\n${logged}`;
  }

  /** Ends the app as a system shutdown does (no question asked), then removes its data. */
  async stop(): Promise<void> {
    if (!this.#exited) {
      await this.#ask({ kind: 'quit' }, 'the quit').catch(() => this.#child.kill('SIGKILL'));
      const killer = setTimeout(() => this.#child.kill('SIGKILL'), ANSWER_MS);
      await this.#ended;
      clearTimeout(killer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
