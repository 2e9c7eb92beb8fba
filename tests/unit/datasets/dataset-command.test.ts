/**
 * `roadcam dataset export` in child processes against the embedded service: wrong flags
 * refused in words (exit 2), and an export killed half-way, run again, ends complete and
 * correct without fetching twice what the killed run finished; a third run fetches nothing;
 * Ctrl-C stops an export saying what it kept and that a rerun completes it.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { startCountingProxy, type CountingProxy } from '../../helpers/counting-proxy.ts';
import { filesUnder, sha256File, tempDir } from '../../helpers/downloads.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { waitFor } from '../../helpers/wait.ts';

const work = tempDir('roadcam-dataset-cli-');
let proxy: CountingProxy;

test.override({ world: { cameras: 30, hours: 2 } });
test.beforeAll(async ({ service }) => {
  // Each image held a while, so that the kill lands with some files done and some not.
  proxy = await startCountingProxy(service.url, { delayMs: 150 });
});
afterAll(async () => {
  await proxy.close();
  work.remove();
});

const EXPORT = ['dataset', 'export', '--label', 'road_weather'];

// Eleven child processes, each starting the CLI: more than the default bound on a busy machine.
test(
  'wrong flags are refused in words, before anything is fetched',
  { timeout: 180_000 },
  async ({ service }) => {
    const cases: [string[], RegExp][] = [
      [['--label', 'road_weather'], /needs --out DIR/],
      [['--out', 'x'], /needs --label: one of road_weather, visibility, precip/],
      [
        ['--out', 'x', '--label', 'snow'],
        /--label is one of road_weather, visibility, precip, not "snow"/,
      ],
      [[...EXPORT, '--out', 'x', '--split', '0.8,0.2'], /three ratios .* add up to 1/],
      [[...EXPORT, '--out', 'x', '--split', '0.5,0.5,0.5'], /must add up to 1/],
      [[...EXPORT, '--out', 'x', '--per-class', '0'], /Images per class is 1 or more/],
      [[...EXPORT, '--out', 'x', '--per-class', 'many'], /--per-class is a whole number/],
      [[...EXPORT, '--out', 'x', '--seed', '-3'], /The seed is 0 or more/],
      [[...EXPORT, '--out', 'x', '--layout', 'tree'], /--layout is folders or flat/],
      [[...EXPORT, '--out', 'x', '--bbox', '1,2'], /--bbox is 4 numbers/],
      [[...EXPORT, '--out', 'x', '--limit', '5'], /has no option --limit/],
    ];
    for (const [args, words] of cases) {
      const full = args[0] === 'dataset' ? args : ['dataset', 'export', ...args];
      const outcome = await runRoadcam(
        join(work.path, 'refusals'),
        [...full, ...direct(service.url)],
        { env: secretEnv },
      );
      expect(outcome.stderr, full.join(' ')).toMatch(words);
      expect(outcome.code, full.join(' ')).toBe(2);
    }
    expect(filesUnder(join(work.path, 'refusals')).filter((f) => f.endsWith('.jpg'))).toEqual([]);
  },
);

test(
  'killed mid-export, run again: complete and correct, finished files not fetched again',
  {
    timeout: 180_000,
  },
  async () => {
    const dataDir = join(work.path, 'data');
    const out = join(work.path, 'killed');
    const args = [...EXPORT, '--per-class', '8', '--out', out, ...direct(proxy.url)];
    const images = () => filesUnder(out).filter((f) => f.endsWith('.jpg'));

    const child = spawn(process.execPath, [resolve('bin/roadcam.mjs'), ...args], {
      env: { ...process.env, ...secretEnv, ROADCAM_DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const exited = new Promise((done) => child.on('exit', done));
    await waitFor(() => images().length >= 3, { what: 'three images of the dataset on disk' });
    child.kill('SIGKILL');
    await exited;
    const before = new Set(images());
    const planned = JSON.parse(readFileSync(join(out, '.roadcam-dataset.json'), 'utf8')) as {
      images: unknown[];
    };
    expect(before.size).toBeLessThan(planned.images.length);

    proxy.reset();
    const again = await runRoadcam(dataDir, args, { env: secretEnv });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('completed an earlier run');
    // Only what the killed run had not finished crossed the network.
    expect(proxy.counts().signedFiles).toBeLessThanOrEqual(planned.images.length - before.size);

    const rows = readFileSync(join(out, 'manifest.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; sha256: string; bytes: number });
    expect(rows).toHaveLength(planned.images.length);
    expect(rows.map((r) => r.file).sort()).toEqual(images());
    expect(filesUnder(out).filter((f) => f.endsWith('.part'))).toEqual([]);
    for (const r of rows) {
      expect(r.sha256).toBe(sha256File(join(out, r.file)));
      expect(r.bytes).toBe(statSync(join(out, r.file)).size);
    }

    // A third run finds everything done: not one image is asked for.
    proxy.reset();
    const third = await runRoadcam(dataDir, args, { env: secretEnv });
    expect(third.code, third.stderr).toBe(0);
    expect(proxy.counts().signedRequests).toBe(0);
    expect(readFileSync(join(out, 'manifest.jsonl'), 'utf8').trim().split('\n')).toHaveLength(
      rows.length,
    );
  },
);

test(
  'Ctrl-C stops the export, saying what was kept and that a rerun completes it',
  { timeout: 120_000 },
  async () => {
    const dataDir = join(work.path, 'data-interrupted');
    const out = join(work.path, 'interrupted');
    const args = [...EXPORT, '--per-class', '8', '--out', out, ...direct(proxy.url)];
    const images = () => filesUnder(out).filter((f) => f.endsWith('.jpg'));
    const child = spawn(process.execPath, [resolve('bin/roadcam.mjs'), ...args], {
      env: { ...process.env, ...secretEnv, ROADCAM_DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    await waitFor(() => images().length >= 2, { what: 'two images of the dataset on disk' });
    child.kill('SIGINT');
    const code = await exited;
    expect(code, stderr).toBe(1);
    const kept =
      /The export was canceled: (\d+) of (\d+) images are kept in (.*)\. Run the same export again to complete it; nothing is fetched twice\./.exec(
        stderr,
      );
    expect(kept, stderr).not.toBeNull();
    expect(Number(kept![1])).toBe(images().length);
    expect(Number(kept![1])).toBeLessThan(Number(kept![2]));
    expect(kept![3]).toBe(out);
  },
);
