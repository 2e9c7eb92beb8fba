/**
 * The crash test of the download engine: a 50-file batch in a child process, killed with SIGKILL at random
 * moments several times and restarted each time. In the end every file is complete and
 * identical, none is duplicated, no `.part` is left, and the bytes fetched in total stay under
 * 110% of the files' sizes (resume really resumes).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import {
  demoClient,
  expectedHashes,
  filesUnder,
  makeRecordings,
  sha256File,
  tempDir,
} from '../../helpers/downloads.ts';
import { sleep } from '../../helpers/wait.ts';

const KILLS = 4;
let proxy: FaultProxy;
let ids: string[];
let expected: Map<string, { sha256: string; size: number }>;
const work = tempDir('roadcam-crash-');

test.override({ world: { cameras: 300, hours: 2 } });
test.beforeAll(async ({ service }) => {
  const direct = demoClient(service.url);
  ids = await makeRecordings(service, direct, 25, 30);
  expected = await expectedHashes(direct, ids, ['zip', 'mp4']);
  proxy = await startFaultProxy(service.url);
}, 300_000);
afterAll(async () => {
  await proxy.close();
  work.remove();
});

interface Run {
  exit: Promise<number | null>;
  started: Promise<void>;
  kill(): void;
  output(): string;
}

function runChild(): Run {
  const child = spawn(
    process.execPath,
    [
      join(import.meta.dirname, '../../helpers/crash-child.ts'),
      work.path,
      proxy.url,
      join(work.path, 'out'),
      ids.join(','),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let onStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
    if (output.includes('STARTED')) onStarted();
  });
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exit, started, kill: () => child.kill('SIGKILL'), output: () => output };
}

test('survives SIGKILL at random moments: complete, identical, no duplicates, resumed', async () => {
  const sum = [...expected.values()].reduce((a, e) => a + e.size, 0);
  expect(expected.size).toBe(50);
  // A slow network, so that the kills land in the middle of transfers.
  proxy.rate = Math.ceil(sum / 3 / 8);
  const moments: number[] = [];
  for (let i = 0; i < KILLS; i++) {
    const run = runChild();
    await run.started;
    const ms = 300 + Math.floor(Math.random() * 1500);
    moments.push(ms);
    await sleep(ms); // the kill comes at a random moment of the downloads: time is the point
    run.kill();
    await run.exit;
    const parts = filesUnder(join(work.path, 'out')).filter((f) => f.endsWith('.part'));
    console.log(
      `kill ${i + 1} after ${ms} ms: ${proxy.bytes} bytes so far, ${parts.length} .part files`,
    );
  }
  proxy.rate = 0;
  const last = runChild();
  expect(await last.exit, last.output()).toBe(0);
  expect(last.output()).toContain('DONE completed');

  const files = filesUnder(join(work.path, 'out'));
  expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
  expect(files).toHaveLength(50);
  for (const id of ids) {
    for (const format of ['zip', 'mp4']) {
      const matching = files.filter((f) => f.includes(id) && f.endsWith(`.${format}`));
      expect(matching, `${id}.${format}`).toHaveLength(1);
      expect(sha256File(join(work.path, 'out', matching[0]!))).toBe(
        expected.get(`${id}.${format}`)!.sha256,
      );
    }
  }
  console.log(
    `fetched ${proxy.bytes} bytes for ${sum} (${((proxy.bytes / sum) * 100).toFixed(1)}%), kills at ${moments.join(', ')} ms`,
  );
  expect(proxy.bytes).toBeLessThan(sum * 1.1);
}, 300_000);
