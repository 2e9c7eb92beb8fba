/**
 * The download queue's state (src/renderer/downloads/downloads.svelte.ts) against a real demo
 * core: the snapshot, the updates that follow a batch, the actions, and what is history.
 */
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { DownloadsState } from '../../../../src/renderer/downloads/downloads.svelte.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { waitFor } from '../../../helpers/wait.ts';

describe('the downloads state', () => {
  test('a batch appears, its items follow the main process, and it stays in the queue once done', async ({
    core,
  }) => {
    const downloads = new DownloadsState(core.api);
    await waitFor(() => downloads.loaded, { what: 'the downloads to load' });
    expect(downloads.batches).toEqual([]);

    const page = await core.api.invoke('recordings.search', {
      status: 'complete',
      limit: 1,
    });
    const recording = page.features[0]!.id;
    const folder = join(core.dataDir, 'out');
    const batch = await core.api.invoke('downloads.add', {
      recordingIds: [recording, 'rec_doesnotexist'],
      formats: ['jpg'],
      folder,
    });
    downloads.added(batch);
    const finished = await waitFor(
      () => downloads.batches.find((b) => b.id === batch.id && b.finishedAt !== null),
      { what: 'the batch to finish' },
    );
    expect(finished.state).toBe('failed');
    await waitFor(() => downloads.itemsOf(batch.id).every((i) => i.state !== 'queued'), {
      what: 'no item of the batch to be queued',
    });
    const states = downloads.itemsOf(batch.id).map((i) => [i.recordingId, i.state]);
    expect(states.sort()).toEqual([
      [recording, 'completed'],
      ['rec_doesnotexist', 'failed'],
    ]);
    // Finished while this page was open: still in the queue, not yet history.
    expect(downloads.active.map((b) => b.id)).toEqual([batch.id]);
    expect(downloads.history).toEqual([]);

    downloads.filter = 'failed';
    expect(downloads.itemsOf(batch.id).map((i) => i.recordingId)).toEqual(['rec_doesnotexist']);
    downloads.filter = 'all';
    // Failures never vanish: counted for the filter, and listed with their reason to save.
    expect(downloads.counts).toMatchObject({ failed: 1, completed: 1, queued: 0 });
    const csv = downloads.failedList('csv').split('\r\n');
    expect(csv[0]).toBe('batch,recording_id,format,collection_id,image,file,reason');
    expect(csv[1]).toMatch(/^.*,rec_doesnotexist,jpg,,,.*,.*No recording rec_doesnotexist/);
    expect(csv).toHaveLength(3);
    const json = JSON.parse(downloads.failedList('json')) as { recording_id: string }[];
    expect(json.map((r) => r.recording_id)).toEqual(['rec_doesnotexist']);

    // No desktop shell (browser mode): the path is shown instead.
    const done = downloads.itemsOf(batch.id).find((i) => i.state === 'completed')!;
    await downloads.open(done.id, false);
    expect(downloads.shownPath).toBe(join(folder, done.name));
    expect(downloads.error).toBeNull();

    // The next page (a reload) sees the batch as history.
    const later = new DownloadsState(core.api);
    await waitFor(() => later.loaded, { what: 'the second state to load' });
    expect(later.history.map((b) => b.id)).toEqual([batch.id]);
    expect(later.active).toEqual([]);

    await downloads.clear(batch.id);
    await waitFor(() => !downloads.batches.some((b) => b.id === batch.id), {
      what: 'the cleared batch to leave the list',
    });
    expect(downloads.itemsOf(batch.id)).toEqual([]);
  });

  test('a retried item goes back to work; an action the main process refuses is shown in words', async ({
    core,
  }) => {
    const downloads = new DownloadsState(core.api);
    await waitFor(() => downloads.loaded, { what: 'the downloads to load' });
    const batch = await core.api.invoke('downloads.add', {
      recordingIds: ['rec_doesnotexist'],
      formats: ['jpg'],
      folder: join(core.dataDir, 'retry'),
    });
    downloads.added(batch);
    const failed = await waitFor(
      () => downloads.itemsOf(batch.id).find((i) => i.state === 'failed'),
      { what: 'the item to fail' },
    );
    await downloads.act('downloads.retry', { itemId: failed.id });
    expect(downloads.error).toBeNull();
    // It fails again (no such recording), but as a new attempt: the state saw it change.
    await waitFor(() => downloads.items.get(failed.id) !== failed, {
      what: 'the retried item to change',
    });

    await downloads.open(987654, false);
    expect(downloads.error).toBe('There is no download 987654.');
  });
});
