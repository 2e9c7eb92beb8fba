/**
 * `npm run bench:cli-start`: the built `roadcam` (out/cli/main.js) from its start to the first
 * byte on stdout, its CPU time and peak RSS, for `--version`, a demo search, a search of a
 * service on loopback, `roadcam session` there (the fixed part of every command: start, core,
 * sign-in, one call) and a whole `roadcam download` of two recordings (four files) into a new
 * folder, side by side with another checkout's build (BENCH_BASELINE=DIR, a
 * checkout with its node_modules), alternated run by run; prints the medians as the rows of
 * docs/benchmarks.md's "CLI start".
 * Both are built first. Each build has its own data folder, whose demo world is built once
 * before the timed runs. Variables: BENCH_BASELINE (required), BENCH_CLI_RUNS (default 7).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { demoClient } from '../helpers/api.ts';
import { MachineLoad } from './lib/machine-load.ts';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 7);
const baseline = process.env.BENCH_BASELINE;
if (!baseline) throw new Error('Set BENCH_BASELINE to the checkout to compare with.');
const checkouts = { baseline: resolve(baseline), this: resolve(import.meta.dirname, '../..') };

function build(checkout: string): string {
  const vite = join(checkout, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '-c', 'vite.cli.config.ts'], { cwd: checkout });
  return join(checkout, 'out', 'cli', 'main.js');
}

interface Run {
  /** From the spawn to the first byte on stdout. */
  firstMs: number;
  cpuMs: number;
  maxRssKb: number;
}

const usageFile = join(mkdtempSync(join(tmpdir(), 'bench-cli-usage-')), 'usage.json');
const usageHook = join(import.meta.dirname, 'lib', 'child-usage.mjs');

/** One run of the command, which must succeed. */
function timedRun(bin: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    let first = -1;
    let stderr = '';
    const child = spawn(process.execPath, ['--import', usageHook, bin, ...args], {
      env: { ...process.env, ...env, BENCH_USAGE_FILE: usageFile },
    });
    child.stdout.once('data', () => (first = performance.now() - started));
    child.stdout.resume();
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      if (code !== 0 || first < 0) {
        fail(new Error(`${bin} ${args.join(' ')} ended with ${code}: ${stderr}`));
        return;
      }
      const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as Omit<Run, 'firstMs'>;
      done({ firstMs: first, ...usage });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const bins = { baseline: build(checkouts.baseline), this: build(checkouts.this) };
const serviceDir = mkdtempSync(join(tmpdir(), 'bench-cli-service-'));
const service = await startService({ dataDir: serviceDir, cameras: 200, hours: 2 });
const demo = ['--demo', '--demo-cameras', '200', '--demo-hours', '2'];
const search = ['cameras', 'search', '--limit', '5', '--json'];
/** Two recordings of a minute, made once, for the download's runs. */
async function recordings(): Promise<string[]> {
  const client = demoClient(service.url);
  const cameras = await client.cameras.search({ limit: 2, sort: 'city' });
  const start = new Date(Date.now() - 45 * 60_000).toISOString();
  const ids: string[] = [];
  for (const camera of cameras.features) {
    ids.push(
      (await client.recordings.create({ camera_id: camera.id, start, duration: 60 })).recording_id,
    );
  }
  await service.control.recordingsIdle();
  return ids;
}
const downloaded = mkdtempSync(join(tmpdir(), 'bench-cli-files-'));
const ids = await recordings();
type Which = keyof typeof checkouts;
/** A case's arguments, or those of each run (the download's: a new folder each time). */
type Args = string[] | ((which: Which, run: number) => string[]);
const cases: [string, Args][] = [
  ['roadcam --version', ['--version']],
  [`roadcam ${[...search, ...demo].join(' ')}`, [...search, ...demo]],
  [
    `roadcam ${search.join(' ')} --base-url (loopback) --client-id ID`,
    [...search, '--base-url', service.url, '--client-id', DEMO_CLIENT.id],
  ],
  [
    'roadcam session --json --base-url (loopback) --client-id ID',
    ['session', '--json', '--base-url', service.url, '--client-id', DEMO_CLIENT.id],
  ],
  [
    'roadcam download ID ID --out (a new folder) --json --base-url (loopback) --client-id ID',
    (which, run) => [
      'download',
      ...ids,
      '--out',
      join(downloaded, `${which}-${run}`),
      '--json',
      '--base-url',
      service.url,
      '--client-id',
      DEMO_CLIENT.id,
    ],
  ],
];
const dataDirs = {
  baseline: mkdtempSync(join(tmpdir(), 'bench-cli-baseline-')),
  this: mkdtempSync(join(tmpdir(), 'bench-cli-this-')),
};
const envOf = (which: keyof typeof bins) => ({
  ROADCAM_DATA_DIR: dataDirs[which],
  ROADCAM_CLIENT_SECRET: DEMO_CLIENT.secret,
});
const load = new MachineLoad();
/** The medians of one checkout's runs: first byte; CPU; peak RSS. */
function medians(runs: Run[]): string {
  const of = (pick: (run: Run) => number) => median(runs.map(pick));
  const ms = `${of((r) => r.firstMs).toFixed(0)} ms; ${of((r) => r.cpuMs).toFixed(0)} ms CPU`;
  return `${ms}; ${(of((r) => r.maxRssKb) / 1024).toFixed(0)} MB`;
}
try {
  for (const which of ['baseline', 'this'] as const) {
    await timedRun(bins[which], [...search, ...demo], envOf(which));
  }
  console.log('| Command (first byte; CPU; peak RSS) | Baseline | This checkout |');
  for (const [label, args] of cases) {
    const runs = { baseline: [] as Run[], this: [] as Run[] };
    for (let run = 0; run < RUNS; run++) {
      for (const which of ['baseline', 'this'] as const) {
        const argsOfRun = typeof args === 'function' ? args(which, run) : args;
        runs[which].push(await timedRun(bins[which], argsOfRun, envOf(which)));
      }
    }
    console.log(`| \`${label}\` | ${medians(runs.baseline)} | ${medians(runs.this)} |`);
  }
  console.log(load.line());
} finally {
  await service.close();
  for (const dir of [serviceDir, downloaded, dirname(usageFile), ...Object.values(dataDirs)]) {
    rmSync(dir, { recursive: true, force: true });
  }
}
