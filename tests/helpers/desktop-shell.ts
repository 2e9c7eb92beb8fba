/**
 * The desktop shell under test: the REAL Electron entry (src/desktop/index.ts, imported afresh for
 * each start) on the Electron stand-in (tests/helpers/electron/), with the real core on the
 * embedded service in demo mode. Nothing else is replaced. Each start gets a fresh data folder
 * and XDG config folder, its own argv and platform; stopShell() quits the way a shutdown does
 * (the core closes, no timers left) and puts process back as it was.
 *
 * The demo world is small and fixed (ROADCAM_DEMO_WORLD, read by the entry): a start takes
 * about a second, not the ordinary world's ten or more. The data folder's policy file allows
 * batches into the data folder, so that a test's batch downloads without a consent question
 * (tests/unit/desktop/consent.test.ts asks one on purpose).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { POLICY_FILE } from '../../src/engine/consent/policy.ts';
import * as electron from './electron/control.ts';
import { tempDir } from './core.ts';
import { waitFor } from './wait.ts';

export { electron };

export const SHELL_WORLD = { cameras: 12, hours: 1, now: '2026-11-20T12:00:00Z' };

export interface ShellOptions {
  /** Command-line arguments after the program (a link, --kiosk, --hidden). */
  args?: string[];
  platform?: NodeJS.Platform;
  /** The stand-in's answers: the single-instance lock, packaged, opened at login... */
  script?: electron.Script;
  /** A data folder to start in again (a second start); by default a fresh one. */
  dataDir?: string;
  env?: Record<string, string | undefined>;
  /** Wait for the core to have started (default); false for a start that stops early. */
  waitForCore?: boolean;
}

export interface Shell {
  dataDir: string;
  /** XDG_CONFIG_HOME of this start: the autostart entry goes under it. */
  configHome: string;
  /** The app's log file (main.log) as written so far. */
  log(): string;
  /** Waits until the log has a line matching `pattern`. */
  logged(pattern: RegExp): Promise<string>;
  /** The listeners the entry added to `process` for `event`. */
  processListeners(event: string): ((...args: unknown[]) => void)[];
}

interface Running {
  restore(): void;
  remove(): void;
}
let running: Running | null = null;

export async function startShell(options: ShellOptions = {}): Promise<Shell> {
  if (running) throw new Error('stopShell() the previous start first');
  const dir = tempDir('roadcam-shell-');
  const dataDir = options.dataDir ?? join(dir.path, 'data');
  const configHome = join(dir.path, 'config');
  allowBatchesInto(dataDir);
  const restoreProcess = setProcess(options, dataDir, configHome);
  const before = processListeners();
  running = {
    restore: () => {
      removeAddedListeners(before);
      restoreProcess();
    },
    remove: () => dir.remove(),
  };
  vi.resetModules();
  electron.resetElectron(options.script);
  await import('../../src/desktop/index.ts');
  electron.ready();
  await electron.whenReady();
  // Calls wait for the core: the first answer means it has started (and the entry has seen it).
  if (options.waitForCore !== false) await electron.invoke('settings.get', {});
  const logFile = join(dataDir, 'logs', 'main.log');
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  return {
    dataDir,
    configHome,
    log,
    logged: (pattern) =>
      waitFor(
        () =>
          log()
            .split('\n')
            .find((line) => pattern.test(line)),
        { what: () => `a line of the log matching ${pattern}`, timeoutMs: 10_000 },
      ),
    processListeners: (event) => {
      const had = before.get(event) ?? [];
      return process.listeners(event as 'exit').filter((l) => !had.includes(l)) as never;
    },
  };
}

/** A policy file (read once at start) under which batches into `dataDir` ask nothing. */
function allowBatchesInto(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const policy = { allow: { downloadFolder: [dataDir] } };
  writeFileSync(join(dataDir, POLICY_FILE), JSON.stringify(policy));
}

/**
 * Quits as a shutdown does (no question), waits for the app to end, and puts process back.
 * `keepData`: the data folder stays for a second start in it.
 */
export async function stopShell({ keepData = false } = {}): Promise<void> {
  const current = running;
  if (!current) return;
  running = null;
  try {
    if (electron.endedCode() === null) {
      electron.emitPowerMonitor('shutdown');
      await withinMs(electron.ended(), 15_000, 'the app did not end after a shutdown');
    }
  } finally {
    current.restore();
    if (!keepData) current.remove();
  }
}

function setProcess(options: ShellOptions, dataDir: string, configHome: string): () => void {
  const argv = process.argv;
  const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
  const env = {
    ROADCAM_DATA_DIR: dataDir,
    ROADCAM_DEMO_WORLD: JSON.stringify(SHELL_WORLD),
    XDG_CONFIG_HOME: configHome,
    APPIMAGE: undefined,
    ELECTRON_RENDERER_URL: undefined,
    ...options.env,
  };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  process.argv = ['/opt/Roadcam/roadcam', ...(options.args ?? [])];
  if (options.platform) Object.defineProperty(process, 'platform', { value: options.platform });
  setEnv(env);
  return () => {
    process.argv = argv;
    Object.defineProperty(process, 'platform', platform);
    setEnv(saved);
  };
}

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

type Listeners = Map<string, unknown[]>;

function processListeners(): Listeners {
  const events = ['uncaughtException', 'unhandledRejection', 'exit', 'SIGINT', 'SIGTERM'];
  return new Map(events.map((e) => [e, process.listeners(e as 'exit')]));
}

function removeAddedListeners(before: Listeners): void {
  for (const [event, had] of before) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!had.includes(listener)) process.off(event, listener);
    }
  }
}

async function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A contract call from the app's own page that must succeed: its value. */
export async function call<T = unknown>(channel: string, input: unknown = {}): Promise<T> {
  const answer = (await electron.invoke(channel, input)) as
    { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!answer.ok) throw new Error(`${channel} failed: ${answer.error.message}`);
  return answer.value;
}

/**
 * A download batch that stays running: the speed limit at 1 KB/s keeps its files downloading
 * for minutes; resolves once the tray counts it as running (what close and quit look at).
 */
export async function startRunningBatch(shell: Shell): Promise<{ id: number }> {
  await call('settings.update', { speedLimitKBps: 1 });
  const page = await call<{ features: { id: string }[] }>('recordings.search', {
    status: 'complete',
    limit: 2,
  });
  if (page.features.length === 0) throw new Error('The demo world has no complete recording');
  const batch = await call<{ id: number }>('downloads.add', {
    recordingIds: page.features.map((r) => r.id),
    formats: ['jpg', 'mp4'],
    folder: join(shell.dataDir, 'downloaded'),
  });
  await waitFor(() => electron.tray().tooltip.startsWith('Downloading'), {
    what: 'the tray to say Downloading',
    timeoutMs: 10_000,
  });
  return batch;
}
