/**
 * Retry and clear through the downloads channels of a real core (demo mode), as the Downloads
 * view calls them: an item that failed (a file stood where its folder goes)
 * is retried once the cause is gone and completes; a finished batch is cleared from the
 * history and its files stay on disk.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import type { BatchFinished } from '../../../src/shared/ipc/downloads.ts';
import { NOW, tempDir } from '../../helpers/downloads.ts';
import { waitFor } from '../../helpers/wait.ts';

const dir = tempDir('roadcam-dl-retry-');
const finished: BatchFinished[] = [];

test.override({ demoWorld: { cameras: 60, hours: 2, now: NOW } });
test.beforeAll(({ core }) => {
  core.api.on('downloads.batchFinished', (e) => finished.push(e));
});
afterAll(() => dir.remove());

test('a failed item is retried and completes; a finished batch is cleared, its files stay', async ({
  core,
}) => {
  const page = await core.api.invoke('recordings.search', {
    status: 'complete',
    limit: 1,
  });
  const id = page.features[0]!.id;
  // A file where the item's own folder should be: the item cannot be written and fails.
  const folder = join(dir.path, 'out');
  mkdirSync(folder);
  writeFileSync(join(folder, id), 'in the way');
  const batch = await core.api.invoke('downloads.add', {
    recordingIds: [id],
    formats: ['jpg'],
    folder,
    template: '{recording_id}/{recording_id}.{format}',
  });
  const failed = await waitFor(() => finished.find((f) => f.batchId === batch.id), {
    what: 'the batch to finish',
    timeoutMs: 60_000,
  });
  expect(failed).toMatchObject({ state: 'failed', completed: 0, failed: 1 });
  const before = await core.api.invoke('downloads.list', {});
  const item = before.items.find((i) => i.batchId === batch.id)!;
  expect(item.state).toBe('failed');

  rmSync(join(folder, id));
  finished.length = 0;
  expect(await core.api.invoke('downloads.retry', { itemId: item.id })).toEqual({ changed: 1 });
  const done = await waitFor(() => finished.find((f) => f.batchId === batch.id), {
    what: 'the retried batch to finish',
    timeoutMs: 60_000,
  });
  expect(done).toMatchObject({ state: 'completed', completed: 1, failed: 0 });
  const after = await core.api.invoke('downloads.list', {});
  const retried = after.items.find((i) => i.id === item.id)!;
  expect(retried.state).toBe('completed');
  const file = join(folder, retried.name);
  expect(existsSync(file)).toBe(true);

  expect(await core.api.invoke('downloads.clear', { batchId: batch.id })).toEqual({
    removed: true,
  });
  const cleared = await core.api.invoke('downloads.list', {});
  expect(cleared.items.some((i) => i.batchId === batch.id)).toBe(false);
  expect(cleared.batches.some((b) => b.id === batch.id)).toBe(false);
  expect(existsSync(file)).toBe(true);
}, 120_000);
