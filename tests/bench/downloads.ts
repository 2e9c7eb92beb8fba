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
 * The engine is measured against the durable floor (the raw writer with SHA-256 and an fsync
 * before each rename; target <= 1.05 x) on both. On the large files also as the app runs it,
 * warm (its code run by an earlier batch), against the same floor with its writes through the
 * thread pool (`durable-pool`: the engine's thread, the app's main one, never waits for the
 * disk; the floor's blocks on each write). BENCH_BASELINE=DIR also runs another
 * checkout's engine in the same rounds (old and new alternated; ratios hold under load);
 * BENCH_DOWNLOADS_PROFILE=1 profiles this checkout's engine and prints its busiest functions.
 *
 * The service's data folder is kept in .cache/bench-downloads so that the recordings are built
 * once (a few minutes) and reused by later runs.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient } from '../../src/engine/api/index.ts';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { testNetwork } from '../helpers/api.ts';
import { topSelfTime } from './downloads-profile.ts';
import {
  curlRun,
  engineRun,
  referenceRuns,
  runReference,
  type CurlRun,
  type EngineRun,
  type Timing,
} from './downloads-runs.ts';
import { MachineLoad, ratioLine } from './lib/machine-load.ts';

const load = new MachineLoad();
const COUNT = 100;
const BASELINE = process.env.BENCH_BASELINE;
/** BENCH_DOWNLOADS_PROFILE=1: profiles in a folder removed at the end; =DIR: kept in DIR. */
const KEEP_PROFILES = process.env.BENCH_DOWNLOADS_PROFILE !== '1';
const PROFILE = !process.env.BENCH_DOWNLOADS_PROFILE
  ? undefined
  : KEEP_PROFILES
    ? resolve(process.env.BENCH_DOWNLOADS_PROFILE)
    : mkdtempSync(join(tmpdir(), 'bench-downloads-profile-'));
if (PROFILE) {
  mkdirSync(PROFILE, { recursive: true });
  process.env.BENCH_DOWNLOADS_PROFILE = PROFILE;
}
const ROUNDS = Number(process.env.BENCH_DOWNLOADS_ROUNDS ?? 5);
/** BENCH_DOWNLOADS_ONLY=large: the large files' rounds alone (small, the small ones' alone). */
const ONLY = process.env.BENCH_DOWNLOADS_ONLY;
const SMALL_ROUNDS = ONLY === 'large' ? 0 : ROUNDS;
const LARGE_ROUNDS = ONLY === 'small' ? 0 : ROUNDS;
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

const ids = await recordings(COUNT, 60);
/** The largest files the service makes: recordings of its longest duration, 1800 s. */
const LARGE = 4;
const largeIds = await recordings(LARGE, 1800);

/** Each figure's runs, by name, for their medians at the end. */
const runs = new Map<string, number[]>();
const note = (name: string, ms: number) => runs.set(name, [...(runs.get(name) ?? []), ms]);
const median = (name: string) => {
  const xs = [...(runs.get(name) ?? [NaN])].sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!;
};
let rss = 0;
let largeRss = 0;
/** The worst of the engine runs' event-loop delays (p99, max). */
let loopP99 = 0;
let loopMax = 0;
const t = (x: Timing) => `${x.wallMs.toFixed(0)} ms (CPU ${x.cpuMs.toFixed(0)} ms)`;

/** The engine (this checkout's as `name`, the baseline's as `name`-old) on the same files. */
async function engines(
  name: string,
  of: string[],
  mode: 'ready' | 'ids',
  start: 'cold' | 'warm' = 'cold',
): Promise<string> {
  const check = (e: EngineRun) => {
    if (e.files !== of.length * 2 || e.state !== 'completed')
      throw new Error(`engine: ${JSON.stringify(e)}`);
    loopP99 = Math.max(loopP99, e.loopDelayMs.p99);
    loopMax = Math.max(loopMax, e.loopDelayMs.max);
    return e;
  };
  const e = check(await engineRun(service.url, of, mode, undefined, start));
  note(name, e.wallMs);
  if (of === ids) rss = Math.max(rss, e.maxRssMB);
  else largeRss = Math.max(largeRss, e.maxRssMB);
  if (!BASELINE) return `engine ${name} ${t(e)}`;
  const old = check(await engineRun(service.url, of, mode, BASELINE, start));
  note(`${name}-old`, old.wallMs);
  return `engine ${name} ${t(e)}, baseline ${t(old)}`;
}

/** A curl run whose files are dropped: it warms the service's file cache for the runs after. */
const warm = async (of: string[]) =>
  rmSync((await curlRun(client, of)).dir, { recursive: true, force: true });
if (SMALL_ROUNDS > 0) await warm(ids);
for (let round = 0; round < SMALL_ROUNDS; round++) {
  const c = await curlRun(client, ids);
  const r = await referenceRuns(c);
  rmSync(c.dir, { recursive: true, force: true });
  note('curl', c.ms);
  note('curl+sync', c.syncedMs);
  note('curl+urls', c.ms + c.urlMs);
  for (const [name, x] of Object.entries(r)) note(name, x.wallMs);
  const ready = await engines('ready', ids, 'ready');
  const fromIds = await engines('ids', ids, 'ids');
  console.log(
    `round ${round + 1}: curl ${c.ms.toFixed(0)} ms (${c.syncedMs.toFixed(0)} ms with sync; + ${c.urlMs.toFixed(0)} ms for its URLs), raw Node ${t(r.raw)}, hashing ${t(r.rawHash)}, flushing ${t(r.rawFsync)}, both ${t(r.rawDurable)}, bare Node ${t(r.bare)}, durably ${t(r.durable)}; ${ready}; ${fromIds}`,
  );
}

// The largest files: curl, the durable floor and the engine (same signed URLs) alternately.
if (LARGE_ROUNDS > 0) await warm(largeIds);
let largeBytes = 0;
for (let round = 0; round < LARGE_ROUNDS; round++) {
  const c: CurlRun = await curlRun(client, largeIds);
  largeBytes = readdirSync(c.dir)
    .filter((name) => !/\.(cfg|tsv)$/.test(name))
    .reduce((sum, name) => sum + statSync(join(c.dir, name)).size, 0);
  const floor = await runReference(c, 'downloads-raw.ts', 'durable');
  if (process.env.BENCH_DOWNLOADS_THREADS) console.error(`floor: ${JSON.stringify(floor)}`);
  const poolFloor = await runReference(c, 'downloads-raw.ts', 'durable-pool');
  rmSync(c.dir, { recursive: true, force: true });
  note('large-curl', c.ms);
  note('large-curl+sync', c.syncedMs);
  note('large-floor', floor.wallMs);
  note('large-floor-pool', poolFloor.wallMs);
  const e = await engines('large', largeIds, 'ready');
  const warmed = await engines('large-warm', largeIds, 'ready', 'warm');
  console.log(
    `largest files, round ${round + 1}: curl ${c.ms.toFixed(0)} ms (${c.syncedMs.toFixed(0)} ms with sync), durable floor ${t(floor)}, through the pool ${t(poolFloor)}, ${e}; warm ${warmed}`,
  );
}

const ms = (name: string) => `${median(name).toFixed(0)} ms`;
const vs = (name: string, peer: string) =>
  `${ms(name)} (${(median(name) / median(peer)).toFixed(2)} x ${peer})`;
const floorTarget = 1.05;
/** Lines of the summary and the ratios, the small files' and the large ones' as they ran. */
const summary: string[] = [];
const ratios: string[] = [];
const ratio = (label: string, name: string, of: string, target = floorTarget) =>
  ratios.push(ratioLine(label, median(name), median(of), target));
if (SMALL_ROUNDS > 0) {
  summary.push(
    `\n${COUNT} recordings, ${COUNT * 2} files, concurrency 4, loopback, medians:`,
    `curl --parallel --parallel-max 4:        ${ms('curl')}`,
    `curl, then sync (its files on the disk): ${ms('curl+sync')}`,
    `raw Node writer:                         ${vs('raw', 'curl')}`,
    `  + SHA-256 per file:                    ${vs('rawHash', 'curl')}`,
    `  + fsync before each rename:            ${vs('rawFsync', 'curl')}`,
    `  + both (the durable floor):            ${vs('rawDurable', 'curl')}`,
    `  + both, writes through the pool:       ${vs('rawPool', 'curl')}`,
    `bare Node downloader (node:http):        ${vs('bare', 'curl')}`,
    `  + SHA-256 and fsync per file:          ${vs('durable', 'curl')}`,
    `engine, from the same signed URLs:       ${vs('ready', 'curl')}`,
    ...(BASELINE ? [`baseline engine, same signed URLs:       ${vs('ready-old', 'curl')}`] : []),
    `curl + asking for the 200 signed URLs:   ${ms('curl+urls')}`,
    `engine, from the recording ids:          ${vs('ids', 'curl+urls')}`,
    ...(BASELINE ? [`baseline engine, from the ids:           ${vs('ids-old', 'curl+urls')}`] : []),
    `engine peak RSS: ${rss.toFixed(0)} MB (target < 200 MB)`,
  );
  ratio('engine / durable floor, 200 small files', 'ready', 'rawDurable');
  if (BASELINE) ratio('engine / baseline engine, small files', 'ready', 'ready-old', 1);
}
if (LARGE_ROUNDS > 0) {
  summary.push(
    `\n${LARGE} recordings of 1800 s, ${LARGE * 2} files, ${(largeBytes / 1e6).toFixed(0)} MB, concurrency 4, medians:`,
    `curl --parallel --parallel-max 4:        ${ms('large-curl')}`,
    `curl, then sync:                         ${ms('large-curl+sync')}`,
    `raw Node + SHA-256 + fsync (the floor):  ${vs('large-floor', 'large-curl')}`,
    `  the same, writes through the pool:     ${vs('large-floor-pool', 'large-curl')}`,
    `engine, from the same signed URLs:       ${vs('large', 'large-curl')}`,
    ...(BASELINE
      ? [`baseline engine:                         ${vs('large-old', 'large-curl')}`]
      : []),
    `engine, warm (its code run before):      ${vs('large-warm', 'large-curl')}`,
    ...(BASELINE
      ? [`baseline engine, warm:                   ${vs('large-warm-old', 'large-curl')}`]
      : []),
    `engine peak RSS: ${largeRss.toFixed(0)} MB (target < 200 MB)`,
  );
  // Cold: the process's first batch, as in a command of the CLI; warm: as in the app, whose
  // main process has run its download code before, and whose thread never waits for the disk.
  ratio('engine, cold / durable floor, 8 large files', 'large', 'large-floor');
  ratio('engine, warm / durable floor, 8 large files', 'large-warm', 'large-floor');
  ratio(
    'engine, warm / the floor through the pool, 8 large files',
    'large-warm',
    'large-floor-pool',
  );
  if (BASELINE) {
    ratio('engine / baseline engine, large files, cold', 'large', 'large-old', 1);
    ratio('engine / baseline engine, large files, warm', 'large-warm', 'large-warm-old', 1);
  }
}
console.log(summary.join('\n'));
console.log(
  `\nengine's event loop while downloading (what the app's other work waits): p99 ${loopP99.toFixed(1)} ms, max ${loopMax.toFixed(1)} ms over every run\n`,
);
console.log(ratios.join('\n'));
if (PROFILE) {
  console.log(`\n${topSelfTime(PROFILE).join('\n')}`);
  if (!KEEP_PROFILES) rmSync(PROFILE, { recursive: true, force: true });
}
console.log(load.line());
await service.close();
