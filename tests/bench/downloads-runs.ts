/**
 * The timed runs of `npm run bench:downloads` (downloads.ts): curl on signed URLs, the Node
 * references on the same URLs, and the engine in a process of its own (this checkout's, or with
 * BENCH_BASELINE=DIR another checkout's, so that old and new alternate in one run).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ApiClient } from '../../src/engine/api/index.ts';
import { bundleForBench } from './lib/bundle-for-bench.ts';

/**
 * Writes every dirty page to the disk before a timed run, so that no run pays for the
 * writeback of the files the runs before it left (each run writes 111 MB).
 */
export const settle = () => promisify(execFile)('sync');

export interface CurlRun {
  /** Asking for the signed URLs (zip and mp4 of each recording), 4 at a time. */
  urlMs: number;
  /** curl fetching them. */
  ms: number;
  /** curl fetching them, then `sync` writing them to the disk, as the engine's files are before
   * it calls them complete (an fsync each before the rename); curl leaves that to the kernel,
   * after its clock stops. */
  syncedMs: number;
  /** The run's folder (the caller removes it), and in it the URLs as "URL<TAB>name" lines. */
  dir: string;
  urlsFile: string;
}

export interface ReferenceRuns {
  /** The least Node can do with them (downloads-bare.ts), and the same with SHA-256 + fsync. */
  bare: Timing;
  durable: Timing;
  /** The leanest Node writer (downloads-raw.ts): plainly, hashing, flushing, and both. */
  raw: Timing;
  rawHash: Timing;
  rawFsync: Timing;
  rawDurable: Timing;
  /** The same, its thread never waiting for the disk (the writes through the thread pool). */
  rawPool: Timing;
}

export interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** The signed URLs of `ids` are asked for (4 at a time), then curl fetches them. */
export async function curlRun(client: ApiClient, ids: string[]): Promise<CurlRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-curl-'));
  const files = ids.flatMap((id) => (['zip', 'mp4'] as const).map((format) => ({ id, format })));
  const lines: string[] = new Array(files.length);
  const u0 = performance.now();
  let next = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next < files.length) {
        const i = next++;
        const { id, format } = files[i]!;
        const url = await client.recordings.downloadUrl(id, format);
        lines[i] = `url = "${url}"\noutput = "${join(dir, `${id}.${format}`)}"`;
      }
    }),
  );
  const urlMs = performance.now() - u0;
  writeFileSync(join(dir, 'curl.cfg'), lines.join('\n'));
  await settle();
  const t0 = performance.now();
  await promisify(execFile)('curl', [
    '--silent',
    '--fail',
    '--parallel',
    '--parallel-max',
    '4',
    '-K',
    join(dir, 'curl.cfg'),
  ]);
  const ms = performance.now() - t0;
  await settle();
  const syncedMs = performance.now() - t0;
  const urlsFile = join(dir, 'urls.tsv');
  writeFileSync(
    urlsFile,
    lines
      .map((l, i) => `${/url = "(.*)"/.exec(l)![1]}\t${files[i]!.id}.${files[i]!.format}`)
      .join('\n'),
  );
  return { urlMs, ms, syncedMs, dir, urlsFile };
}

/** One Node reference (`script`, in `mode`) on the URLs of a curl run, into a folder of its own. */
export async function runReference(
  { dir, urlsFile }: CurlRun,
  script: 'downloads-bare.ts' | 'downloads-raw.ts',
  mode: 'plain' | 'hash' | 'fsync' | 'durable' | 'durable-pool',
): Promise<Timing> {
  const out = join(dir, `${script}-${mode}`);
  await settle();
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(import.meta.dirname, script),
    out,
    urlsFile,
    mode,
  ]);
  rmSync(out, { recursive: true, force: true });
  return JSON.parse(stdout.trim()) as Timing;
}

/** The Node references on the URLs of a curl run. */
export async function referenceRuns(c: CurlRun): Promise<ReferenceRuns> {
  const nodeRun = (
    script: Parameters<typeof runReference>[1],
    mode: Parameters<typeof runReference>[2],
  ) => runReference(c, script, mode);
  const bare = await nodeRun('downloads-bare.ts', 'plain');
  const durable = await nodeRun('downloads-bare.ts', 'durable');
  const raw = await nodeRun('downloads-raw.ts', 'plain');
  const rawHash = await nodeRun('downloads-raw.ts', 'hash');
  const rawFsync = await nodeRun('downloads-raw.ts', 'fsync');
  const rawDurable = await nodeRun('downloads-raw.ts', 'durable');
  const rawPool = await nodeRun('downloads-raw.ts', 'durable-pool');
  return { bare, durable, raw, rawHash, rawFsync, rawDurable, rawPool };
}

export interface EngineRun {
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  files: number;
  state: string;
}

/** downloads-engine.ts built with each checkout's engine, as the app ships it: once a run. */
const builtEngines = new Map<string, Promise<string>>();

function builtEngine(checkout: string): Promise<string> {
  const entry = join(import.meta.dirname, 'downloads-engine.ts');
  if (!builtEngines.has(checkout)) builtEngines.set(checkout, bundleForBench(entry, checkout));
  return builtEngines.get(checkout)!;
}

/**
 * The engine of `checkout` (this one by default), built (lib/bundle-for-bench.ts), downloads `ids` from `serviceUrl`, in a
 * process of its own so that its peak RSS is the engine's alone. `start`: the measured batch is
 * the process's first (`cold`, as in a command of the CLI) or follows the same batch downloaded
 * unmeasured (`warm`, as in the app, whose main process has run its download code before).
 */
export async function engineRun(
  serviceUrl: string,
  ids: string[],
  mode: 'ready' | 'ids',
  checkout = join(import.meta.dirname, '../..'),
  start: 'cold' | 'warm' = 'cold',
): Promise<EngineRun> {
  await settle();
  const dir = mkdtempSync(join(tmpdir(), 'bench-engine-'));
  const ours = checkout === join(import.meta.dirname, '../..');
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_ENGINE_NODE_ARGS?.split(' ') ?? []),
      await builtEngine(checkout),
      serviceUrl,
      dir,
      join(dir, 'out'),
      ids.join(','),
      mode,
      start,
    ],
    // Only this checkout's engine is profiled (BENCH_DOWNLOADS_PROFILE).
    { env: ours ? process.env : { ...process.env, BENCH_DOWNLOADS_PROFILE: '' } },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    if (process.env.BENCH_ENGINE_STDOUT) process.stderr.write(c);
  });
  child.stderr.on('data', (c: Buffer) => process.stderr.write(c));
  return new Promise((done, fail) =>
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return fail(new Error(`engine exited with ${code}: ${out}`));
      done(JSON.parse(out.trim().split('\n').at(-1)!));
    }),
  );
}
