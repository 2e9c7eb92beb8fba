import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { runRoadcam } from '../helpers/cli.ts';

const root = resolve(import.meta.dirname, '../..');

export interface RoadcamHost {
  /** The URL `npm run web` printed (with its token). */
  url: string;
  dataDir: string;
  /** Everything the host printed, for assertions about secrets and errors. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts browser mode exactly as a user would (`scripts/web.mjs`, the script behind
 * `npm run web`) with a fresh data folder, and waits for its "Roadcam at URL" line.
 */
export interface StartOptions {
  /** Reuse this app data folder (a restart); a fresh one otherwise. */
  dataDir?: string;
  /** Leave the data folder in place at stop, for a restart on it. */
  keepDataDir?: boolean;
  /**
   * Settings that reach the machine, which the page of browser mode may not change: set before
   * the start with `roadcam settings set NAME VALUE`, as its user does.
   */
  settings?: Record<string, string>;
  /**
   * The organisation's policy file (policy.json in the data folder), written before the start:
   * `{ allow: { downloadFolder: [dataDir] } }` lets batches go into the data folder.
   */
  policy?: (dataDir: string) => { allow: Record<string, string[]> };
}

/** The test's data folder is where its batches go (the policy file allows it). */
export const downloadsInDataDir = (dataDir: string) => ({ allow: { downloadFolder: [dataDir] } });

/** `roadcam settings set NAME VALUE` on the data folder: what a user of browser mode runs. */
export async function setSetting(dataDir: string, name: string, value: string): Promise<void> {
  const done = await runRoadcam(dataDir, ['settings', 'set', name, value]);
  if (done.code !== 0) throw new Error(`roadcam settings set ${name} failed: ${done.stderr}`);
}

export async function startRoadcam(
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<RoadcamHost> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'roadcam-e2e-'));
  if (options.policy) {
    writeFileSync(join(dataDir, 'policy.json'), JSON.stringify(options.policy(dataDir)));
  }
  for (const [name, value] of Object.entries(options.settings ?? {})) {
    await setSetting(dataDir, name, value);
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'scripts/web.mjs'), '--port', '0', '--data-dir', dataDir, ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser mode did not start:\n${output}`)),
      120_000,
    );
    const onData = () => {
      // The banner is in LANG's language ("Roadcam at URL", "Roadcam unter URL"): its URL ends it.
      const match = /^Roadcam .*?(http:\/\/\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code}:\n${output}`));
    });
  });
  let stopped = false;
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (stopped) return;
      stopped = true;
      // A host that ended by itself mid-test is the failure to report, with what it printed and
      // its data folder (its logs) kept: the page only ever sees "Disconnected".
      const ended = child.exitCode ?? child.signalCode;
      if (ended !== null) {
        throw new Error(
          `browser mode ended by itself (${ended}) before the test stopped it; its data folder ` +
            `${dataDir} is kept. It printed:\n${output.slice(-4000)}`,
        );
      }
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small, fixed demo world keeps every test fast and its answers stable. */
export const smallDemo = ['--demo-cameras', '200', '--demo-hours', '3'];

export const test = base.extend<{ roadcam: RoadcamHost }>({
  // Playwright reads a fixture's dependencies from its destructuring pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  roadcam: async ({}, use) => {
    const host = await startRoadcam(smallDemo, {}, { policy: downloadsInDataDir });
    await use(host);
    await host.stop();
  },
});

/**
 * Opens `hash` (`#/settings`) of the app at `url`: inside the page when it already shows the
 * app, as the app's own links do (the page keeps its state and focus), else by loading it.
 * The page takes the token out of its address, so a goto to `url` is always a new page.
 */
export async function openView(page: Page, url: string, hash: string): Promise<void> {
  if (page.url().startsWith(`${new URL(url).origin}/`)) {
    await page.evaluate((view) => (location.hash = view), hash);
  } else await page.goto(`${url}${hash}`);
}

export { expect };
