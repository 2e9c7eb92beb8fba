/**
 * `roadcam engine start|status|stop`: an engine kept running for the data folder, in which the
 * commands of its account run without starting Node's engine each time (docs/cli.md, "A
 * resident engine"). It runs in the foreground until Ctrl-C, SIGTERM or `roadcam engine stop`;
 * a service manager (systemd --user, launchd) or `nohup … &` keeps it in the background.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { appVersion, type ConnectionOptions, type NetworkOverrides } from '../../engine/index.ts';
import { said } from '../../shared/i18n/translator.ts';
import { checkFlags, flag, tokenise, UsageError, type Argv } from '../argv.ts';
import {
  connectionFrom,
  GLOBAL_FLAGS,
  networkFrom,
  noteThrottling,
  startCommandCore,
  type CommandHost,
  type Context,
} from '../context.ts';
import { note, printJson } from '../output.ts';
import { residentHello, stopResident } from '../resident/client.ts';
import {
  answers,
  ResidentStartError,
  serveResident,
  type RemoteTerminal,
} from '../resident/server.ts';
import { residentPaths, residentSupported, type RunRequest } from '../resident/wire.ts';

function supported(name: string): void {
  if (!residentSupported) throw new UsageError(said('cli.engine.unsupported', { name }));
}

export async function engineStart(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, GLOBAL_FLAGS, 'roadcam engine start');
  supported('roadcam engine start');
  const connection = connectionFrom(ctx);
  const key = keyOf(connection, networkFrom(ctx), ctx.env);
  const host = ctx.host;
  // Refused before the engine is built: one engine a data folder.
  if (await answers(residentPaths(ctx.dataDir).socket)) {
    throw new ResidentStartError(said('cli.engine.already', { folder: ctx.dataDir }));
  }
  const core = await startCommandCore(ctx, connection);
  const stopNotes = noteThrottling(ctx, core.commandLine);
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  try {
    const resident = await serveResident({
      dataDir: ctx.dataDir,
      version: appVersion,
      label: labelOf(connection),
      refuses: (request) => refusal(request, resolve(ctx.dataDir), key, host),
      run: (request, terminal) => runHere(request, terminal, core.commandLine, host),
      onStop: () => stop(),
    });
    const signals = ['SIGINT', 'SIGTERM'] as const;
    for (const signal of signals) process.on(signal, stop);
    note(ctx.io, ctx.words.t('cli.engine.started', { folder: ctx.dataDir, pid: process.pid }));
    try {
      await stopped;
    } finally {
      for (const signal of signals) process.off(signal, stop);
      await resident.close();
    }
    note(ctx.io, ctx.words.t('cli.engine.done', { count: resident.served() }));
    return 0;
  } finally {
    stopNotes();
    await core.close();
  }
}

/**
 * Why a command is not run here: another account, network or data folder (its own key), or a
 * command that is not the engine's to run (one that needs no service, `engine` itself, help,
 * or one that reads its ids from stdin, which stays with the command's process). A command
 * line that cannot be read runs in its own process, which says what is wrong with it.
 */
function refusal(
  request: RunRequest,
  dataDir: string,
  key: string,
  host: CommandHost,
): 'key' | 'command' | undefined {
  let argv: Argv;
  try {
    argv = tokenise(request.argv);
  } catch {
    return 'command';
  }
  if (argv.switches.has('help') || argv.switches.has('version') || argv.words.length === 0) {
    return 'command';
  }
  if (!host.engineMayRun(argv.words) || flag(argv, 'ids-from') === '-') return 'command';
  if (resolve(request.dataDir) !== dataDir) return 'key';
  try {
    const ctx = { argv, env: request.env, cwd: request.cwd } as Context;
    return keyOf(connectionFrom(ctx), networkFrom(ctx), request.env) === key ? undefined : 'key';
  } catch {
    return 'command';
  }
}

/** A command run in this process, as its own would run it, on the engine's core. */
function runHere(
  request: RunRequest,
  terminal: RemoteTerminal,
  engine: Context['engine'],
  host: CommandHost,
): Promise<number> {
  return host.run(request.argv, {
    io: terminal as unknown as Context['io'],
    // The data folder as the command found it: this engine's, whatever its own cwd.
    env: { ...request.env, ROADCAM_DATA_DIR: request.dataDir },
    cwd: request.cwd,
    engine,
    // No command that runs here reads a secret (login needs no service).
    readSecret: () => Promise.reject(new UsageError(said('cli.engine.noSecret'))),
  });
}

/** The proxy variables the network reads from the environment (net/proxy.ts). */
const PROXY_ENV = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
];

/**
 * What a command and the engine must agree on for the command to run here: the account (with
 * its secret, kept as a digest in memory only), the network's flags and proxy variables.
 */
function keyOf(
  connection: ConnectionOptions,
  network: NetworkOverrides,
  env: NodeJS.ProcessEnv,
): string {
  const flags = { ...network, env: undefined };
  const proxies = PROXY_ENV.map((name) => env[name] ?? null);
  return createHash('sha256').update(JSON.stringify({ connection, flags, proxies })).digest('hex');
}

export async function engineStatus(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [], 'roadcam engine status');
  supported('roadcam engine status');
  const hello = await residentHello(ctx.dataDir, appVersion);
  if (ctx.json) {
    const running = hello
      ? { pid: hello.pid, since: hello.since, account: hello.label, version: hello.version }
      : {};
    printJson(ctx.io, { running: hello !== null, folder: ctx.dataDir, ...running });
  } else if (!hello) {
    note(ctx.io, ctx.words.t('cli.engine.none', { folder: ctx.dataDir }));
  } else {
    const { pid, since, label: account, version } = hello;
    note(ctx.io, ctx.words.t('cli.engine.running', { pid, since, account, version }));
  }
  return 0;
}

/** How long `stop` waits for the engine's process to end (it lets its downloads pause). */
const STOP_WAIT_MS = 30_000;

export async function engineStop(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [], 'roadcam engine stop');
  supported('roadcam engine stop');
  const hello = await stopResident(ctx.dataDir, appVersion);
  if (!hello) {
    note(ctx.io, ctx.words.t('cli.engine.none', { folder: ctx.dataDir }));
    return 0;
  }
  const { pid } = hello;
  // Stopped means its process has ended: its data folder is free for the next command.
  const deadline = performance.now() + STOP_WAIT_MS;
  while (alive(pid)) {
    if (performance.now() > deadline) {
      const seconds = STOP_WAIT_MS / 1000;
      throw new ResidentStartError(said('cli.engine.stopSlow', { pid, seconds }));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  note(ctx.io, ctx.words.t('cli.engine.stopped', { pid }));
  return 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The account in words, for `status`: never a secret. */
function labelOf(connection: ConnectionOptions): string {
  switch (connection.kind) {
    case 'demo':
      return 'demo';
    case 'profile':
      return `profile ${connection.profile}`;
    case 'remote': {
      const url = new URL(connection.baseUrl);
      return `${url.origin}${url.pathname} (client ${connection.clientId})`;
    }
  }
}
