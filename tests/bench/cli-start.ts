/**
 * `npm run bench:cli-start`: the built `roadcam` (out/cli/main.js) from its start to the first
 * byte on stdout, for `--version`, a demo search and a search of a service on loopback, side by
 * side with another checkout's build (BENCH_BASELINE=DIR, a checkout with its node_modules),
 * alternated run by run; prints the medians as the rows of docs/benchmarks.md's "CLI start".
 * Both are built first. Each build has its own data folder, whose demo world is built once
 * before the timed runs. Variables: BENCH_BASELINE (required), BENCH_CLI_RUNS (default 7).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 7);
const baseline = process.env.BENCH_BASELINE;
if (!baseline) throw new Error('Set BENCH_BASELINE to the checkout to compare with.');
const checkouts = { baseline: resolve(baseline), this: resolve(import.meta.dirname, '../..') };

function build(checkout: string): string {
  const vite = join(checkout, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '-c', 'vite.cli.config.ts'], { cwd: checkout });
  return join(checkout, 'out', 'cli', 'main.js');
}

/** Milliseconds from the spawn to the first byte on stdout; the command must succeed. */
function firstOutput(bin: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now();
    let first = -1;
    let stderr = '';
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env } });
    child.stdout.once('data', () => (first = performance.now() - started));
    child.stdout.resume();
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      if (code === 0 && first >= 0) done(first);
      else fail(new Error(`${bin} ${args.join(' ')} ended with ${code}: ${stderr}`));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const bins = { baseline: build(checkouts.baseline), this: build(checkouts.this) };
const serviceDir = mkdtempSync(join(tmpdir(), 'bench-cli-service-'));
const service = await startService({ dataDir: serviceDir, cameras: 200, hours: 2 });
const demo = ['--demo', '--demo-cameras', '200', '--demo-hours', '2'];
const search = ['cameras', 'search', '--limit', '5', '--json'];
const cases: [string, string[]][] = [
  ['roadcam --version', ['--version']],
  [`roadcam ${[...search, ...demo].join(' ')}`, [...search, ...demo]],
  [
    `roadcam ${search.join(' ')} --base-url (loopback) --client-id ID`,
    [...search, '--base-url', service.url, '--client-id', DEMO_CLIENT.id],
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
try {
  for (const which of ['baseline', 'this'] as const) {
    await firstOutput(bins[which], cases[1]![1], envOf(which));
  }
  console.log('| Command | Baseline | This checkout |');
  for (const [label, args] of cases) {
    const times = { baseline: [] as number[], this: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      for (const which of ['baseline', 'this'] as const) {
        times[which].push(await firstOutput(bins[which], args, envOf(which)));
      }
    }
    const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms`;
    console.log(`| \`${label}\` | ${ms(times.baseline)} | ${ms(times.this)} |`);
  }
} finally {
  await service.close();
  for (const dir of [serviceDir, ...Object.values(dataDirs)]) {
    rmSync(dir, { recursive: true, force: true });
  }
}
