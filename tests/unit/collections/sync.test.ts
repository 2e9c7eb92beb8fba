import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { OfflineCollections } from '../../../src/engine/cache/collections.ts';
import { imageFileName } from '../../../src/engine/collections/files.ts';
import { KeptStore } from '../../../src/engine/collections/store.ts';
import { CollectionSync } from '../../../src/engine/collections/sync.ts';
import { openDatabase, type Db } from '../../../src/engine/db/database.ts';
import { DownloadManager } from '../../../src/engine/downloads/manager.ts';
import type { OfflineStatus } from '../../../src/shared/ipc/collections.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import {
  demoClient,
  fileHash,
  filledCollection,
  serviceHash,
  serviceNow,
  tempDir,
} from '../../helpers/collections.ts';

// The offline sync over real HTTP against the embedded service: what is on disk and in SQLite
// must match the service's collection exactly after every sync, and an interrupted sync must
// resume where it stopped. The images come through the download engine (one 'offline' batch
// per collection); it fails an image at its first error here (maxAttempts 0) so that a test
// can see the sync end with the image missing, and the next sync resume it from its `.part`.
let client: ApiClient;
let now: number;
const dir = tempDir('roadcam-sync-');
let db: Db;
let kept: KeptStore;
let offline: OfflineCollections;
let sync: CollectionSync;
let engine: DownloadManager;
const statuses: OfflineStatus[] = [];

test.override({ world: { cameras: 40, hours: 2 } });
test.beforeAll(async ({ service }) => {
  client = demoClient(service.url);
  now = await serviceNow(service.url);
  db = openDatabase(join(dir.path, 'roadcam.sqlite'));
  kept = new KeptStore(db, 'svc');
  offline = new OfflineCollections(db, 'svc');
  engine = startEngine('svc');
  sync = new CollectionSync({
    client,
    kept,
    offline,
    service: 'svc',
    dataDir: dir.path,
    downloads: () => engine,
    onStatus: (s) => statuses.push(s),
  });
}, 120_000);

function startEngine(key: string, stallMs?: number): DownloadManager {
  return new DownloadManager({
    db,
    client,
    service: key,
    dataDir: dir.path,
    settings: () => ({ downloadConcurrency: 4, speedLimitKBps: 0 }),
    maxAttempts: 0,
    ...(stallMs ? { stallMs } : {}),
  }).start();
}

afterAll(async () => {
  await sync.close();
  await engine.close();
  db.close();
  dir.remove();
});

/** Every file in the collection's folder, `.part` files included. */
function filesOf(id: string): string[] {
  const folder = sync.folder(id);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/** Where the file of an image is kept. */
const fileOf = (id: string, name: string) => join(sync.folder(id), imageFileName(name));

/** The service's names, listed afresh. */
async function serviceNames(id: string): Promise<string[]> {
  const out: string[] = [];
  for await (const name of client.collections.imageNames(id)) out.push(name);
  return out;
}

async function expectInStep(id: string): Promise<void> {
  const names = await serviceNames(id);
  expect(filesOf(id)).toEqual(names.map(imageFileName).sort());
  expect(offline.get(id)?.images).toEqual(names);
  expect(kept.images(id).map((i) => i.name)).toEqual([...names].sort());
  expect(kept.images(id).every((i) => i.done)).toBe(true);
  const status = kept.status(id)!;
  expect(status).toMatchObject({ state: 'synced', done: names.length, total: names.length });
}

describe('keeping a collection offline', () => {
  test('fetches every image, byte for byte, and records it in SQLite', async () => {
    const { id, names } = await filledCollection(client, now, 12, 'Keep me');
    const status = await sync.keep(id);
    expect(status).toMatchObject({ collectionId: id, state: 'synced', done: 12, total: 12 });
    expect(status.bytes).toBeGreaterThan(12 * 1000);
    await expectInStep(id);
    for (const name of names.slice(0, 3)) {
      expect(fileHash(fileOf(id, name))).toBe(await serviceHash(client, id, name));
    }
    expect(sync.localFile(id, names[0]!)).toBe(fileOf(id, names[0]!));
    expect(statuses.some((s) => s.collectionId === id && s.state === 'syncing')).toBe(true);
    expect(offline.get(id)?.name).toBe('Keep me');
    // The batch's label is kept as what it means: said in the user's language.
    const batch = engine.store.batchByKey('svc', CollectionSync.batchKey(id))!;
    const label = engine.batchView(batch.id)!;
    expect(label.label).toBe('Offline copy of Keep me');
    expect((await loadTranslator('de')).say(label.labelSaid!)).toBe('Offline-Kopie von Keep me');
  });

  test('follows additions and removals made on the service', async () => {
    const { id, names } = await filledCollection(client, now, 8, 'Changing', 40);
    await sync.keep(id);
    await client.collections.removeImage(id, names[0]!);
    await client.collections.removeImage(id, names[5]!);
    const camera = (await client.cameras.search({ limit: 1, sort: 'state' })).features[0]!;
    for (const minutes of [70, 71, 72]) {
      const time = new Date(Math.floor(now / 60_000) * 60_000 - minutes * 60_000).toISOString();
      await client.collections.addImage(id, { camera_id: camera.id, time });
    }
    await client.collections.update(id, { name: 'Changed' });
    const fetched: number[] = [];
    const status = await sync.sync(id, { onBytes: (n) => fetched.push(n) });
    expect(status.total).toBe(9);
    await expectInStep(id);
    expect(filesOf(id)).not.toContain(imageFileName(names[0]!));
    expect(offline.get(id)?.name).toBe('Changed');
    // Only the three new images crossed the network: the kept ones stayed on disk.
    const newBytes = kept
      .images(id)
      .filter((i) => !names.includes(i.name))
      .reduce((sum, i) => sum + i.size!, 0);
    expect(fetched.reduce((a, b) => a + b, 0)).toBe(newBytes);
  });

  test('fetches again an image whose file was deleted from disk', async () => {
    const { id, names } = await filledCollection(client, now, 3, 'Deleted file', 80);
    await sync.keep(id);
    const { rmSync } = await import('node:fs');
    rmSync(fileOf(id, names[1]!));
    expect(sync.localFile(id, names[1]!)).toBeNull();
    await sync.sync(id);
    await expectInStep(id);
  });

  test('resumes an image cut off mid-body from its .part with a Range request', async ({
    service,
  }) => {
    const { id, names } = await filledCollection(client, now, 5, 'Cut off', 90);
    const victim = names[2]!;
    // The signed path of a frame is /signed/frames/<camera>/<stamp>.jpg.
    const stamp = victim.slice(victim.lastIndexOf('_') + 1);
    // Half the body, then silence until the service drops the connection. (A reset right
    // after the write loses the unflushed half of a file this small on the way.)
    service.control.injectFault({ kind: 'stall', match: stamp, after: 0.5, stallMs: 300 });
    await expect(sync.keep(id)).resolves.toMatchObject({ state: 'failed', done: 4, total: 5 });
    expect(kept.status(id)?.message).toMatch(/1 of 5 images could not be fetched.*next sync/);
    const german = (await loadTranslator('de')).say(kept.status(id)!.messageSaid!);
    expect(german).toMatch(
      /^Abruf fehlgeschlagen für 1 von 5 Bildern \(.+: .+\); der nächste Abgleich versucht es erneut\.$/,
    );
    expect(german).not.toMatch(/could not|the download is|no data arrived/);
    const part = `${fileOf(id, victim)}.part`;
    expect(existsSync(part)).toBe(true);
    const had = statSync(part).size;
    // The engine's item knows the size the service announced before the body broke off.
    const batch = engine.offlineBatch(CollectionSync.batchKey(id))!;
    const item = engine.store.itemsOfBatch(batch.id).find((i) => i.image === victim)!;
    expect(item).toMatchObject({ kind: 'collection-image', collection_id: id, state: 'failed' });
    const size = item.bytes_total!;
    expect(had).toBeGreaterThan(0);
    expect(had).toBeLessThan(size);

    const fetched: number[] = [];
    await sync.sync(id, { onBytes: (n) => fetched.push(n) });
    expect(fetched.reduce((a, b) => a + b, 0)).toBe(size - had);
    await expectInStep(id);
    expect(kept.image(id, victim)!.size).toBe(size);
    expect(fileHash(fileOf(id, victim))).toBe(await serviceHash(client, id, victim));
  });

  test('abandons a stalled image after stallMs and resumes it on the next sync', async ({
    service,
  }) => {
    const quickEngine = startEngine('svc-quick', 400);
    const quick = new CollectionSync({
      client,
      kept,
      offline,
      service: 'svc',
      dataDir: dir.path,
      downloads: () => quickEngine,
    });
    const { id, names } = await filledCollection(client, now, 3, 'Stalled', 100);
    const stamp = names[1]!.slice(names[1]!.lastIndexOf('_') + 1);
    service.control.injectFault({ kind: 'stall', match: stamp, after: 0.3, stallMs: 20_000 });
    const started = Date.now();
    await expect(quick.keep(id)).resolves.toMatchObject({ state: 'failed', done: 2 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(kept.status(id)?.message).toMatch(/stalled: no data arrived/);
    await quick.sync(id);
    await expectInStep(id);
    await quick.close();
    await quickEngine.close();
  });

  test('an interrupted sync resumes without fetching again what it had', async () => {
    const { id } = await filledCollection(client, now, 30, 'Interrupted', 120);
    const stop = new AbortController();
    let received = 0;
    const first = sync.keep(id, {
      signal: stop.signal,
      onBytes: (n) => {
        received += n;
        if (received > 60_000) stop.abort(new Error('stopped by the test'));
      },
    });
    await expect(first).rejects.toThrow(/stopped by the test/);
    const after = kept.status(id)!;
    expect(after.state).toBe('failed');
    expect(after.done).toBeGreaterThan(0);
    expect(after.done).toBeLessThan(30);
    const doneBytes = after.bytes;

    let second = 0;
    await sync.sync(id, { onBytes: (n) => (second += n) });
    await expectInStep(id);
    const total = kept.status(id)!.bytes;
    expect(second).toBeLessThanOrEqual(total - doneBytes);
  });

  test('removes the copy of a collection destroyed on the service', async () => {
    const { id } = await filledCollection(client, now, 2, 'Doomed', 160);
    await sync.keep(id);
    expect(filesOf(id)).toHaveLength(2);
    await client.collections.empty(id);
    await client.collections.destroy(id);
    await expect(sync.sync(id)).rejects.toThrow(/not found|404/i);
    expect(kept.isKept(id)).toBe(false);
    expect(existsSync(sync.folder(id))).toBe(false);
  });

  test('release stops keeping: rows and files go', async () => {
    const { id } = await filledCollection(client, now, 2, 'Let go', 170);
    await sync.keep(id);
    await sync.release(id);
    expect(kept.status(id)).toBeNull();
    expect(existsSync(sync.folder(id))).toBe(false);
  });
});
