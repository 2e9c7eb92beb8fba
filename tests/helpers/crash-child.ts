/**
 * The process the crash test kills: opens the queue in DATA_DIR, adds (or finds again) the
 * batch of the given recordings, and downloads until the batch is finished. Prints STARTED once
 * transfers run, then DONE <state>.
 * Usage: node crash-child.ts DATA_DIR SERVICE_URL OUT_DIR ID,ID,...
 */
import { join } from 'node:path';
import { openDatabase } from '../../src/engine/db/database.ts';
import { DownloadManager } from '../../src/engine/downloads/manager.ts';
import { chooseByIds } from '../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE } from '../../src/shared/ipc/downloads.ts';
import { demoClient } from './api.ts';

// The manager's timers do not hold the process open (the app or the CLI decides that).
const keepAlive = setInterval(() => {}, 1_000);
const [dataDir, serviceUrl, outDir, idList] = process.argv.slice(2);
const client = demoClient(serviceUrl!);
const db = openDatabase(join(dataDir!, 'roadcam.sqlite'));
let batchId = -1;
const manager = new DownloadManager({
  db,
  client,
  service: 'crash-test',
  dataDir: dataDir!,
  settings: () => ({ downloadConcurrency: 3, speedLimitKBps: 0, downloadReserveMB: 0 }),
  stallMs: 5_000,
  retryDelayMs: { base: 20, max: 200 },
  onBatchFinished: (e) => {
    if (e.batchId !== batchId) return;
    process.stdout.write(`DONE ${e.state}\n`);
    clearInterval(keepAlive);
    for (const item of manager.snapshot('failed').items) {
      process.stdout.write(`FAILED ${item.name}: ${item.message}\n`);
    }
    void manager.close().then(() => {
      db.close();
      process.exit(e.state === 'completed' ? 0 : 1);
    });
  },
}).start();
const chosen = await chooseByIds(client, idList!.split(','));
batchId = manager.createBatch({
  label: 'crash test',
  key: 'crash-test',
  folder: outDir!,
  template: DEFAULT_TEMPLATE,
  existing: 'rename',
  formats: ['zip', 'mp4'],
  chosen,
}).id;
process.stdout.write('STARTED\n');
