/**
 * What every command shares: the data folder, the output, and the core (client, cache,
 * credentials) for the chosen account: --demo, a saved profile, or --base-url/--client-id
 * with the secret in ROADCAM_CLIENT_SECRET (for CI, where no keychain exists).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  startCore,
  type ConnectionOptions,
  type Core,
  type NetworkOverrides,
} from '../engine/core.ts';
import { CONNECTION_FLAGS } from './args.ts';
import { typedByUser } from '../engine/consent/gate.ts';
import { openDatabase, type Db } from '../engine/db/database.ts';
import { networkOptions, proxyPasswordFor } from '../engine/net/choice.ts';
import { networkFlags } from './network-flags.ts';
import { Network } from '../engine/net/network.ts';
import { CredentialStore } from '../engine/credentials/store.ts';
import { SettingsStore } from '../engine/db/settings-store.ts';
import { createLog, type Log } from '../engine/log.ts';
import { defaultDataDir } from '../engine/paths.ts';
import { flag, intFlag, UsageError, type Argv } from './argv.ts';
import type { Io } from './output.ts';
import { settingsSchema } from '../shared/settings.ts';

/** Flags every command accepts. */
export const GLOBAL_FLAGS: readonly string[] = ['profile', ...CONNECTION_FLAGS, 'answer-deadline'];

export interface Context {
  io: Io;
  argv: Argv;
  env: NodeJS.ProcessEnv;
  /** --json: NDJSON for lists, one JSON value otherwise. */
  json: boolean;
  dataDir: string;
  /** Reads the secret for `login` (a no-echo prompt, or stdin when piped). */
  readSecret(): Promise<string>;
}

export function logFor(ctx: Context): Log {
  return createLog(ctx.dataDir, { echo: ctx.env.ROADCAM_LOG === 'stderr' });
}

export function dataDirFrom(env: NodeJS.ProcessEnv): string {
  return defaultDataDir(env);
}

/** The profile a command uses: --profile, else ROADCAM_PROFILE, else "default". */
export function profileName(ctx: Context): string {
  return flag(ctx.argv, 'profile') ?? ctx.env.ROADCAM_PROFILE ?? 'default';
}

/** Runs `work` on a started core and always closes it. */
export async function withCore<T>(ctx: Context, work: (core: Core) => Promise<T>): Promise<T> {
  const connection = connectionFrom(ctx);
  if (connection.kind === 'demo' && !existsSync(join(ctx.dataDir, 'demo-service'))) {
    ctx.io.stderr.write('Building the demo world on first use; this takes a little while...\n');
  }
  const core = await startCore({
    dataDir: ctx.dataDir,
    connection,
    log: logFor(ctx),
    // A command's first call need not wait for a check of the service (features/connection.ts).
    checkIntervalMs: null,
    network: networkFrom(ctx),
    // The user typed the command: a folder or setting it names is the user's choice.
    consent: typedByUser,
  });
  const stopNotes = noteThrottling(ctx.io, core);
  try {
    return await work(core);
  } finally {
    stopNotes();
    await core.close();
  }
}

/** How often the CLI repeats that the service limits requests, however often it starts again. */
const THROTTLE_NOTE_EVERY_MS = 60_000;

/**
 * One line on stderr when the service starts limiting requests (its 429s are waited out and
 * retried, so the command goes on, slower); a burst does not repeat it.
 */
function noteThrottling(io: Io, core: Core): () => void {
  let last = -Infinity;
  return core.hub.on('service.throttled', (t) => {
    const now = performance.now();
    if (!t.limited || now - last < THROTTLE_NOTE_EVERY_MS) return;
    last = now;
    const seconds = Math.max(1, Math.ceil(t.waitMs / 1000));
    io.stderr.write(
      `roadcam: the service is limiting requests: retrying in ${seconds} s (${t.operation}).\n`,
    );
  });
}

/** The app database alone, for commands that need no service (profiles, login). */
export function withDatabase<T>(ctx: Context, work: (db: Db) => Promise<T>): Promise<T> {
  mkdirSync(ctx.dataDir, { recursive: true });
  const db = openDatabase(join(ctx.dataDir, 'roadcam.sqlite'), logFor(ctx));
  return work(db).finally(() => db.close());
}

/**
 * A network of the user's choices (flags, then Settings, then the environment) for work done
 * without a core (`roadcam login` checks a new profile through it); closed after `work`.
 */
export async function withNetwork<T>(
  ctx: Context,
  work: (network: Network) => Promise<T>,
): Promise<T> {
  const overrides = networkFrom(ctx);
  const network = await withDatabase(ctx, async (db) => {
    const settings = new SettingsStore(db).get();
    const proxyPassword = overrides.proxy
      ? null
      : await proxyPasswordFor(settings, new CredentialStore(db), logFor(ctx));
    return new Network({
      env: overrides.env,
      ...networkOptions(overrides, settings),
      proxyPassword,
    });
  });
  try {
    return await work(network);
  } finally {
    await network.close();
  }
}

/**
 * --proxy URL and --no-proxy win over Settings and the environment (HTTPS_PROXY, HTTP_PROXY,
 * NO_PROXY, read as curl reads them); --ca-file adds a CA to the system's certificates;
 * --answer-deadline wins over the answer deadline of Settings (the same bounds).
 */
export function networkFrom(ctx: Pick<Context, 'argv' | 'env'>): NetworkOverrides {
  const overrides = networkFlags(
    {
      proxy: flag(ctx.argv, 'proxy'),
      noProxy: ctx.argv.switches.has('no-proxy'),
      caFile: flag(ctx.argv, 'ca-file'),
    },
    ctx.env,
  );
  const { minValue, maxValue } = settingsSchema.shape.answerDeadlineSeconds;
  const deadline = intFlag(ctx.argv, 'answer-deadline', minValue!, maxValue!);
  return deadline === undefined ? overrides : { ...overrides, answerDeadlineSeconds: deadline };
}

function connectionFrom(ctx: Context): ConnectionOptions {
  const argv = ctx.argv;
  const baseUrl = flag(argv, 'base-url');
  const clientId = flag(argv, 'client-id');
  if (argv.switches.has('demo')) {
    if (baseUrl !== undefined) throw new UsageError('--demo and --base-url exclude each other.');
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
    throw new UsageError('--base-url and --client-id go together.');
  }
  const clientSecret = ctx.env.ROADCAM_CLIENT_SECRET;
  if (!clientSecret) {
    throw new UsageError(
      'With --base-url and --client-id the secret comes from ROADCAM_CLIENT_SECRET; or save a profile with `roadcam login`.',
    );
  }
  return { kind: 'remote', baseUrl, clientId, clientSecret };
}
