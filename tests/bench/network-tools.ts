/**
 * The peers of bench:network (network.ts): curl and aria2c on signed URLs, each timed in a
 * fresh folder until `sync` has put its files on the disk.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `work` in a fresh folder, then `sync`; returns the wall time in ms. */
export async function timed(work: (dir: string) => Promise<unknown>): Promise<number> {
  await run('sync');
  const dir = mkdtempSync(join(tmpdir(), 'bench-net-'));
  const t0 = performance.now();
  await work(dir);
  await run('sync');
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return ms;
}

export const curl = (files: { url: string; name: string }[]) => (dir: string) => {
  const cfg = files.map((f) => `url = "${f.url}"\noutput = "${join(dir, f.name)}"`).join('\n');
  writeFileSync(join(dir, 'curl.cfg'), cfg);
  return run('curl', [
    '--silent',
    '--show-error',
    '--fail',
    '--parallel',
    '--parallel-max',
    '4',
    '--config',
    join(dir, 'curl.cfg'),
  ]);
};

export const aria2 = (files: { url: string; name: string }[]) => (dir: string) => {
  const list = files.map((f) => `${f.url}\n  out=${f.name}`).join('\n');
  writeFileSync(join(dir, 'aria2.txt'), list);
  return run('aria2c', [
    '-q',
    '-j4',
    '-x1',
    '--allow-overwrite=true',
    '--file-allocation=none',
    '-d',
    dir,
    '-i',
    join(dir, 'aria2.txt'),
  ]);
};
