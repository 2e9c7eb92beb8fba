/**
 * The desktop app's main process for the e2e tests: the real entry (src/main/index.ts) run by
 * tests/helpers/desktop-host.ts in a child Node process, `electron` resolved to the stand-in.
 * The test process talks to it over the child's IPC channel; every wait has a bound.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DesktopMain } from './desktop-page.ts';
import type { HostMessage, HostRequest, MediaAnswer } from './desktop-host-messages.ts';

const root = resolve(import.meta.dirname, '../..');
/** A call the main process has not answered in this time is a failure, not a wait. */
const ANSWER_MS = 30_000;
/** The window's first load waits for the core's start: a demo world is built first. */
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

export interface DesktopApp extends DesktopMain {
  dataDir: string;
  /** Everything the main process printed (its log echoes here), for failure messages. */
  output(): string;
  /** How many of this event webContents.send has handed to the page so far. */
  delivered(event: string): number;
  /** The `roadcam-media:` URLs the page asked of the protocol handler so far. */
  mediaAsked(): string[];
  /** A second start of the app with these arguments: the stand-in's 'second-instance'. */
  secondInstance(argv: string[]): Promise<void>;
  /** Quits the app as the user would (app.quit), waits for the process to end, removes its data. */
  stop(): Promise<void>;
}

/** Starts the desktop app's main process on a fresh data folder and waits for its window. */
export async function startDesktopApp(argv: string[] = []): Promise<DesktopApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-desktop-'));
  const child: ChildProcess = fork(join(root, 'tests/helpers/desktop-host.ts'), argv, {
    cwd: root,
    execArgv: ['--import', join(root, 'tests/helpers/electron/register.mjs')],
    // A fresh home too: the default download folder (~/Downloads/Roadcam) and the autostart
    // entry land in the test's own folder.
    env: { ...process.env, ROADCAM_DATA_DIR: dataDir, HOME: join(dataDir, 'home') },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const waiting = new Map<number, Waiting>();
  const sent: Sent[] = [];
  const delivered = new Map<string, number>();
  const mediaAsked: string[] = [];
  let pollers: (() => void)[] = [];
  let loadedUrl: string | null = null;
  let onLoaded: (() => void) | null = null;
  let nextId = 1;
  let exited: Error | null = null;

  child.on('message', (message: HostMessage) => {
    if (message.kind === 'loaded') {
      loadedUrl = message.url;
      onLoaded?.();
    } else if (message.kind === 'sent') {
      sent.push({ event: message.event, payload: message.payload });
      for (const wake of pollers) wake();
      pollers = [];
    } else {
      const call = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.kind === 'answer') call?.resolve(message.value);
      else call?.reject(new Error(message.message));
    }
  });
  const ended = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      exited = new Error(`The main process ended (${signal ?? code}):\n${output}`);
      for (const call of waiting.values()) call.reject(exited);
      waiting.clear();
      onLoaded?.();
      done();
    }),
  );

  function ask(request: Request, what: string): Promise<unknown> {
    if (exited) return Promise.reject(exited);
    const id = nextId++;
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`The main process did not answer ${what} in ${ANSWER_MS} ms.`));
      }, ANSWER_MS);
      waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolvePromise(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      child.send({ ...request, id } as HostRequest);
    });
  }

  await new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The window did not load in ${LOAD_MS} ms:\n${output}`)),
      LOAD_MS,
    );
    onLoaded = () => {
      clearTimeout(timer);
      if (exited) reject(exited);
      else resolvePromise();
    };
  });

  return {
    dataDir,
    output: () => output,
    loadedUrl: () => loadedUrl!,
    invoke: (channel, input, frame) =>
      ask({ kind: 'invoke', channel, input, frame }, `the ${channel} call`),
    delivered: (event) => delivered.get(event) ?? 0,
    mediaAsked: () => [...mediaAsked],
    media(url, method) {
      mediaAsked.push(url);
      return ask({ kind: 'media', url, method }, url) as Promise<MediaAnswer>;
    },
    async sent() {
      if (sent.length === 0 && !exited) {
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, POLL_MS);
          pollers.push(() => (clearTimeout(timer), wake()));
        });
      }
      const taken = sent.splice(0);
      for (const { event } of taken) delivered.set(event, (delivered.get(event) ?? 0) + 1);
      return taken;
    },
    async secondInstance(argv) {
      await ask({ kind: 'second-instance', argv }, 'the second start');
    },
    async stop() {
      if (!exited) {
        await ask({ kind: 'quit' }, 'the quit').catch(() => child.kill('SIGKILL'));
        const killer = setTimeout(() => child.kill('SIGKILL'), ANSWER_MS);
        await ended;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
