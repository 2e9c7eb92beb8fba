/**
 * bench:queue: one batch of many recordings through the download engine, the way "Download all
 * N results" and `roadcam download --query` queue it, at two sizes (10,000 and 50,000 by
 * default), each in a process of its own. The service runs in a child process (its memory is not
 * the engine's), on a world of short recordings added for the run
 * (ServiceControl.seedRecordings). The measured process loads the engine only (not the service,
 * not the test helpers), from this checkout or, with BENCH_BASELINE=DIR, from another one beside
 * it: the same bench, two engines, alternated. Prints, for each run:
 * - the time to queue them all (search every page, plan the names, insert the items), and the
 *   longest the main process's event loop waited meanwhile (what a window would feel);
 * - the engine's memory: the process's peak RSS (the kernel's high-water mark), the heap per
 *   queued item beyond the base;
 * - files per second near the start (items 100-300) and near the end (the last 10%);
 * - a restart half-way: the time from opening the queue again to the next finished file;
 * then the peak RSS of every size, the largest size's over the smallest's, and the load.
 * Targets: queue < 10 s, peak RSS < 150 MB and flat in the items (50,000 within 10% of 10,000),
 * < 5 KB per item, throughput at the end no worse than at the start, restart < 5 s.
 *
 *   npm run bench:queue                                 # 10,000 then 50,000 jpg files
 *   BENCH_QUEUE_ITEMS=2000 npm run bench:queue -- --concurrency 8
 *   BENCH_BASELINE=/work/wt/base npm run bench:queue    # the engine of another checkout too
 *   BENCH_ROUNDS=3                                      # each run 3 times, medians
 *   BENCH_TRACE=1 npm run bench:queue                   # memory every second as it runs
 *   BENCH_SNAPSHOT=/tmp/snaps                           # heap snapshots, queued and done
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type * as Api from '../../src/engine/api/index.ts';
import type * as Database from '../../src/engine/db/database.ts';
import type * as Manager from '../../src/engine/downloads/manager.ts';
import type * as QueueQuery from '../../src/engine/downloads/queue-query.ts';
import type { Chosen } from '../../src/engine/downloads/selection.ts';
import type * as Net from '../../src/engine/net/network.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
import { MachineLoad, ratioLine } from './lib/machine-load.ts';
import { forkRecordingsService, serveRecordings } from './recordings-service.ts';
import { waitFor } from '../helpers/wait.ts';

const TAG = 'queuebench';
const FIRST_BATCH = 1;
const NOW = '2026-11-21T12:00:00Z';
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    serve: { type: 'boolean', default: false },
  },
});
const items = Number(values.items);
/** Set in a measured run: the checkout whose engine it loads. */
const ENGINE_ROOT = process.env['BENCH_QUEUE_ROOT'];

if (values.serve) {
  // The child: the service, with the run's recordings, until the parent ends.
  await serveRecordings(items, TAG, NOW);
} else if (ENGINE_ROOT) {
  await run(ENGINE_ROOT);
} else {
  await compare();
}

/** One measured process per size and engine, alternated; the summary with the load. */
async function compare(): Promise<void> {
  const load = new MachineLoad();
  const sizes = (process.env['BENCH_QUEUE_ITEMS'] ?? '10000,50000').split(',').map(Number);
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 1);
  const here = resolve(dirname(import.meta.filename), '../..');
  const baseline = process.env['BENCH_BASELINE'];
  const engines = baseline ? { new: here, old: resolve(baseline) } : { new: here };
  const peaks = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = Object.entries(engines);
    if (round % 2 === 1) order.reverse();
    for (const size of sizes) {
      for (const [name, root] of order) {
        console.log(`-- ${name} engine (${root}), ${size} items, round ${round + 1} of ${rounds}`);
        const peak = await measuredRun(root, size);
        peaks.set(`${name} ${size}`, [...(peaks.get(`${name} ${size}`) ?? []), peak]);
      }
    }
  }
  console.log('\nsummary (peak RSS of the measured process, median of the rounds):');
  for (const name of Object.keys(engines)) {
    const of = (size: number) => median(peaks.get(`${name} ${size}`)!);
    console.log(`  ${name} engine: ${sizes.map((n) => `${n} items ${of(n)} MB`).join(', ')}`);
    const [small, large] = [sizes[0]!, sizes.at(-1)!];
    if (large !== small) {
      console.log(
        `  ${ratioLine(`${name} engine, ${large} over ${small}`, of(large), of(small), 1.1)}`,
      );
    }
  }
  console.log(load.line());
}

/** Runs this script on `root`'s engine for `size` items; resolves with its peak RSS in MB. */
function measuredRun(root: string, size: number): Promise<number> {
  const args = ['--expose-gc', import.meta.filename, '--items', String(size)];
  args.push('--concurrency', values.concurrency);
  const child = spawn(process.execPath, args, {
    env: { ...process.env, BENCH_QUEUE_ROOT: root },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A bound far above any run seen (50,000 files at 50 a second is 17 minutes).
  const timer = setTimeout(() => child.kill(), 60 * 60_000);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    out += chunk.toString();
  });
  return new Promise((done, fail) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      const peak = /peak RSS (\d+) MB/.exec(out)?.[1];
      if (code === 0 && peak) done(Number(peak));
      else fail(new Error(`the run of ${size} items on ${root} ended with ${code}, no peak RSS`));
    });
  });
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The engine's modules, from the checkout being measured (typed as this checkout's). */
async function engineOf(root: string) {
  const from = (path: string) => import(join(root, 'src/engine', path)) as Promise<unknown>;
  return {
    ...((await from('api/index.ts')) as typeof Api),
    ...((await from('db/database.ts')) as typeof Database),
    ...((await from('downloads/manager.ts')) as typeof Manager),
    ...((await from('net/network.ts')) as typeof Net),
    // Absent from an engine older than the queue filled page by page: queueAll falls back.
    ...((await from('downloads/queue-query.ts').catch(() => ({}))) as Partial<typeof QueueQuery>),
    ...((await from('downloads/selection.ts')) as { chooseByQuery?: ChooseByQuery }),
  };
}

/** An older engine's way: every recording of the search in one list, then one batch. */
type ChooseByQuery = (client: unknown, query: object) => Promise<Chosen[]>;

/** Queues every recording of the run's tag as one batch, as "Download all N results" does. */
async function queueAll(
  engine: Awaited<ReturnType<typeof engineOf>>,
  manager: InstanceType<typeof Manager.DownloadManager>,
  client: InstanceType<typeof Api.ApiClient>,
  destination: Omit<QueueQuery.QueryBatchRequest, 'query'>,
): Promise<number> {
  const query = { q: TAG, status: 'complete' } as const;
  if (engine.queueByQuery) {
    const id = await engine.queueByQuery(manager, client, { ...destination, query });
    if (id === undefined) throw new Error(`no recording tagged ${TAG} on the service`);
    return id;
  }
  // The list dies with this call: the bench holds it no longer than the engine's caller would.
  const chosen = await engine.chooseByQuery!(client, query);
  return manager.createBatch({ ...destination, label: `${chosen.length} recordings`, chosen }).id;
}

/** With BENCH_SNAPSHOT=DIR, a heap snapshot named `name` there (diagnosis: it moves the peak). */
function snapshot(name: string): void {
  const dir = process.env['BENCH_SNAPSHOT'];
  if (dir) console.log(`heap snapshot: ${writeHeapSnapshot(join(dir, `${name}.heapsnapshot`))}`);
}

async function run(root: string): Promise<void> {
  const engine = await engineOf(root);
  const { ApiClient, DownloadManager, Network, openDatabase } = engine;
  const service = await forkRecordingsService(import.meta.filename, items);
  const { url, client: demo } = service;
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-queue-bench-'));
  const client = new ApiClient({
    network: new Network(),
    baseUrl: url,
    credentials: () => Promise.resolve({ clientId: demo.id, clientSecret: demo.secret }),
  });
  const concurrency = Number(values.concurrency);
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
    if (process.env.BENCH_TRACE && ++ticks % 10 === 0) {
      console.log(
        `  ${completedAt.length} done: rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`,
      );
    }
  }, 100);
  let ticks = 0;
  const completedAt: number[] = [];
  const open = () => {
    const db = openDatabase(join(dir, 'roadcam.sqlite'));
    const manager = new DownloadManager({
      db,
      client,
      service: 'bench',
      dataDir: dir,
      settings: () => ({
        downloadConcurrency: concurrency,
        speedLimitKBps: 0,
        downloadReserveMB: 0,
      }),
    }).start();
    return { db, manager };
  };

  console.log(
    `bench:queue: ${items} recordings (jpg, 2 s each) in one batch, concurrency ${concurrency}; ` +
      `${cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`,
  );
  await client.cameras.search({ limit: 1 }); // signed in: the token is not part of the figures
  global.gc?.();
  const base = process.memoryUsage();
  let q = open();

  // Files start while the search goes on: followed from before it (a fresh database's first
  // batch is batch 1, checked below).
  const follow = (m: InstanceType<typeof DownloadManager>) =>
    m.follow(FIRST_BATCH, { onCompleted: () => completedAt.push(performance.now()) });
  let stopFollowing = follow(q.manager);

  // Queue: every page of the search into one batch.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const queueStart = performance.now();
  const batch = q.manager.batchView(
    await queueAll(engine, q.manager, client, {
      folder: join(dir, 'files'),
      template: DEFAULT_TEMPLATE,
      existing: 'rename',
      formats: ['jpg'],
      key: 'bench',
    }),
  )!;
  const queuedMs = performance.now() - queueStart;
  if (batch.id !== FIRST_BATCH) throw new Error(`the batch is ${batch.id}, not ${FIRST_BATCH}`);
  lag.disable();
  global.gc?.();
  const queued = process.memoryUsage();
  snapshot(`queued-${items}`);
  const perItem = (queued.heapUsed - base.heapUsed) / batch.items;
  console.log(
    `queued ${batch.items} files in ${(queuedMs / 1000).toFixed(2)} s (the search, its pages queued as they came, ${completedAt.length} files finished meanwhile); ` +
      `event loop waited at most ${(lag.max / 1e6).toFixed(0)} ms (p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms); ` +
      `heap ${(perItem / 1024).toFixed(2)} KB per queued item beyond the base (RSS ${mb(queued.rss)} after, ${mb(base.rss)} before)`,
  );

  const half = Math.floor(batch.items / 2);
  // Bounds far above any run seen, so that a stuck queue ends the run in words.
  await waitFor(() => completedAt.length >= half, {
    what: `${half} finished files`,
    timeoutMs: 30 * 60_000,
    everyMs: 50,
  });

  // A restart half-way: close the queue (transfers stop where they are), open it again.
  stopFollowing();
  await q.manager.close();
  q.db.close();
  const reopenedAt = performance.now();
  const before = completedAt.length;
  q = open();
  stopFollowing = follow(q.manager);
  await waitFor(() => completedAt.length > before, {
    what: 'a file finished after the restart',
    timeoutMs: 5 * 60_000,
    everyMs: 5,
  });
  const restartMs = completedAt[before]! - reopenedAt;

  const done = await q.manager.settled(batch.id);
  clearInterval(sampler);
  // The kernel's high-water mark of the process: no peak between two samples is missed.
  const sampledRss = peakRss;
  peakRss = process.resourceUsage().maxRSS * 1024;
  snapshot(`done-${items}`);
  const rate = (from: number, to: number) =>
    (to - from) / ((completedAt[to]! - completedAt[from]!) / 1000);
  const n = completedAt.length;
  console.log(
    `finished: ${done.counts.completed} completed, ${done.counts.failed} failed; ` +
      `files/s at items 100-300: ${rate(100, 300).toFixed(0)}, in the last 10%: ${rate(Math.floor(n * 0.9), n - 1).toFixed(0)}; ` +
      `restart half-way: ${restartMs.toFixed(0)} ms to the next finished file; ` +
      `peak RSS ${mb(peakRss)} (JS heap and buffers at most ${mb(peakHeap)}; sampled every 100 ms: ${mb(sampledRss)})`,
  );
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `after the batch: RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)} (base ${mb(base.heapUsed)})`,
  );
  stopFollowing();
  await q.manager.close();
  q.db.close();
  service.stop();
  rmSync(dir, { recursive: true, force: true });
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
