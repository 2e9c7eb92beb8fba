/**
 * The `roadcam` command as bench:network times it (network.ts): built or from the sources, and
 * signed in the two ways users have: credentials given each time (ROADCAM_CLIENT_SECRET, a
 * sign-in every run, as in CI) or a profile saved by `roadcam login` (its token kept in the
 * keychain between runs).
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CLIENT } from '../../src/service/index.ts';
import { waitFor } from '../helpers/wait.ts';

const run = promisify(execFile);

/**
 * How a timed command signs in: credentials each time, or a saved profile. Each run starts
 * from a copy of `dataDir` when there is one (a user's second run: the database made), else
 * from an empty data folder (a first run: the database made by the command).
 */
export type Account =
  | { kind: 'secret'; dataDir?: string; resident?: boolean }
  | { kind: 'profile'; name: string; dataDir: string };

/** The newest modification time (ms) of a file under `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * A checkout's built CLI (out/cli/main.js), built first when missing or older than what goes
 * into it: a stale bundle would time code that is no longer there.
 */
export async function bundleOf(checkout: string): Promise<string> {
  const bundle = join(checkout, 'out', 'cli', 'main.js');
  const inputs = [
    'src/cli',
    'src/engine',
    'src/web',
    'src/shared',
    'vite.cli.config.ts',
    'package.json',
  ];
  const sources = Math.max(...inputs.map((p) => newest(join(checkout, p))));
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
    console.log(`building ${bundle} (missing or older than its sources)...`);
    const vite = join(checkout, 'node_modules', 'vite', 'bin', 'vite.js');
    await run(process.execPath, [vite, 'build', '-c', 'vite.cli.config.ts'], { cwd: checkout });
  }
  return bundle;
}

/**
 * `roadcam login` once, into a data folder that each timed run starts from a copy of (nothing
 * to resume). The secret and token are in the keychain under the profile's name, one per
 * command timed, so that two versions of the command do not overwrite each other's token.
 */
export async function loginProfile(bin: string, name: string, baseUrl: string): Promise<Account> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-net-profile-'));
  const args = ['login', '--profile', name, '--base-url', baseUrl, '--client-id', DEMO_CLIENT.id];
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, ROADCAM_DATA_DIR: dataDir },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.stdin.end(`${DEMO_CLIENT.secret}\n`);
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  if (code !== 0) throw new Error(`roadcam login (${bin}) ended with ${code}`);
  return { kind: 'profile', name, dataDir };
}

/**
 * Credentials given each time, from a data folder that one `roadcam session` made first: what
 * a user's second run finds (the database there), where the other secret runs start empty.
 */
export async function keptSecret(bin: string, baseUrl: string): Promise<Account> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-net-kept-'));
  await run(
    process.execPath,
    [bin, 'session', '--json', '--base-url', baseUrl, '--client-id', DEMO_CLIENT.id],
    {
      env: { ...process.env, ROADCAM_DATA_DIR: dataDir, ROADCAM_CLIENT_SECRET: DEMO_CLIENT.secret },
    },
  );
  return { kind: 'secret', dataDir };
}

/**
 * `roadcam engine start` with the secret account, kept running for the timed commands: each runs
 * in it (the same data folder, not a copy; a new --out each run, so a new batch).
 */
export async function startResident(
  bin: string,
  baseUrl: string,
): Promise<{ account: Account; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-net-resident-'));
  const env = {
    ...process.env,
    ROADCAM_DATA_DIR: dataDir,
    ROADCAM_CLIENT_SECRET: DEMO_CLIENT.secret,
  };
  const args = ['engine', 'start', '--base-url', baseUrl, '--client-id', DEMO_CLIENT.id];
  const child = spawn(process.execPath, [bin, ...args], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk));
  await waitFor(() => said.includes('(pid') || child.exitCode !== null, {
    what: () => `roadcam engine start (${bin}) to start (it said: ${said})`,
    timeoutMs: 60_000,
  });
  if (child.exitCode !== null) throw new Error(`roadcam engine start (${bin}) ended: ${said}`);
  return {
    account: { kind: 'secret', dataDir, resident: true },
    async stop() {
      const ended = new Promise((done) => child.on('exit', done));
      child.kill('SIGTERM');
      await ended;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Removes the profile's keychain entries and its data folder (a kept secret's folder too). */
export async function logoutProfile(bin: string, account: Account): Promise<void> {
  if (account.kind === 'secret') {
    // A resident engine's folder is removed as it stops (startResident).
    if (account.dataDir && !account.resident) {
      rmSync(account.dataDir, { recursive: true, force: true });
    }
    return;
  }
  await run(process.execPath, [bin, 'logout', '--profile', account.name], {
    env: { ...process.env, ROADCAM_DATA_DIR: account.dataDir },
  });
  rmSync(account.dataDir, { recursive: true, force: true });
}

/**
 * The wall time (ms) of one command as a user runs it, then `sync`: the process start, the
 * core, sign-in (or the kept token), its work; a data folder of its own each run (nothing to
 * resume), empty or copied from the account's.
 * `args` gets the command's own folder (for --out).
 */
async function timedCommand(
  bin: string,
  account: Account,
  baseUrl: string,
  args: (dir: string) => string[],
): Promise<number> {
  await run('sync');
  const dir = mkdtempSync(join(tmpdir(), 'bench-net-cli-'));
  // A resident engine's commands use its folder; the others a copy of theirs, or a new one.
  const resident = account.kind === 'secret' && account.resident === true;
  const dataDir = resident ? account.dataDir! : join(dir, 'data');
  if (account.dataDir && !resident) cpSync(account.dataDir, dataDir, { recursive: true });
  const signIn =
    account.kind === 'profile'
      ? ['--profile', account.name]
      : ['--base-url', baseUrl, '--client-id', DEMO_CLIENT.id];
  const [command, ...rest] = args(dir);
  const env: NodeJS.ProcessEnv = { ...process.env, ROADCAM_DATA_DIR: dataDir };
  if (account.kind === 'secret') env.ROADCAM_CLIENT_SECRET = DEMO_CLIENT.secret;
  const t0 = performance.now();
  await run(process.execPath, [bin, command!, ...signIn, ...rest], { env });
  await run('sync');
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return ms;
}

/**
 * A whole `roadcam download` of the recordings: every lookup and signed URL, the transfers
 * (hashed and fsynced) after the start and sign-in.
 */
export function cliRun(ids: string[], bin: string, account: Account, baseUrl: string) {
  return timedCommand(bin, account, baseUrl, (dir) => [
    'download',
    '--out',
    join(dir, 'out'),
    '--concurrency',
    '4',
    ...ids,
  ]);
}

/**
 * `roadcam session`: the fixed part of every command alone (start, core, sign-in, one call),
 * which a whole download's transfers hide in the machine's noise.
 */
export function sessionRun(bin: string, account: Account, baseUrl: string) {
  return timedCommand(bin, account, baseUrl, () => ['session', '--json']);
}
