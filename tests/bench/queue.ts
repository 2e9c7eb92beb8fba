/**
 * bench:queue: one batch of many recordings (10,000 by default) through the download engine,
 * the way "Download all N results" and `roadcam download --query` queue it. The service runs in
 * a child process (its memory is not the engine's), on a world of short recordings added for
 * the run (ServiceControl.seedRecordings). Prints:
 * - the time to queue them all (search every page, plan the names, insert the items), and the
 *   longest the main process's event loop waited meanwhile (what a window would feel);
 * - the engine's memory: the process's peak RSS, and the heap per queued item beyond the base;
 * - files per second near the start (items 100-300) and near the end (the last 10%);
 * - a restart half-way: the time from opening the queue again to the next finished file.
 * Targets: queue < 10 s, RSS < 300 MB, < 5 KB per item, throughput at the end no worse than at
 * the start, restart < 5 s.
 *
 *   npm run bench:queue                      # 10,000 jpg files
 *   npm run bench:queue -- --items 2000 --concurrency 8
 *   BENCH_TRACE=1 npm run bench:queue        # memory every second as it runs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ApiClient } from '../../src/engine/api/index.ts';
import { openDatabase } from '../../src/engine/db/database.ts';
import { DownloadManager } from '../../src/engine/downloads/manager.ts';
import { chooseByQuery } from '../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
import { DEMO_CLIENT } from '../../src/service/index.ts';
import { forkRecordingsService, serveRecordings } from './recordings-service.ts';
import { testNetwork } from '../helpers/api.ts';
import { waitFor } from '../helpers/wait.ts';

const TAG = 'queuebench';
const NOW = '2026-11-21T12:00:00Z';
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    serve: { type: 'boolean', default: false },
  },
});
const items = Number(values.items);

if (values.serve) {
  // The child: the service, with the run's recordings, until the parent ends.
  await serveRecordings(items, TAG, NOW);
} else {
  await run();
}

async function run(): Promise<void> {
  const service = await forkRecordingsService(import.meta.filename, items);
  const url = service.url;
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-queue-bench-'));
  const client = new ApiClient({
    network: testNetwork(),
    baseUrl: url,
    credentials: () =>
      Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
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

  // Queue: every page of the search, then one batch.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const queueStart = performance.now();
  const chosen = await chooseByQuery(client, { q: TAG, status: 'complete' });
  const searchedMs = performance.now() - queueStart;
  const batch = q.manager.createBatch({
    label: `${items} recordings`,
    folder: join(dir, 'files'),
    template: DEFAULT_TEMPLATE,
    existing: 'rename',
    formats: ['jpg'],
    chosen,
    key: 'bench',
  });
  const queuedMs = performance.now() - queueStart;
  lag.disable();
  global.gc?.();
  const queued = process.memoryUsage();
  const perItem = (queued.heapUsed - base.heapUsed) / batch.items;
  console.log(
    `queued ${batch.items} files in ${(queuedMs / 1000).toFixed(2)} s (search ${(searchedMs / 1000).toFixed(2)} s); ` +
      `event loop waited at most ${(lag.max / 1e6).toFixed(0)} ms (p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms); ` +
      `heap ${(perItem / 1024).toFixed(2)} KB per queued item beyond the base (RSS ${mb(queued.rss)} after, ${mb(base.rss)} before)`,
  );

  const follow = (m: DownloadManager) =>
    m.follow(batch.id, { onCompleted: () => completedAt.push(performance.now()) });
  let stopFollowing = follow(q.manager);
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
  const rate = (from: number, to: number) =>
    (to - from) / ((completedAt[to]! - completedAt[from]!) / 1000);
  const n = completedAt.length;
  console.log(
    `finished: ${done.counts.completed} completed, ${done.counts.failed} failed; ` +
      `files/s at items 100-300: ${rate(100, 300).toFixed(0)}, in the last 10%: ${rate(Math.floor(n * 0.9), n - 1).toFixed(0)}; ` +
      `restart half-way: ${restartMs.toFixed(0)} ms to the next finished file; ` +
      `peak RSS ${mb(peakRss)} (JS heap and buffers at most ${mb(peakHeap)})`,
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
