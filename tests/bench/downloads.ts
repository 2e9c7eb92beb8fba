/**
 * `npm run bench:downloads`: 100 recordings (zip + mp4, 200 files) from the local service over
 * loopback with concurrency 4, by the download engine and by `curl --parallel --parallel-max 4`
 * fetching the same signed URLs, alternately, in the same run. Prints the wall times, their
 * ratio (target <= 1.10) and the engine's peak RSS (target < 200 MB).
 *
 * Also runs, on the same URLs, two Node references that do less than the engine: the leanest
 * writer Node can be (downloads-raw.ts) and a plain node:http one (downloads-bare.ts), each
 * once plainly and once with the engine's durability (SHA-256, fsync before the rename); the
 * raw one also with each half of it alone. And it times curl once more until `sync` has put its
 * files on the disk: the engine's clock includes that (it calls a file complete only after its
 * fsync), curl's does not.
 *
 * Then the same comparison on the largest files the service makes (4 recordings of its longest
 * duration, 1800 s: 8 files of tens of MB), for the engine's peak RSS whatever the file sizes.
 *
 * The service's data folder is kept in .cache/bench-downloads so that the recordings are built
 * once (a few minutes) and reused by later runs.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ApiClient } from '../../src/engine/api/index.ts';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { testNetwork } from '../helpers/api.ts';

const COUNT = 100;
const ROUNDS = Number(process.env.BENCH_DOWNLOADS_ROUNDS ?? 5);
const root = resolve(import.meta.dirname, '../..');
const serviceDir = join(root, '.cache', 'bench-downloads');
mkdirSync(serviceDir, { recursive: true });
const service = await startService({
  dataDir: serviceDir,
  cameras: 300,
  hours: 2,
  now: '2026-11-21T12:00:00Z',
});
const client = new ApiClient({
  network: testNetwork(),
  baseUrl: service.url,
  credentials: () =>
    Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
});

/**
 * The benchmark's recordings, tagged so that a rerun finds them: `count` of `duration` seconds
 * each, built once (on as many cameras) and kept in the service's data folder.
 */
async function recordings(count: number, duration: number): Promise<string[]> {
  const found: string[] = [];
  for await (const r of client.recordings.iterate({
    q: 'downloadbench',
    status: 'complete',
    duration_min: duration,
    duration_max: duration,
  }))
    found.push(r.id);
  if (found.length < count) {
    const cameras = await client.cameras.search({ limit: 100, sort: 'city' });
    const start = new Date(Date.parse('2026-11-21T12:00:00Z') - 45 * 60_000).toISOString();
    console.log(
      `building ${count - found.length} recordings of ${duration} s (once; kept in ${serviceDir})...`,
    );
    for (let i = found.length; i < count; i++) {
      const camera = cameras.features[i % cameras.features.length]!;
      const { recording_id } = await client.recordings.create({
        camera_id: camera.id,
        start,
        duration,
        tags: ['downloadbench'],
      });
      found.push(recording_id);
    }
    await service.control.recordingsIdle();
  }
  return found.slice(0, count);
}

/**
 * Writes every dirty page to the disk before a timed run, so that no run pays for the
 * writeback of the files the runs before it left (each run writes 111 MB).
 */
const settle = () => promisify(execFile)('sync');

interface CurlRun {
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

interface ReferenceRuns {
  /** The least Node can do with them (downloads-bare.ts), and the same with SHA-256 + fsync. */
  bare: Timing;
  durable: Timing;
  /** The leanest Node writer (downloads-raw.ts): plainly, hashing, flushing, and both. */
  raw: Timing;
  rawHash: Timing;
  rawFsync: Timing;
  rawDurable: Timing;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** The signed URLs of `ids` are asked for (4 at a time), then curl fetches them. */
async function curlRun(ids: string[]): Promise<CurlRun> {
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

/** The Node references on the URLs of a curl run, each into a folder of its own. */
async function referenceRuns({ dir, urlsFile }: CurlRun): Promise<ReferenceRuns> {
  const nodeRun = async (script: string, mode: string) => {
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
  };
  const bare = await nodeRun('downloads-bare.ts', 'plain');
  const durable = await nodeRun('downloads-bare.ts', 'durable');
  const raw = await nodeRun('downloads-raw.ts', 'plain');
  const rawHash = await nodeRun('downloads-raw.ts', 'hash');
  const rawFsync = await nodeRun('downloads-raw.ts', 'fsync');
  const rawDurable = await nodeRun('downloads-raw.ts', 'durable');
  return { bare, durable, raw, rawHash, rawFsync, rawDurable };
}

async function engineRun(
  ids: string[],
  mode: 'ready' | 'ids',
): Promise<{
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  files: number;
  state: string;
}> {
  await settle();
  const dir = mkdtempSync(join(tmpdir(), 'bench-engine-'));
  const child = spawn(process.execPath, [
    ...(process.env.BENCH_ENGINE_NODE_ARGS?.split(' ') ?? []),
    join(import.meta.dirname, 'downloads-engine.ts'),
    service.url,
    dir,
    join(dir, 'out'),
    ids.join(','),
    mode,
  ]);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => process.stderr.write(c));
  return new Promise((done, fail) =>
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return fail(new Error(`engine exited with ${code}: ${out}`));
      done(JSON.parse(out.trim().split('\n').at(-1)!));
    }),
  );
}

const ids = await recordings(COUNT, 60);
/** The largest files the service makes: recordings of its longest duration, 1800 s. */
const LARGE = 4;
const largeIds = await recordings(LARGE, 1800);

/** A curl run whose files are dropped: it warms the service's file cache for the runs after. */
const warm = async (of: string[]) =>
  rmSync((await curlRun(of)).dir, { recursive: true, force: true });
await warm(ids);
const curl: number[] = [];
const curlSynced: number[] = [];
const curlWithUrls: number[] = [];
const bare: number[] = [];
const durable: number[] = [];
const raw: number[] = [];
const rawHash: number[] = [];
const rawFsync: number[] = [];
const rawDurable: number[] = [];
const ready: number[] = [];
const fromIds: number[] = [];
let rss = 0;
/** The worst of the engine runs' event-loop delays (p99, max). */
let loopP99 = 0;
let loopMax = 0;
const t = (x: Timing) => `${x.wallMs.toFixed(0)} ms (CPU ${x.cpuMs.toFixed(0)} ms)`;
for (let round = 0; round < ROUNDS; round++) {
  const c = await curlRun(ids);
  const r = await referenceRuns(c);
  rmSync(c.dir, { recursive: true, force: true });
  curl.push(c.ms);
  curlSynced.push(c.syncedMs);
  curlWithUrls.push(c.ms + c.urlMs);
  bare.push(r.bare.wallMs);
  durable.push(r.durable.wallMs);
  raw.push(r.raw.wallMs);
  rawHash.push(r.rawHash.wallMs);
  rawFsync.push(r.rawFsync.wallMs);
  rawDurable.push(r.rawDurable.wallMs);
  const times: Record<string, number> = {};
  const cpus: Record<string, number> = {};
  for (const mode of ['ready', 'ids'] as const) {
    const e = await engineRun(ids, mode);
    if (e.files !== COUNT * 2 || e.state !== 'completed')
      throw new Error(`engine: ${JSON.stringify(e)}`);
    (mode === 'ready' ? ready : fromIds).push(e.wallMs);
    times[mode] = e.wallMs;
    cpus[mode] = e.cpuMs;
    rss = Math.max(rss, e.maxRssMB);
    loopP99 = Math.max(loopP99, e.loopDelayMs.p99);
    loopMax = Math.max(loopMax, e.loopDelayMs.max);
  }
  console.log(
    `round ${round + 1}: curl ${c.ms.toFixed(0)} ms (${c.syncedMs.toFixed(0)} ms with sync; + ${c.urlMs.toFixed(0)} ms for its URLs), raw Node ${t(r.raw)}, hashing ${t(r.rawHash)}, flushing ${t(r.rawFsync)}, both ${t(r.rawDurable)}, bare Node ${t(r.bare)}, durably ${t(r.durable)}, engine ${times.ready!.toFixed(0)} ms from the same URLs (CPU ${cpus.ready!.toFixed(0)} ms), ${times.ids!.toFixed(0)} ms from the ids (CPU ${cpus.ids!.toFixed(0)} ms)`,
  );
}

// The largest files: curl and the engine (from the same signed URLs) alternately.
await warm(largeIds);
const largeCurl: number[] = [];
const largeCurlSynced: number[] = [];
const largeEngine: number[] = [];
let largeBytes = 0;
let largeRss = 0;
for (let round = 0; round < ROUNDS; round++) {
  const c = await curlRun(largeIds);
  largeBytes = readdirSync(c.dir)
    .filter((name) => !/\.(cfg|tsv)$/.test(name))
    .reduce((sum, name) => sum + statSync(join(c.dir, name)).size, 0);
  rmSync(c.dir, { recursive: true, force: true });
  const e = await engineRun(largeIds, 'ready');
  if (e.files !== LARGE * 2 || e.state !== 'completed')
    throw new Error(`engine: ${JSON.stringify(e)}`);
  largeCurl.push(c.ms);
  largeCurlSynced.push(c.syncedMs);
  largeEngine.push(e.wallMs);
  largeRss = Math.max(largeRss, e.maxRssMB);
  loopP99 = Math.max(loopP99, e.loopDelayMs.p99);
  loopMax = Math.max(loopMax, e.loopDelayMs.max);
  console.log(
    `largest files, round ${round + 1}: curl ${c.ms.toFixed(0)} ms (${c.syncedMs.toFixed(0)} ms with sync), engine ${t(e)}, peak RSS ${e.maxRssMB.toFixed(0)} MB`,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\n${COUNT} recordings, ${COUNT * 2} files, concurrency 4, loopback, medians:`);
console.log(`curl --parallel --parallel-max 4:        ${median(curl).toFixed(0)} ms`);
const vsCurl = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (${(median(xs) / median(curl)).toFixed(2)} x curl)`;
console.log(`raw Node writer (the floor):            ${vsCurl(raw)}`);
console.log(`  + SHA-256 per file:                   ${vsCurl(rawHash)}`);
console.log(`  + fsync before each rename:           ${vsCurl(rawFsync)}`);
console.log(`  + both (the engine's durability):     ${vsCurl(rawDurable)}`);
console.log(`bare Node downloader (node:http):       ${vsCurl(bare)}`);
console.log(`  + SHA-256 and fsync per file:         ${vsCurl(durable)}`);
console.log(`engine, from the same signed URLs:       ${median(ready).toFixed(0)} ms`);
console.log(
  `ratio engine / curl:                     ${(median(ready) / median(curl)).toFixed(2)} (target <= 1.10)`,
);
console.log(`curl, then sync (its files on the disk):  ${median(curlSynced).toFixed(0)} ms`);
console.log(
  `ratio engine / (curl + sync):            ${(median(ready) / median(curlSynced)).toFixed(2)}`,
);
console.log(`curl + asking for the 200 signed URLs:   ${median(curlWithUrls).toFixed(0)} ms`);
console.log(`engine, from the recording ids:          ${median(fromIds).toFixed(0)} ms`);
console.log(
  `ratio engine / (URLs + curl):            ${(median(fromIds) / median(curlWithUrls)).toFixed(2)}`,
);
console.log(`engine peak RSS: ${rss.toFixed(0)} MB (target < 200 MB)`);
console.log(
  `\n${LARGE} recordings of 1800 s, ${LARGE * 2} files, ${(largeBytes / 1e6).toFixed(0)} MB, concurrency 4, medians:`,
);
console.log(`curl --parallel --parallel-max 4:        ${median(largeCurl).toFixed(0)} ms`);
console.log(`curl, then sync:                         ${median(largeCurlSynced).toFixed(0)} ms`);
console.log(
  `engine, from the same signed URLs:       ${median(largeEngine).toFixed(0)} ms (${(median(largeEngine) / median(largeCurl)).toFixed(2)} x curl, ${(median(largeEngine) / median(largeCurlSynced)).toFixed(2)} x curl + sync)`,
);
console.log(`engine peak RSS: ${largeRss.toFixed(0)} MB (target < 200 MB)`);
console.log(
  `\nengine's event loop while downloading (what the app's other work waits): p99 ${loopP99.toFixed(1)} ms, max ${loopMax.toFixed(1)} ms over every run`,
);
console.log(
  `machine load average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await service.close();
