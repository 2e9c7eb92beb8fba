/**
 * bench:queue's SQLite alone: how much a batch's rows add to the process's RSS through SQLite's
 * page cache, at a size given and with the app's settings (openDatabase) or another cache_size.
 * The store's own writes, as a query's pages fill a batch (100 items a transaction, the
 * batch's totals read after each, as the scheduler and the progress do). Diagnosis, no target.
 *
 *   node --expose-gc tests/bench/queue-sqlite.ts 50000          # the app's settings
 *   node --expose-gc tests/bench/queue-sqlite.ts 50000 -16000   # better-sqlite3's build default
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/engine/db/database.ts';
import type { NewItem } from '../../src/engine/downloads/rows.ts';
import { DownloadQueueStore } from '../../src/engine/downloads/store.ts';

const PAGE = 100;
const items = Number(process.argv[2] ?? 10_000);
const cacheSize = process.argv[3];
const dir = mkdtempSync(join(tmpdir(), 'roadcam-queue-sqlite-'));
const file = join(dir, 'roadcam.sqlite');
const db = openDatabase(file);
if (cacheSize) db.pragma(`cache_size = ${Number(cacheSize)}`);
const store = new DownloadQueueStore(db);
const destination = { folder: join(dir, 'files'), template: '{id}', existing: 'rename' } as const;
const batchId = store.createBatch({ service: 'bench', label: 'bench', ...destination }, []);
global.gc?.();
const base = process.memoryUsage().rss;
for (let start = 0; start < items; start += PAGE) {
  const page: NewItem[] = [];
  for (let i = start; i < Math.min(start + PAGE, items); i++) {
    const id = `rec-${String(i).padStart(8, '0')}`;
    page.push({
      recordingId: id,
      format: 'jpg',
      name: `camera ${i % 300}/${id}.jpg`,
      state: 'queued',
    });
  }
  store.addItems(batchId, page);
  store.totals(batchId);
}
global.gc?.();
const rss = process.memoryUsage().rss;
const size = (path: string) => (statSync(path, { throwIfNoEntry: false })?.size ?? 0) / 1048576;
console.log(
  `${items} items, cache_size ${String(db.pragma('cache_size', { simple: true }))}: ` +
    `RSS +${((rss - base) / 1048576).toFixed(1)} MB; database ${size(file).toFixed(1)} MB, ` +
    `WAL ${size(`${file}-wal`).toFixed(1)} MB`,
);
db.close();
rmSync(dir, { recursive: true, force: true });
