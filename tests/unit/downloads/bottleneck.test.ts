/**
 * The downloads view says what sets the speed: a slow link reads "network", a speed limit
 * below the link reads "speed limit". Against the embedded service, through the slowing proxy.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE, type DownloadLimit } from '../../../src/shared/ipc/downloads.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import {
  demoClient,
  makeRecordings,
  startManager,
  type TestManager,
} from '../../helpers/downloads.ts';

let proxy: FaultProxy;
let client: ApiClient;
let ids: string[];
let t: TestManager | undefined;

test.override({ world: { cameras: 60, hours: 2 } });
test.beforeAll(async ({ service }) => {
  ids = await makeRecordings(service, demoClient(service.url), 3, 40);
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
});

/** Downloads the recordings' zips and mp4s; returns what the updates said held them back. */
async function limitsSeen(speedLimitKBps: number): Promise<DownloadLimit[]> {
  const seen: DownloadLimit[] = [];
  t = startManager(
    client,
    {
      onUpdate: (u) => {
        for (const b of u.batches) if (b.limitedBy) seen.push(b.limitedBy);
      },
    },
    { downloadConcurrency: 3, speedLimitKBps },
  );
  const batch = t.manager.createBatch({
    label: 'bottleneck',
    folder: t.folder,
    template: DEFAULT_TEMPLATE,
    existing: 'rename',
    formats: ['zip', 'mp4'],
    chosen: await chooseByIds(client, ids),
  });
  const done = await t.whenFinished(batch.id, 90_000);
  expect(done.state).toBe('completed');
  return seen;
}

test('a slow link reads as the network', async () => {
  proxy.rate = 150_000; // bytes per second per connection
  const seen = await limitsSeen(0);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((l) => l === 'network').length / seen.length).toBeGreaterThan(0.8);
}, 120_000);

test('a speed limit below the link reads as the speed limit', async () => {
  const seen = await limitsSeen(300);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((l) => l === 'speed limit').length / seen.length).toBeGreaterThan(0.8);
}, 120_000);
