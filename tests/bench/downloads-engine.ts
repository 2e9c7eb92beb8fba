/**
 * The engine side of `npm run bench:downloads`, in its own process so that its peak RSS is the
 * engine's alone: downloads the given recordings (zip + mp4) with concurrency 4 and prints
 * {"wallMs", "maxRssMB", "files"} as one JSON line.
 * Usage: node downloads-engine.ts SERVICE_URL DATA_DIR OUT_DIR ID,ID,...
 */
import { join } from 'node:path';
import { ApiClient } from '../../src/main/api/index.ts';
import { openDatabase } from '../../src/main/db/database.ts';
import { DownloadManager } from '../../src/main/downloads/manager.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
// The demo account of the embedded service (importing the service itself would weigh on RSS).
const DEMO_CLIENT = { id: 'demo', secret: 'demo-secret' };

const [url, dataDir, outDir, idList] = process.argv.slice(2);
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
const manager = new DownloadManager({
  db,
  client,
  service: 'bench',
  dataDir: dataDir!,
  settings: () => ({ downloadConcurrency: 4, speedLimitKBps: 0 }),
  onBatchFinished: (e) => {
    const wallMs = performance.now() - started;
    void manager.close().then(() => {
      db.close();
      clearInterval(keepAlive);
      const maxRssMB = process.resourceUsage().maxRSS / 1024;
      process.stdout.write(
        `${JSON.stringify({ wallMs, maxRssMB, files: e.completed, state: e.state })}\n`,
      );
    });
  },
}).start();
started = performance.now();
manager.createBatch({
  label: 'bench',
  folder: outDir!,
  template: DEFAULT_TEMPLATE,
  existing: 'overwrite',
  formats: ['zip', 'mp4'],
  // Names from the id alone: the benchmark measures transfers, not lookups.
  chosen: ids.map((recordingId) => ({ recordingId })),
});
