/**
 * The speed limit holds at a non-zero value: real recordings from the embedded service,
 * downloaded under a limit for several seconds, arrive at the limit's rate (within 15%).
 * Measured over whole files, so the quarter second of burst the limiter allows and a noisy
 * machine weigh little; a limiter that lets traffic through faster fails.
 */
import { afterEach, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';
import {
  demoClient,
  expectedHashes,
  makeRecordings,
  startManager,
  type TestManager,
} from '../../helpers/downloads.ts';

const LIMIT_KBPS = 512;
let client: ApiClient;
let ids: string[];
let totalBytes = 0;
let t: TestManager | undefined;

test.override({ world: { cameras: 60, hours: 2 } });
test.beforeAll(async ({ service }) => {
  client = demoClient(service.url);
  ids = await makeRecordings(service, client, 3, 60);
  for (const file of (await expectedHashes(client, ids, ['zip', 'mp4'])).values()) {
    totalBytes += file.size;
  }
}, 120_000);
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

test('downloads at the speed limit, within 15%', async () => {
  const limit = LIMIT_KBPS * 1024;
  // Enough bytes for several seconds at the limit, or the measure is noise.
  expect(totalBytes / limit).toBeGreaterThan(4);
  t = startManager(client, {}, { downloadConcurrency: 3, speedLimitKBps: LIMIT_KBPS });
  const chosen = await chooseByIds(client, ids);
  const started = performance.now();
  const batch = t.manager.createBatch({
    label: 'speed limit',
    folder: t.folder,
    template: DEFAULT_TEMPLATE,
    existing: 'rename',
    formats: ['zip', 'mp4'],
    chosen,
  });
  const done = await t.whenFinished(batch.id, 90_000);
  const seconds = (performance.now() - started) / 1000;
  expect(done.state).toBe('completed');
  const rate = totalBytes / seconds;
  expect(rate / limit).toBeGreaterThan(0.85);
  expect(rate / limit).toBeLessThan(1.15);
}, 120_000);
