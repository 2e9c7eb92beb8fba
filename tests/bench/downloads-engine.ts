/**
 * The engine side of `npm run bench:downloads`, in its own process so that its peak RSS is the
 * engine's alone: downloads the given recordings (zip + mp4) with concurrency 4 and prints
 * {"wallMs", "cpuMs", "maxRssMB", "loopDelayMs", "files", "state"} as one JSON line
 * (`loopDelayMs`: the event loop's delays while downloading, p50, p99 and max).
 *
 * - `ready`: the signed URLs are asked for before the clock starts, as curl's are; `ids`: the
 *   engine asks for them as it goes.
 * - `warm`: the same batch is downloaded once, unmeasured, into another folder first, as in the
 *   app, whose main process has run its download code before; `cold`: the measured batch is
 *   the process's first, as with the CLI. A cold Node process also compiles the engine's code
 *   while it downloads (V8's compiler threads), which curl, compiled ahead, never does.
 *
 * Usage: node downloads-engine.ts SERVICE_URL DATA_DIR OUT_DIR ID,ID,... ready|ids cold|warm
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { ApiClient } from '../../src/engine/api/index.ts';
import { openDatabase } from '../../src/engine/db/database.ts';
import { DownloadManager } from '../../src/engine/downloads/manager.ts';
import type { BatchFinished } from '../../src/shared/ipc/downloads.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
import { testNetwork } from '../helpers/api.ts';
import { peakRssKb } from './lib/peak-rss.ts';
// The demo account of the embedded service (importing the service itself would weigh on RSS).
const DEMO_CLIENT = { id: 'demo', secret: 'demo-secret' };

const [url, dataDir, outDir, idList, mode, start] = process.argv.slice(2);
const client = new ApiClient({
  network: testNetwork(),
  baseUrl: url!,
  credentials: () =>
    Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
});
await client.session(); // the token, before the clock starts (curl is given its URLs ready)
const db = openDatabase(join(dataDir!, 'roadcam.sqlite'));
const ids = idList!.split(',');
const finished = new Map<number, (e: BatchFinished) => void>();
const manager = new DownloadManager({
  db,
  client,
  service: 'bench',
  log: process.env.BENCH_LOG ? (m) => console.error(new Date().toISOString(), m) : undefined,
  dataDir: dataDir!,
  settings: () => ({ downloadConcurrency: 4, speedLimitKBps: 0 }),
  onBatchFinished: (e) => finished.get(e.batchId)?.(e),
}).start();

/** The signed URLs, four at a time, through the engine's own cache. */
async function askUrls(): Promise<void> {
  const targets = ids.flatMap((id) =>
    (['zip', 'mp4'] as const).map((format) => ({
      kind: 'recording' as const,
      recording_id: id,
      format,
      collection_id: null,
      image: null,
    })),
  );
  let next = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next < targets.length) await manager.urls.get(targets[next++]!);
    }),
  );
}

function download(folder: string): Promise<BatchFinished> {
  const { id } = manager.createBatch({
    label: 'bench',
    folder,
    template: DEFAULT_TEMPLATE,
    existing: 'overwrite',
    formats: ['zip', 'mp4'],
    // Names from the id alone: the benchmark measures transfers, not lookups.
    chosen: ids.map((recordingId) => ({ recordingId })),
  });
  return new Promise((resolve) => finished.set(id, resolve));
}

if (start === 'warm') {
  await download(`${outDir}-warm`);
  rmSync(`${outDir}-warm`, { recursive: true, force: true });
}
if (mode === 'ready') await askUrls();
// BENCH_DOWNLOADS_PROFILE=DIR: a CPU profile of the measured part alone, for finding costs.
const profiler = process.env.BENCH_DOWNLOADS_PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
  await profiler.post('Profiler.start');
}
/** Each thread's CPU ticks by name (BENCH_DOWNLOADS_THREADS): where a run's CPU goes. */
const threadTicks = () => {
  const byName = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byName.set(name, (byName.get(name) ?? 0) + Number(f[11]) + Number(f[12]));
  }
  return byName;
};
const ticksAtStart = process.env.BENCH_DOWNLOADS_THREADS ? threadTicks() : undefined;
const faultsAtStart = process.resourceUsage().minorPageFault;
const started = performance.now();
const cpuAtStart = process.cpuUsage();
// How long other work on this thread (the app's IPC, the wall's media requests) waits behind
// the engine: the event loop's delays, sampled every 2 ms.
const delays = monitorEventLoopDelay({ resolution: 2 });
delays.enable();
const result = await download(outDir!);
delays.disable();
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuAtStart);
if (ticksAtStart) {
  const now = threadTicks();
  const parts = [...now].map(([n, t]) => `${n} ${(t - (ticksAtStart.get(n) ?? 0)) * 10} ms`);
  console.error(
    `faults ${process.resourceUsage().minorPageFault - faultsAtStart}; threads: user ${cpu.user / 1000} sys ${cpu.system / 1000}; ${parts.join(', ')}`,
  );
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(
    join(process.env.BENCH_DOWNLOADS_PROFILE!, `engine-${mode}-${start}-${process.pid}.cpuprofile`),
    JSON.stringify(profile),
  );
}
await manager.close();
db.close();
const maxRssMB = peakRssKb() / 1024;
process.stdout.write(
  `${JSON.stringify({
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMB,
    loopDelayMs: {
      p50: delays.percentile(50) / 1e6,
      p99: delays.percentile(99) / 1e6,
      max: delays.max / 1e6,
    },
    files: result.completed,
    state: result.state,
  })}\n`,
);
