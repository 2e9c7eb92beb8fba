/**
 * The CLI as the installers ship it: vite.cli.config.ts builds it into a folder laid out like the
 * packaged app (Roadcam/resources/app/{out/cli, package.json, node_modules}, node_modules linked as
 * the asar holds it), far from src/, and Node runs it with type stripping off, so any TypeScript
 * it still reached would fail. The launcher resources/bin/roadcam then runs it the way the deb's
 * /usr/bin/roadcam link does, with ROADCAM_ELECTRON pointing it at Node instead of Electron.
 */
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { cliConfig } from '../../../vite.cli.config.ts';
import { cliArguments, runCli } from '../../../src/desktop/electron/cli.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { demoClient } from '../../helpers/api.ts';
import { direct, runCommand, secretEnv } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';

test.override({ world: { cameras: 40, hours: 2 } });

const root = resolve(import.meta.dirname, '../../..');
const temp = tempDir('roadcam-cli-build-');
afterAll(() => temp.remove());
const installed = join(temp.path, 'opt', 'Roadcam');
const resources = join(installed, 'resources');
const app = join(resources, 'app');
/** The deb's /usr/bin/roadcam: a link to the launcher. */
const onPath = join(temp.path, 'usr', 'bin', 'roadcam');
const dataDir = join(temp.path, 'data');

/** Runs a command with the test's data folder and a Node unable to run TypeScript. */
const execute = (command: string, args: string[], env: Record<string, string> = {}) =>
  runCommand(command, args, {
    cwd: temp.path,
    env: { ROADCAM_DATA_DIR: dataDir, NODE_OPTIONS: '--no-experimental-strip-types', ...env },
  });
const builtCli = (args: string[], env?: Record<string, string>) =>
  execute(process.execPath, [join(app, 'out', 'cli', 'main.js'), ...args], env);

/** Node loads each module through this hook, which lists its URL in LOADS_FILE. */
const LOAD_HOOK = `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  load(url, context, next) {
    appendFileSync(process.env.LOADS_FILE, url + '\\n');
    return next(url, context);
  },
});
`;
let hookRuns = 0;
/**
 * Runs the built CLI with `hook` (a module's source) imported first, and returns the lines the
 * hook wrote into the file named by the environment variable `listVar`.
 */
async function linesFromHook(
  hook: string,
  listVar: string,
  args: string[],
  env: Record<string, string>,
): Promise<string[]> {
  const run = hookRuns++;
  const hookFile = join(temp.path, `hook-${run}.mjs`);
  writeFileSync(hookFile, hook);
  const list = join(temp.path, `lines-${run}.txt`);
  writeFileSync(list, '');
  const main = join(app, 'out', 'cli', 'main.js');
  const out = await execute(process.execPath, ['--import', hookFile, main, ...args], {
    ...env,
    [listVar]: list,
  });
  expect(out.code, out.stderr).toBe(0);
  return readFileSync(list, 'utf8').split('\n');
}

/** The files (not Node's own modules) a run of the built CLI loads: out/cli/… and node_modules/…. */
async function loadedBy(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  return (
    (await linesFromHook(LOAD_HOOK, 'LOADS_FILE', args, env))
      .filter((url) => url.startsWith('file:') && !/\/hook-\d+\.mjs$/.test(url))
      // node_modules is a link to the repository's, so Node names its files by their real path.
      .map((url) => /\/(node_modules\/.*|out\/cli\/.*)$/.exec(url)?.[1] ?? url)
  );
}

/**
 * Node loads zod's chunk through this hook, which makes each schema zod builds (every object of
 * it: `z.string().min(1)` is two) write where in the CLI's code it was asked for into
 * BUILDS_FILE: the first frame of its stack outside zod's chunk.
 */
const BUILD_HOOK = `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
const INIT = 'function init(inst, def) {';
globalThis.__roadcamZodBuilt = () => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const frames = new Error().stack.split('\\n');
  Error.stackTraceLimit = limit;
  const caller = frames.find((frame) => /\\/chunks\\//.test(frame) && !/\\/chunks\\/schemas-/.test(frame));
  appendFileSync(process.env.BUILDS_FILE, (caller ?? '(unknown)').trim() + '\\n');
};
registerHooks({
  load(url, context, next) {
    const loaded = next(url, context);
    if (!/\\/chunks\\/schemas-[\\w-]+\\.js$/.test(url)) return loaded;
    const source = String(loaded.source);
    if (!source.includes(INIT)) throw new Error('zod changed: no ' + INIT + ' in ' + url);
    return { ...loaded, source: source.replace(INIT, INIT + ' globalThis.__roadcamZodBuilt();') };
  },
});
`;
/** The source files (src/…) whose code asked zod for a schema in a run of the built CLI. */
async function schemasBuiltBy(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const frames = await linesFromHook(BUILD_HOOK, 'BUILDS_FILE', args, env);
  const files = new Set<string>();
  for (const frame of frames) {
    // "at object (file:///…/out/cli/chunks/target-x.js:12:5)": the chunk names each bundled
    // module's part with a "// src/…" line before it. None: zod's own, as its chunk loads.
    const [, url, line] = /(file:\/\/[^\s)]+\.js):(\d+):\d+/.exec(frame) ?? [];
    if (url === undefined) continue;
    const lines = readFileSync(new URL(url), 'utf8').split('\n').slice(0, Number(line));
    const module = lines.findLast((text) => /^\/\/ src\//.test(text));
    files.add(module?.slice(3) ?? url);
  }
  return [...files].sort();
}

/** Every file under a folder, as paths relative to it. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

beforeAll(async () => {
  await build({
    ...cliConfig,
    configFile: false,
    build: { ...cliConfig.build, outDir: join(app, 'out', 'cli') },
  });
  copyFileSync(join(root, 'package.json'), join(app, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
  mkdirSync(join(resources, 'bin'));
  copyFileSync(join(root, 'resources/bin/roadcam'), join(resources, 'bin', 'roadcam'));
  mkdirSync(join(temp.path, 'usr', 'bin'), { recursive: true });
  symlinkSync('../../opt/Roadcam/resources/bin/roadcam', onPath);
  // The app's binary where Linux installs it, beside resources/: a stand-in that says how it ran.
  writeFileSync(
    join(installed, 'roadcam'),
    '#!/bin/sh\necho "app run-as-node=${ELECTRON_RUN_AS_NODE:-unset} args=$*"\n',
    { mode: 0o755 },
  );
}, 60_000);

describe('the built CLI', () => {
  test('is JavaScript only: no TypeScript file beside it', () => {
    const files = filesUnder(join(app, 'out'));
    expect(files).toContain(join('cli', 'main.js'));
    expect(files.filter((file) => !file.endsWith('.js'))).toEqual([]);
  });

  test('prints its version and its help on plain Node', async () => {
    const version = await builtCli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: `roadcam ${pkg.version}\n` });
    const help = await builtCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: roadcam <command>/);
    expect(help.stdout).toMatch(/completion bash\|zsh\|fish/);
  });

  test('--version, --help and completion load none of the engine nor any package', async () => {
    for (const args of [['--version'], ['--help'], ['completion', 'bash']]) {
      const loaded = await loadedBy(args);
      expect(loaded, args.join(' ')).toContain('out/cli/main.js');
      // The packages (the database, the keychain, the network) and the engine's chunks.
      const heavy = loaded.filter(
        (file) =>
          file.startsWith('node_modules/') ||
          /\/chunks\/(engine|core|context|settings-store|target)-/.test(file),
      );
      expect(heavy, args.join(' ')).toEqual([]);
    }
  });

  test('a command loads its own code and not the other commands’', async ({ service }) => {
    const loaded = await loadedBy(['session', '--json', ...direct(service.url)], secretEnv);
    const chunks = loaded.map((file) => /\/chunks\/([a-z-]+)-[\w-]+\.js$/.exec(file)?.[1]);
    expect(chunks).toContain('account');
    for (const other of ['download', 'search', 'media', 'collections', 'routes', 'dataset']) {
      expect(chunks, other).not.toContain(other);
    }
  });

  test('a command builds of the contract the schemas of the channels it calls only', async ({
    service,
  }) => {
    const built = await schemasBuiltBy(['session', '--json', ...direct(service.url)], secretEnv);
    // The hook saw zod at work: the settings' schema, which the core's start checks.
    expect(built).toContain('src/shared/settings.ts');
    // `session` calls cli.session: its input, and no other channel's (the contract's files build
    // their schemas at first use, src/shared/ipc/first-use.ts).
    expect(built.filter((file) => file.startsWith('src/shared/ipc'))).toEqual([
      'src/shared/ipc/command-line.ts',
    ]);
  });

  test('searches the service as the client does', async ({ service }) => {
    const out = await builtCli(
      ['cameras', 'search', '--limit', '5', '--sort', 'city', '--json', ...direct(service.url)],
      secretEnv,
    );
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const ids = out.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    const page = await demoClient(service.url).search('cameras', { limit: 5, sort: 'city' });
    expect(ids).toEqual(page.features.map((feature) => feature.id));
    expect(ids).toHaveLength(5);
  });
});

describe('the launcher (resources/bin/roadcam)', () => {
  test('runs the built CLI through the /usr/bin link, with its exit codes', async ({ service }) => {
    const node = { ROADCAM_ELECTRON: process.execPath };
    const out = await execute(onPath, ['session', '--json', ...direct(service.url)], {
      ...secretEnv,
      ...node,
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const session = await demoClient(service.url).session();
    expect(JSON.parse(out.stdout)).toMatchObject({ base_url: service.url, name: session.name });
    const wrong = await execute(onPath, ['cameras', 'find'], node);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/roadcam cameras search/);
  });

  test("runs the app's own binary as Node on the CLI in the app", async () => {
    const out = await execute(onPath, ['cameras', 'search', '--state', 'WA']);
    expect(out).toMatchObject({ code: 0, stderr: '' });
    const cli = join(resources, 'app', 'out', 'cli', 'main.js');
    expect(out.stdout).toBe(`app run-as-node=1 args=${cli} cameras search --state WA\n`);
  });

  test('opens the app with no arguments, a roadcam:// link or --kiosk, not as Node', async () => {
    const asNode = { ELECTRON_RUN_AS_NODE: '1' }; // as a parent Electron process might leave it
    const bare = await execute(onPath, [], asNode);
    expect(bare.stdout).toBe('app run-as-node=unset args=\n');
    const link = await execute(onPath, ['roadcam://wall?cameras=A,B'], asNode);
    expect(link.stdout).toBe('app run-as-node=unset args=roadcam://wall?cameras=A,B\n');
    const kiosk = await execute(onPath, ['--kiosk', 'roadcam://wall?tour=favourites'], asNode);
    expect(kiosk.stdout).toBe(
      'app run-as-node=unset args=--kiosk roadcam://wall?tour=favourites\n',
    );
  });

  test('says what to do when the app is not beside it', async () => {
    const lonely = join(temp.path, 'lonely', 'bin');
    mkdirSync(lonely, { recursive: true });
    copyFileSync(join(root, 'resources/bin/roadcam'), join(lonely, 'roadcam'));
    const out = await execute(join(lonely, 'roadcam'), ['--version']);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/Roadcam app is not at .*reinstall Roadcam/);
  });
});

describe('`Roadcam cli ...`: the app binary runs the CLI (the AppImage has no launcher)', () => {
  test('takes the arguments after "cli", past the Chromium switches AppRun puts first', () => {
    expect(cliArguments(['/app/roadcam', 'cli', 'cameras', 'search'], false)).toEqual([
      'cameras',
      'search',
    ]);
    expect(cliArguments(['/app/roadcam', '--no-sandbox', 'cli', '--version'], false)).toEqual([
      '--version',
    ]);
    expect(cliArguments(['/bin/electron', '.', 'cli', 'session'], true)).toEqual(['session']);
    for (const gui of [[], ['--no-sandbox'], ['roadcam://wall?cameras=A'], ['.', 'cli']]) {
      expect(cliArguments(['/app/roadcam', ...gui], false), gui.join(' ')).toBeNull();
    }
  });

  test("runs the built CLI on the binary as Node and exits with the CLI's code", async () => {
    const cli = join(app, 'out', 'cli', 'main.js');
    // Their output shows in this test's: a usage error (exit code 2) and the version (0).
    const code = await new Promise<number>((exit) => runCli(['cameras', 'find'], cli, exit));
    expect(code).toBe(2);
    const ok = await new Promise<number>((exit) => runCli(['--version'], cli, exit));
    expect(ok).toBe(0);
  });
});
