/**
 * What every command shares: the data folder, the output, and the core (client, cache,
 * credentials) for the chosen account: --demo, a saved profile, or --base-url/--client-id
 * with the secret in ROADCAM_CLIENT_SECRET (for CI, where no keychain exists).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  createLog,
  openCommandLineStore,
  readKeptTokenAhead,
  startCore,
  typedByUser,
  type ConnectionOptions,
  type Log,
  type NetworkOverrides,
} from '../engine/index.ts';
import type { CommandLineApi } from '../shared/ipc/command-line.ts';
import { said, saidWithin, type Translator } from '../shared/i18n/translator.ts';
import { settingsSchema } from '../shared/settings.ts';
import { flag, intFlag, UsageError, type Argv } from './argv.ts';
import { networkFlags } from './network-flags.ts';
import type { Io } from './output.ts';

export { GLOBAL_FLAGS } from './commands/flags.ts';

export interface Context {
  io: Io;
  argv: Argv;
  env: NodeJS.ProcessEnv;
  /** --json: NDJSON for lists, one JSON value otherwise. */
  json: boolean;
  dataDir: string;
  /** The command line's words: LANG's language (cliWords), English by default. */
  words: Translator;
  /** Reads the secret for `login` (a no-echo prompt, or stdin when piped). */
  readSecret(): Promise<string>;
  /** The folder the command was run in: a relative path it is given is relative to it. */
  cwd: string;
  /** The resident engine's core, when the command runs in it (resident/). */
  engine?: CommandLineApi;
  /** The command table's runner, for `roadcam engine start` (given, not imported: no cycle). */
  host: CommandHost;
}

export interface RunOptions {
  io?: Io;
  env?: NodeJS.ProcessEnv;
  readSecret?: () => Promise<string>;
  /** The folder the command was run in (default: this process's). */
  cwd?: string;
  /** A resident engine's core to run on (resident/); else the command starts its own. */
  engine?: CommandLineApi;
  /** The data folder's resident engine runs for another account or version: said first. */
  elsewhere?: 'key' | 'version';
}

/** What a resident engine needs of the command table (dispatch.ts gives it). */
export interface CommandHost {
  /** Runs a command line in this process, as `roadcam` would. */
  run(args: readonly string[], options: RunOptions): Promise<number>;
  /** Whether the command the words name may run in a resident engine (it reaches the service). */
  engineMayRun(words: readonly string[]): boolean;
}

/** A path the user typed, made full against the folder the command was run in. */
export function fullPath(ctx: Pick<Context, 'cwd'>, path: string): string {
  return resolve(ctx.cwd, path);
}

/** A flag naming a file or folder, made full (`-`, stdin, and an empty value stay as typed). */
export function pathFlag(ctx: Pick<Context, 'argv' | 'cwd'>, name: string): string | undefined {
  const value = flag(ctx.argv, name);
  return value === undefined || value === '' || value === '-' ? value : fullPath(ctx, value);
}

export function logFor(ctx: Context): Log {
  return createLog(ctx.dataDir, { echo: ctx.env.ROADCAM_LOG === 'stderr' });
}

/** The profile a command uses: --profile, else ROADCAM_PROFILE, else "default". */
export function profileName(ctx: Context): string {
  return flag(ctx.argv, 'profile') ?? ctx.env.ROADCAM_PROFILE ?? 'default';
}

/**
 * Runs `work` on a started engine and always closes it: the one way a command reaches the
 * engine (docs/cli.md, "How a command reaches the engine"). In a resident engine (`roadcam
 * engine start`) the command runs on its core, which stays started.
 */
export async function withEngine<T>(
  ctx: Context,
  work: (engine: CommandLineApi) => Promise<T>,
): Promise<T> {
  if (ctx.engine) {
    const stopNotes = noteThrottling(ctx, ctx.engine);
    try {
      return await work(ctx.engine);
    } finally {
      stopNotes();
    }
  }
  const core = await startCommandCore(ctx, connectionFrom(ctx));
  const stopNotes = noteThrottling(ctx, core.commandLine);
  try {
    return await work(core.commandLine);
  } finally {
    stopNotes();
    await core.close();
  }
}

/**
 * Starts the core a command (or `roadcam engine start`) runs on: only what the command needs,
 * no periodic check, the user's typed folders and settings taken as chosen.
 */
export async function startCommandCore(ctx: Context, connection: ConnectionOptions) {
  if (connection.kind === 'demo' && !existsSync(join(ctx.dataDir, 'demo-service'))) {
    ctx.io.stderr.write(`${ctx.words.t('cli.demoBuilding')}\n`);
  }
  // A profile's kept token is read from the keychain (a D-Bus round trip) while the core's code
  // loads, not after: the command's first call takes it. A data folder without its database
  // holds no profile: nothing to read, and the keychain is not asked.
  if (connection.kind === 'profile' && existsSync(join(ctx.dataDir, 'roadcam.sqlite'))) {
    readKeptTokenAhead(connection.profile);
  }
  return startCore({
    dataDir: ctx.dataDir,
    connection,
    log: logFor(ctx),
    // A command's first call need not wait for a check of the service (features/connection.ts).
    checkIntervalMs: null,
    network: networkFrom(ctx),
    // The user typed the command: a folder or setting it names is the user's choice.
    consent: typedByUser,
    // A command starts only what it needs: a search neither takes nor resumes the downloads.
    startOnDemand: true,
  });
}

/** How often the CLI repeats that the service limits requests, however often it starts again. */
const THROTTLE_NOTE_EVERY_MS = 60_000;

/**
 * One line on stderr when the service starts limiting requests (its 429s are waited out and
 * retried, so the command goes on, slower); a burst does not repeat it.
 */
export function noteThrottling(
  ctx: Pick<Context, 'io' | 'words'>,
  engine: CommandLineApi,
): () => void {
  let last = -Infinity;
  return engine.on('service.throttled', (t) => {
    const now = performance.now();
    if (!t.limited || t.operation === null || now - last < THROTTLE_NOTE_EVERY_MS) return;
    last = now;
    const seconds = Math.max(1, Math.ceil(t.waitMs / 1000));
    const operation = saidWithin(t.operation);
    const words = ctx.words.say(said('cli.throttled', { seconds, operation }));
    ctx.io.stderr.write(`roadcam: ${words}\n`);
  });
}

/**
 * Runs `work` on the engine's transport for commands that need no service (settings,
 * profiles, login, logout): the data folder alone, no core started; always closed.
 */
export async function withDataFolder<T>(
  ctx: Context,
  work: (engine: CommandLineApi) => Promise<T>,
): Promise<T> {
  const store = await openCommandLineStore({
    dataDir: ctx.dataDir,
    log: logFor(ctx),
    network: networkFrom(ctx),
    consent: typedByUser,
  });
  try {
    return await work(store.api);
  } finally {
    await store.close();
  }
}

/**
 * --proxy URL and --no-proxy win over Settings and the environment (HTTPS_PROXY, HTTP_PROXY,
 * NO_PROXY, read as curl reads them); --ca-file adds a CA to the system's certificates;
 * --answer-deadline wins over the answer deadline of Settings (the same bounds).
 */
export function networkFrom(ctx: Pick<Context, 'argv' | 'env' | 'cwd'>): NetworkOverrides {
  const caFile = flag(ctx.argv, 'ca-file');
  const overrides = networkFlags(
    {
      proxy: flag(ctx.argv, 'proxy'),
      noProxy: ctx.argv.switches.has('no-proxy'),
      caFile: caFile === undefined ? undefined : fullPath(ctx, caFile),
    },
    ctx.env,
  );
  const { minValue, maxValue } = settingsSchema.shape.answerDeadlineSeconds;
  const deadline = intFlag(ctx.argv, 'answer-deadline', minValue!, maxValue!);
  return deadline === undefined ? overrides : { ...overrides, answerDeadlineSeconds: deadline };
}

export function connectionFrom(ctx: Context): ConnectionOptions {
  const argv = ctx.argv;
  const baseUrl = flag(argv, 'base-url');
  const clientId = flag(argv, 'client-id');
  if (argv.switches.has('demo')) {
    if (baseUrl !== undefined) throw new UsageError(said('cli.demoAndBaseUrl'));
    return {
      kind: 'demo',
      world: {
        cameras: intFlag(argv, 'demo-cameras', 1, 100_000),
        hours: intFlag(argv, 'demo-hours', 1, 24 * 14),
        now: flag(argv, 'demo-now'),
        variant: flag(argv, 'demo-variant'),
      },
    };
  }
  if (baseUrl === undefined && clientId === undefined) {
    return { kind: 'profile', profile: profileName(ctx) };
  }
  if (baseUrl === undefined || clientId === undefined) {
    throw new UsageError(said('cli.baseUrlAndClientId'));
  }
  const clientSecret = ctx.env.ROADCAM_CLIENT_SECRET;
  if (!clientSecret) {
    throw new UsageError(said('cli.secretFromEnv'));
  }
  return { kind: 'remote', baseUrl, clientId, clientSecret };
}
