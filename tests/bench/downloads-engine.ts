/**
 * The engine side of `npm run bench:downloads`, in its own process so that its peak RSS is the
 * engine's alone: downloads the given recordings (zip + mp4) with concurrency 4 and prints
 * {"wallMs", "maxRssMB", "files"} as one JSON line. With `ready`, the signed URLs are asked
 * for before the clock starts, as curl's are.
 * Usage: node downloads-engine.ts SERVICE_URL DATA_DIR OUT_DIR ID,ID,... [ready|ids]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/index.ts';
import { openDatabase } from '../../src/main/db/database.ts';
import { DownloadManager } from '../../src/main/downloads/manager.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
// The demo account of the embedded service (importing the service itself would weigh on RSS).
const DEMO_CLIENT = { id: 'demo', secret: 'demo-secret' };

const [url, dataDir, outDir, idList, mode] = process.argv.slice(2);
const keepAlive = setInterval(() => {}, 1_000);
const client = new ApiClient({
  baseUrl: url!,
  credentials: () =>
    Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
});
await client.session(); // the token, before the clock starts (curl is given its URLs ready)
const db = openDatabase(join(dataDir!, 'roadcam.sqlite'));
const ids = idList!.split(',');
let started = 0;
let cpuAtStart = process.cpuUsage();
const manager = new DownloadManager({
  db,
  client,
  service: 'bench',
  log: process.env.BENCH_LOG
    ? (m: string) => console.error(new Date().toISOString(), m)
    : undefined,
  dataDir: dataDir!,
  settings: () => ({ downloadConcurrency: 4, speedLimitKBps: 0 }),
  onBatchFinished: (e) => {
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    void manager.close().then(async () => {
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(
          join(process.env.BENCH_DOWNLOADS_PROFILE!, `engine-${mode}-${process.pid}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      db.close();
      clearInterval(keepAlive);
      const maxRssMB = process.resourceUsage().maxRSS / 1024;
      process.stdout.write(
        `${JSON.stringify({ wallMs, cpuMs, maxRssMB, files: e.completed, state: e.state })}\n`,
      );
    });
  },
}).start();
if (mode === 'ready') {
  // The signed URLs first, four at a time, through the engine's own cache: the same start as
  // curl's, which is given its URLs ready.
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
// BENCH_DOWNLOADS_PROFILE=DIR: a CPU profile of the measured part alone, for finding costs.
const profiler = process.env.BENCH_DOWNLOADS_PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
  await profiler.post('Profiler.start');
}
started = performance.now();
cpuAtStart = process.cpuUsage();
manager.createBatch({
  label: 'bench',
  folder: outDir!,
  template: DEFAULT_TEMPLATE,
  existing: 'overwrite',
  formats: ['zip', 'mp4'],
  // Names from the id alone: the benchmark measures transfers, not lookups.
  chosen: ids.map((recordingId) => ({ recordingId })),
});
