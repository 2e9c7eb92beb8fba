import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { OfflineCollections } from '../../../src/engine/cache/collections.ts';
import { imageFileName } from '../../../src/engine/collections/files.ts';
import { KeptStore } from '../../../src/engine/collections/store.ts';
import { CollectionSync } from '../../../src/engine/collections/sync.ts';
import { openDatabase } from '../../../src/engine/db/database.ts';
import { DownloadManager } from '../../../src/engine/downloads/manager.ts';
import {
  demoClient,
  fileHash,
  filledCollection,
  serviceHash,
  serviceNow,
  tempDir,
} from '../../helpers/collections.ts';
import { startRenamingProxy } from '../../helpers/renaming-proxy.ts';

// Image names are the service's to choose. Names that differ only in case are one file on a
// case-insensitive disk (Windows, macOS), and a plain name may be spelled like the file the
// app makes of another name: kept offline, each image must still get a file of its own.
const dir = tempDir('roadcam-sync-names-');
afterAll(() => dir.remove());

test.override({ world: { cameras: 20, hours: 2 } });

describe('keeping a collection whose image names collide as files', () => {
  test('stores one file per image, each with its own bytes', async ({ service }) => {
    const direct = demoClient(service.url);
    const { id, names } = await filledCollection(direct, await serviceNow(service.url), 5, 'Odd');
    const odd = ['A.jpg', 'a.jpg', 'x y.jpg', imageFileName('x y.jpg'), 'CON.JPG'];
    const shown = new Map(names.map((name, i) => [name, odd[i]!]));
    const proxy = await startRenamingProxy(service.url, shown);
    const client = demoClient(proxy.url);
    const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
    const engine = new DownloadManager({
      db,
      client,
      service: 'odd',
      dataDir: dir.path,
      settings: () => ({ downloadConcurrency: 4, speedLimitKBps: 0 }),
      maxAttempts: 0,
    }).start();
    const kept = new KeptStore(db, 'odd');
    const sync = new CollectionSync({
      client,
      kept,
      offline: new OfflineCollections(db, 'odd'),
      service: 'odd',
      dataDir: dir.path,
      downloads: () => engine,
    });
    try {
      await expect(sync.keep(id)).resolves.toMatchObject({ state: 'synced', done: 5, total: 5 });
      const files = readdirSync(sync.folder(id));
      expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(5);
      expect(
        kept
          .images(id)
          .map((i) => i.name)
          .sort(),
      ).toEqual([...odd].sort());
      for (const [name, as] of shown) {
        const path = sync.localFile(id, as)!;
        expect(files).toContain(path.slice(sync.folder(id).length + 1));
        expect(fileHash(path), as).toBe(await serviceHash(direct, id, name));
      }
    } finally {
      await sync.close();
      await engine.close();
      db.close();
      await proxy.close();
    }
  });
});
