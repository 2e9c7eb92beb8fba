/**
 * The measured process of bench:queue (queue.ts builds it and starts one per run): the download
 * engine alone, as the app ships it (built: lib/bundle-for-bench.ts), against the service whose
 * address it is given. Prints its figures (queue.ts says which) for the parent to read.
 *
 *   node --expose-gc measured.js --items N --concurrency C --url URL --tag TAG
 *   (the service's demo credentials in BENCH_QUEUE_CLIENT, JSON {clientId, clientSecret})
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { getHeapSpaceStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ApiClient } from '../../src/engine/api/index.ts';
import { openDatabase } from '../../src/engine/db/database.ts';
import { DownloadManager } from '../../src/engine/downloads/manager.ts';
import { queueByQuery, type QueryBatchRequest } from '../../src/engine/downloads/queue-query.ts';
import { Network } from '../../src/engine/net/network.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
import { waitFor } from '../helpers/wait.ts';
import { peakRssKb } from './lib/peak-rss.ts';

// Diagnosis: V8 flags for this process, set before the engine runs (BENCH_V8_FLAGS="--a --b").
for (const flag of (process.env['BENCH_V8_FLAGS'] ?? '').split(' ').filter(Boolean)) {
  setFlagsFromString(flag);
}
const FIRST_BATCH = 1;
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    url: { type: 'string' },
    /** The tag of the run's recordings (ServiceControl.seedRecordings). */
    tag: { type: 'string', default: 'queuebench' },
  },
});
const items = Number(values.items);
const given = process.env['BENCH_QUEUE_CLIENT'];
if (!values.url || !given) {
  throw new Error('queue-run: give --url and BENCH_QUEUE_CLIENT (queue.ts starts it so)');
}
const credentials = JSON.parse(given) as { clientId: string; clientSecret: string };
await run();

/** Queues every recording of the run's tag as one batch, as "Download all N results" does. */
async function queueAll(
  manager: DownloadManager,
  client: ApiClient,
  destination: Omit<QueryBatchRequest, 'query'>,
): Promise<number> {
  const query = { q: values.tag, status: 'complete' } as const;
  const id = await queueByQuery(manager, client, { ...destination, query });
  if (id === undefined) throw new Error(`no recording tagged ${values.tag} on the service`);
  return id;
}

/** With BENCH_SNAPSHOT=DIR, a heap snapshot named `name` there (diagnosis: it moves the peak). */
function snapshot(name: string): void {
  const dir = process.env['BENCH_SNAPSHOT'];
  if (dir) console.log(`heap snapshot: ${writeHeapSnapshot(join(dir, `${name}.heapsnapshot`))}`);
}

async function run(): Promise<void> {
  // The kernel's high-water mark of the process's RSS at named points of the run, so that a
  // peak the 100 ms samples miss is placed in its phase (printed with BENCH_TRACE, or when it is
  // above the sampled peak by more than 10 MB).
  const marks: { at: string; mb: number }[] = [];
  const markPeak = (at: string) => marks.push({ at, mb: peakRssKb() / 1024 });
  markPeak('started');
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-queue-bench-'));
  const client = new ApiClient({
    network: new Network(),
    baseUrl: values.url!,
    credentials: () => Promise.resolve(credentials),
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
        `  ${completedAt.length} done: rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)} native ${mb(m.rss - m.heapTotal - m.external)} wal ${walSize(dir)} ${spaces()}`,
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
  markPeak('signed in');
  global.gc?.();
  markPeak("the bench's full collection before");
  const base = process.memoryUsage();
  let q = open();
  markPeak('the queue opened');

  // Files start while the search goes on: followed from before it (a fresh database's first
  // batch is batch 1, checked below).
  const follow = (m: DownloadManager) =>
    m.follow(FIRST_BATCH, { onCompleted: () => completedAt.push(performance.now()) });
  let stopFollowing = follow(q.manager);

  // Queue: every page of the search into one batch.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const queueStart = performance.now();
  const batch = q.manager.batchView(
    await queueAll(q.manager, client, {
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
  markPeak('queued');
  global.gc?.();
  markPeak("the bench's full collection after queueing");
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

  markPeak('half finished');
  // A restart half-way: close the queue (transfers stop where they are), open it again.
  stopFollowing();
  await q.manager.close();
  q.db.close();
  markPeak('closed');
  const reopenedAt = performance.now();
  const before = completedAt.length;
  q = open();
  stopFollowing = follow(q.manager);
  markPeak('opened again');
  await waitFor(() => completedAt.length > before, {
    what: 'a file finished after the restart',
    timeoutMs: 5 * 60_000,
    everyMs: 5,
  });
  const restartMs = completedAt[before]! - reopenedAt;
  markPeak('a file finished after the restart');

  const done = await q.manager.settled(batch.id);
  clearInterval(sampler);
  // The kernel's high-water mark of the process: no peak between two samples is missed.
  const sampledRss = peakRss;
  peakRss = peakRssKb() * 1024;
  markPeak('all finished');
  if (process.env.BENCH_TRACE || peakRss - sampledRss > 10 * 1024 * 1024) {
    console.log(
      `the kernel's high-water mark as the run went: ${marks.map((m) => `${m.at} ${m.mb.toFixed(0)} MB`).join('; ')}`,
    );
  }
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
  rmSync(dir, { recursive: true, force: true });
}

/** V8's spaces, committed (what the trace shows beside the RSS: which space grew). */
function spaces(): string {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_size > 1024 * 1024)
    .map((space) => `${space.space_name.replace('_space', '')} ${mb(space.space_size)}`)
    .join(' ');
}

/** The size of the database's write-ahead log now (it grows until a checkpoint resets it). */
function walSize(dir: string): string {
  const wal = join(dir, 'roadcam.sqlite-wal');
  return existsSync(wal) ? mb(statSync(wal).size) : '0 MB';
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
