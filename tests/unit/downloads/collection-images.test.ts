/**
 * Images of kept collections through the download engine, over real HTTP with the
 * fault proxy in between: the signed URL comes from /v1/collections/ID/images/NAME, a cut
 * body resumes with Range, an expired link is replaced, and such a batch stays out of the
 * Downloads view (no list entry, no update, no notification).
 */
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { filledCollection, serviceHash, serviceNow } from '../../helpers/collections.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import {
  demoClient,
  filesUnder,
  sha256File,
  startManager,
  type TestManager,
} from '../../helpers/downloads.ts';
import { sleep } from '../../helpers/wait.ts';

let proxy: FaultProxy;
let client: ApiClient;
let id: string;
let names: string[];
const expected = new Map<string, { sha256: string; size: number }>();
let t: TestManager | undefined;

test.override({ world: { cameras: 40, hours: 2 } });
test.beforeAll(async ({ service }) => {
  const direct = demoClient(service.url);
  ({ id, names } = await filledCollection(direct, await serviceNow(service.url), 4, 'Engine'));
  for (const name of names) {
    const media = await direct.collections.image(id, name);
    const size = Number(media.contentLength);
    await media.body.cancel();
    expected.set(name, { sha256: await serviceHash(direct, id, name), size });
  }
  proxy = await startFaultProxy(service.url);
  client = demoClient(proxy.url);
}, 120_000);
afterAll(async () => {
  await proxy.close();
});
afterEach(async () => {
  await t?.stop();
  t = undefined;
  proxy.rate = 0;
  proxy.signed.length = 0;
});

/** The signed path of a frame is /signed/frames/<camera>/<stamp>.jpg. */
const stampOf = (name: string) => name.slice(name.lastIndexOf('_') + 1);

function enqueue(m: TestManager, images = names) {
  return m.manager.enqueueOfflineImages({
    key: `collection:${id}`,
    label: 'Offline copy of Engine',
    folder: join(m.dir, 'kept'),
    collectionId: id,
    images: images.map((image) => ({ image, name: `${image}` })),
  });
}

function expectIdentical(m: TestManager, images = names) {
  const folder = join(m.dir, 'kept');
  expect(filesUnder(folder).filter((f) => f.endsWith('.part'))).toEqual([]);
  for (const name of images) {
    expect(sha256File(join(folder, name)), name).toBe(expected.get(name)!.sha256);
  }
}

describe('collection images in the download engine', () => {
  test('fetches every image byte-identical through a reset, a stall and a 503, resuming with Range', async () => {
    t = startManager(client);
    proxy.inject(
      { kind: 'reset', after: 0.5, match: stampOf(names[0]!) },
      { kind: 'stall', after: 0.5, match: stampOf(names[1]!) },
      { kind: '503' },
    );
    const batchId = enqueue(t);
    const completed: string[] = [];
    const stop = t.manager.follow(batchId, { onCompleted: (i) => completed.push(i.image!) });
    const view = await t.manager.settled(batchId);
    stop();
    expect(view.state).toBe('completed');
    expect(completed.sort()).toEqual(names);
    expectIdentical(t);
    expect(proxy.pending()).toBe(0);
    expect(proxy.signed.some((r) => r.range !== undefined && r.status === 206)).toBe(true);
    const items = t.manager.store.itemsOfBatch(batchId);
    expect(items.map((i) => [i.kind, i.collection_id, i.recording_id, i.state])).toEqual(
      names.map(() => ['collection-image', id, null, 'completed']),
    );
    // A kept collection's batch is the sync's business: not in the Downloads view at all.
    expect(t.manager.snapshot()).toEqual({ batches: [], items: [] });
    expect(t.manager.batchView(batchId)?.label).toBe('Offline copy of Engine');
    await sleep(300); // time for updates that must not come
    expect(t.updates).toBe(0);
    expect(t.finished).toEqual([]);
    // The next sync reuses the batch; a file gone missing is fetched again.
    expect(enqueue(t, [names[3]!])).toBe(batchId);
    expect((await t.manager.settled(batchId)).state).toBe('completed');
    expect(t.manager.store.itemsOfBatch(batchId).map((i) => i.image)).toEqual([names[3]]);
    expectIdentical(t);
  });

  test('replaces an expired signed URL by a fresh one and resumes from the .part', async ({
    service,
  }) => {
    t = startManager(client);
    const name = names[2]!;
    const { size } = expected.get(name)!;
    // Half the body, then silence: the test pauses the batch while it waits.
    proxy.inject({ kind: 'stall', after: 0.5, match: stampOf(name) });
    proxy.bytes = 0;
    const batchId = enqueue(t, [name]);
    let received = 0;
    const stop = t.manager.follow(batchId, { onChunk: (n) => (received += n) });
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (received > 0) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
    });
    t.manager.pause({ batchId });
    expect((await t.manager.settled(batchId)).state).toBe('paused');
    const before = t.manager.urls.requested;
    // Past the link's 15 minutes by the service's clock.
    service.control.advanceClock(16 * 60_000);
    t.manager.resume({ batchId });
    expect((await t.manager.settled(batchId)).state).toBe('completed');
    stop();
    expectIdentical(t, [name]);
    expect(proxy.signed.some((r) => r.status === 403)).toBe(true);
    expect(proxy.signed.some((r) => r.range !== undefined && r.status === 206)).toBe(true);
    expect(t.manager.urls.requested).toBeGreaterThan(before);
    expect(proxy.bytes).toBeLessThan(size * 1.1);
  });

  test('fails an image gone from the collection with a message about the collection', async () => {
    t = startManager(client);
    const batchId = enqueue(t, ['no-such-image.jpg']);
    expect((await t.manager.settled(batchId)).state).toBe('failed');
    const [item] = t.manager.store.itemsOfBatch(batchId);
    expect(item!.message).toMatch(/no longer in the collection.*next sync/);
  });
});
