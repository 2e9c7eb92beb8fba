/**
 * `roadcam engine start`: a resident engine of the data folder in which the commands of its
 * account run (docs/cli.md, "A resident engine"). Every command here is the real `roadcam` in a
 * child process against the embedded service; the proof that a command ran in the engine, not
 * in its own process, is the engine's count of the commands it ran, said as it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { direct, runCommand, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import {
  demoClient,
  expectedHashes,
  filesUnder,
  makeRecordings,
  sha256File,
  tempDir,
} from '../../helpers/downloads.ts';
import { waitFor } from '../../helpers/wait.ts';
import { residentPaths } from '../../../src/cli/resident/wire.ts';

const bin = resolve('bin/roadcam.mjs');
const folders = tempDir('roadcam-resident-');
afterAll(() => folders.remove());
let made = 0;
const newFolder = () => {
  const path = join(folders.path, `f${made++}`);
  mkdirSync(path, { recursive: true });
  return path;
};

interface Engine {
  child: ChildProcess;
  stderr(): string;
  /** Waits for its end: its exit code. */
  ended: Promise<number | null>;
}

/** `roadcam engine start` with `args`, once it says it runs. */
async function startEngine(dataDir: string, args: string[]): Promise<Engine> {
  const child = spawn(process.execPath, [bin, 'engine', 'start', ...args], {
    env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: '', ...secretEnv, ROADCAM_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await waitFor(() => stderr.includes('The engine runs for') || child.exitCode !== null, {
    what: () => `the engine to start (it said: ${stderr})`,
    timeoutMs: 60_000,
  });
  expect(stderr, 'the engine did not start').toContain('The engine runs for');
  return { child, stderr: () => stderr, ended };
}

/** The engine's count of commands it ran, as it says when it stops. */
async function servedWhenStopped(dataDir: string, engine: Engine): Promise<number> {
  const stop = await runRoadcam(dataDir, ['engine', 'stop']);
  expect(stop.code, stop.stderr).toBe(0);
  expect(stop.stderr).toMatch(/The engine \(pid \d+\) stopped/);
  expect(await engine.ended).toBe(0);
  const count = /stopped after (\d+) command/.exec(engine.stderr());
  expect(count, engine.stderr()).not.toBeNull();
  return Number(count![1]);
}

/** Each test runs up to a dozen commands, each a Node process: a busy machine takes its time. */
const SLOW = { timeout: 180_000 };

describe('a resident engine', () => {
  test(
    'runs the commands of its account: their output, exit codes and files as in their own process',
    SLOW,
    async ({ service }) => {
      const client = demoClient(service.url);
      const ids = await makeRecordings(service, client, 2, 20);
      const expected = await expectedHashes(client, ids, ['zip']);
      const dataDir = newFolder();
      const alone = newFolder();
      const engine = await startEngine(dataDir, direct(service.url));

      // The socket and its folder are the user's alone.
      const { dir, socket } = residentPaths(dataDir);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(socket).mode & 0o777).toBe(0o600);

      const status = await runRoadcam(dataDir, ['engine', 'status', '--json']);
      expect(status.code, status.stderr).toBe(0);
      const said = JSON.parse(status.stdout) as Record<string, unknown>;
      expect(said).toMatchObject({ running: true, pid: engine.child.pid, folder: dataDir });
      expect(said.account).toBe(`${new URL(service.url).origin}/ (client ${direct('')[3]})`);
      expect(status.stdout).not.toContain(secretEnv.ROADCAM_CLIENT_SECRET);

      const both = async (args: string[]) => {
        const options = { env: secretEnv };
        const there = await runRoadcam(dataDir, [...args, ...direct(service.url)], options);
        const here = await runRoadcam(alone, [...args, ...direct(service.url)], options);
        return { there, here };
      };
      // Success, a failing service (exit 1) and a usage error the command finds (exit 2): the
      // same words and codes in the engine as in a process of their own.
      const show = await both(['cameras', 'show', 'NO-SUCH-CAMERA']);
      expect(show.there.code).toBe(1);
      expect(show.there).toEqual(show.here);
      const usage = await both(['cameras', 'search', '--colour', 'red']);
      expect(usage.there.code).toBe(2);
      expect(usage.there).toEqual(usage.here);
      const search = await both(['cameras', 'search', '--state', 'WA', '--limit', '3', '--json']);
      expect(search.there.code, search.there.stderr).toBe(0);
      expect(search.there.stdout).toBe(search.here.stdout);

      // A download to a folder relative to where the command is typed, not the engine's folder.
      const typedIn = newFolder();
      const download = await runCommand(
        process.execPath,
        [bin, 'download', '--format', 'zip', '--out', 'files', ...direct(service.url), ...ids],
        { cwd: typedIn, env: { ...secretEnv, ROADCAM_DATA_DIR: dataDir } },
      );
      expect(download.code, download.stderr).toBe(0);
      const files = filesUnder(join(typedIn, 'files'));
      expect(files).toHaveLength(2);
      for (const f of files) {
        const [, id, format] = /_(rec_\w+)\.(\w+)$/.exec(f)!;
        expect(sha256File(join(typedIn, 'files', f))).toBe(expected.get(`${id}.${format}`)!.sha256);
      }

      // Ran in the engine: the three runs of each command in dataDir above, and the download.
      expect(await servedWhenStopped(dataDir, engine)).toBe(4);
      expect(statSync(socket, { throwIfNoEntry: false })).toBeUndefined();
    },
  );

  test(
    'leaves other accounts, other network options and its own commands to their own process',
    SLOW,
    async ({ service }) => {
      const dataDir = newFolder();
      const engine = await startEngine(dataDir, direct(service.url));
      const run = (args: string[]) => runRoadcam(dataDir, args, { env: secretEnv });

      // Another answer deadline: another network, so the command runs by itself, and says so.
      const other = await run([
        'session',
        '--json',
        '--answer-deadline',
        '30',
        ...direct(service.url),
      ]);
      expect(other.code, other.stderr).toBe(0);
      expect(other.stderr).toMatch(/another account, other network options or another version/);
      // Another account (a profile that does not exist): its own process says what is wrong.
      const profile = await run(['session', '--profile', 'nobody']);
      expect(profile.code).toBe(3);
      expect(profile.stderr).toMatch(/There is no profile "nobody"/);
      // What needs no service, help and the engine's own commands: never run there.
      expect((await run(['--help'])).code).toBe(0);
      expect((await run(['profiles'])).code).toBe(0);
      expect((await run(['engine', 'status'])).stderr).toMatch(
        /An engine runs for this data folder/,
      );

      expect(await servedWhenStopped(dataDir, engine)).toBe(0);
    },
  );

  test(
    'a killed engine leaves its socket: commands run by themselves and a new engine takes it over',
    SLOW,
    async ({ service }) => {
      const dataDir = newFolder();
      const engine = await startEngine(dataDir, direct(service.url));
      engine.child.kill('SIGKILL');
      await engine.ended;
      const { socket } = residentPaths(dataDir);
      expect(statSync(socket).isSocket()).toBe(true);

      const alone = await runRoadcam(dataDir, ['session', '--json', ...direct(service.url)], {
        env: secretEnv,
      });
      expect(alone.code, alone.stderr).toBe(0);
      expect(alone.stderr).toBe('');
      const status = await runRoadcam(dataDir, ['engine', 'status']);
      expect(status.stderr).toMatch(/No engine runs for this data folder/);

      const again = await startEngine(dataDir, direct(service.url));
      const ran = await runRoadcam(dataDir, ['session', '--json', ...direct(service.url)], {
        env: secretEnv,
      });
      expect(ran.code, ran.stderr).toBe(0);
      // One engine a data folder: a second start is refused in words, and the first goes on.
      const second = await runRoadcam(dataDir, ['engine', 'start', ...direct(service.url)], {
        env: secretEnv,
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/An engine already runs for this data folder/);
      expect(await servedWhenStopped(dataDir, again)).toBe(1);
    },
  );

  test(
    'a peer that sends garbage is let go, and the engine goes on serving',
    SLOW,
    async ({ service }) => {
      const dataDir = newFolder();
      const engine = await startEngine(dataDir, direct(service.url));
      const { socket } = residentPaths(dataDir);
      for (const junk of ['not json\n', '[1,2]\n', '{"t":"run","argv":"x"}\n', '{"t":"what"}\n']) {
        const peer = createConnection(socket);
        peer.end(junk);
        await new Promise((done) => peer.on('close', done));
      }
      // One that connects and says nothing is let go too (after 10 s), not held for ever.
      const silent = createConnection(socket);
      await new Promise((done) => silent.on('close', done));
      const ran = await runRoadcam(dataDir, ['session', '--json', ...direct(service.url)], {
        env: secretEnv,
      });
      expect(ran.code, ran.stderr).toBe(0);
      expect(await servedWhenStopped(dataDir, engine)).toBe(1);
    },
  );

  test(
    'a listener at the socket that answers garbage is not obeyed: the command runs by itself',
    SLOW,
    async ({ service }) => {
      const dataDir = newFolder();
      const { dir, socket } = residentPaths(dataDir);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const answers = ['{"t":"out","fd":1,"text":"forged\\n"}\n', '{"t":"exit","code":0}\n'];
      // It reads what it is sent (else its end of the connection would never see the command's).
      const impostor = createServer((peer) => peer.resume().end(answers.join('')));
      await new Promise<void>((done) => impostor.listen(socket, done));
      try {
        const ran = await runRoadcam(dataDir, ['session', '--json', ...direct(service.url)], {
          env: secretEnv,
        });
        expect(ran.code, ran.stderr).toBe(0);
        expect(ran.stdout).not.toContain('forged');
        expect(JSON.parse(ran.stdout)).toMatchObject({ base_url: service.url });
      } finally {
        await new Promise((done) => impostor.close(done));
      }
    },
  );
});
