import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { OfflineCollections } from '../../../src/engine/cache/collections.ts';
import { imageFileName } from '../../../src/engine/collections/files.ts';
import { KeptStore } from '../../../src/engine/collections/store.ts';
import { CollectionSync, OFFLINE_CONCURRENCY } from '../../../src/engine/collections/sync.ts';
import { openDatabase, type Db } from '../../../src/engine/db/database.ts';
import { DownloadManager } from '../../../src/engine/downloads/manager.ts';
import { startCountingProxy, type CountingProxy } from '../../helpers/counting-proxy.ts';
import { demoClient, filledCollection, serviceNow, tempDir } from '../../helpers/collections.ts';

// Keeping a large collection offline at a real embedded service, through a proxy that counts
// the requests in flight and holds each image body back a little so that they overlap: the
// sync fetches a few images at a time whatever the download setting says, and after a restart
// it fetches only what is not complete on disk.
let proxy: CountingProxy;
let client: ApiClient;
let now: number;
const dirs: { remove(): void }[] = [];

test.override({ world: { cameras: 40, hours: 2 } });
test.beforeAll(async ({ service }) => {
  proxy = await startCountingProxy(service.url, { delayMs: 40 });
  client = demoClient(proxy.url);
  now = await serviceNow(service.url);
}, 120_000);

afterAll(async () => {
  await proxy.close();
  for (const dir of dirs) dir.remove();
});

/** The app's parts for one data folder: what a start of the app opens, and its close. */
function startApp(dataDir: string, concurrency: number) {
  const db: Db = openDatabase(join(dataDir, 'roadcam.sqlite'));
  const kept = new KeptStore(db, 'svc');
  const engine = new DownloadManager({
    db,
    client,
    service: 'svc',
    dataDir,
    settings: () => ({ downloadConcurrency: concurrency, speedLimitKBps: 0 }),
  }).start();
  const sync = new CollectionSync({
    client,
    kept,
    offline: new OfflineCollections(db, 'svc'),
    service: 'svc',
    dataDir,
    downloads: () => engine,
  });
  return {
    kept,
    sync,
    async close() {
      await sync.close();
      await engine.close();
      db.close();
    },
  };
}

function newDir(): string {
  const dir = tempDir('roadcam-sync-bounds-');
  dirs.push(dir);
  return dir.path;
}

describe('keeping a large collection offline', () => {
  test('fetches a few images at a time, even when downloads may use 16', async () => {
    const app = startApp(newDir(), 16);
    const { id } = await filledCollection(client, now, 48, 'Many at once', 200);
    proxy.reset();
    const status = await app.sync.keep(id);
    await app.close();
    expect(status).toMatchObject({ state: 'synced', done: 48, total: 48 });
    const counts = proxy.counts();
    expect(counts.signedFiles).toBe(48);
    expect(counts.signedPeak).toBeGreaterThan(1);
    expect(counts.signedPeak).toBeLessThanOrEqual(OFFLINE_CONCURRENCY);
    // Image bodies and the requests for their signed URLs, never more than a few of each.
    expect(counts.peak).toBeLessThanOrEqual(2 * OFFLINE_CONCURRENCY);
  });

  test('after a restart, fetches only the images not complete on disk', async () => {
    const dataDir = newDir();
    const first = startApp(dataDir, 3);
    const { id, names } = await filledCollection(client, now, 40, 'Restarted', 260);
    const stop = new AbortController();
    const keeping = first.sync.keep(id, {
      signal: stop.signal,
      onBytes: () => {
        if (first.kept.status(id)!.done >= 15) stop.abort(new Error('the app quits'));
      },
    });
    await expect(keeping).rejects.toThrow(/the app quits/);
    await first.close();

    const second = startApp(dataDir, 3);
    const before = second.kept.status(id)!;
    expect(before.done).toBeGreaterThanOrEqual(15);
    expect(before.done).toBeLessThan(40);
    // What is on disk before the sync: whole files, and `.part` files the engine resumes.
    const onDisk = (name: string, suffix = '') => {
      const path = join(second.sync.folder(id), imageFileName(name) + suffix);
      return existsSync(path) ? statSync(path).size : null;
    };
    const whole = names.filter((name) => onDisk(name) !== null);
    const wholeBytes = whole.reduce((sum, name) => sum + onDisk(name)!, 0);
    const partBytes = names.reduce((sum, name) => sum + (onDisk(name, '.part') ?? 0), 0);
    expect(whole.length).toBeGreaterThanOrEqual(before.done);
    proxy.reset();
    const status = await second.sync.sync(id);
    await second.close();
    expect(status).toMatchObject({ state: 'synced', done: 40, total: 40 });
    const counts = proxy.counts();
    // Each image not whole on disk once, none of those that were, and only the bytes missing.
    expect(counts.signedFiles).toBe(names.length - whole.length);
    expect(counts.signedRequests).toBe(counts.signedFiles);
    expect(counts.signedBytes).toBe(status.bytes - wholeBytes - partBytes);
  });
});
