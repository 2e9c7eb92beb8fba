/**
 * The download engine over real HTTP against the embedded service, with a fault-injecting
 * proxy in between: every file must arrive byte-identical (sha256) to the service's.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import type { RecordingFormat } from '../../../src/shared/api/index.ts';
import { DEFAULT_TEMPLATE, type DownloadBatchView } from '../../../src/shared/ipc/downloads.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import {
  demoClient,
  expectedHashes,
  filesUnder,
  makeRecordings,
  sha256File,
  sizeOf,
  startManager,
  type TestManager,
} from '../../helpers/downloads.ts';
import { heldFlushes } from '../../helpers/held-flushes.ts';
import { sleep, waitFor } from '../../helpers/wait.ts';

const FORMATS: RecordingFormat[] = ['zip', 'mp4', 'jpg'];
let proxy: FaultProxy;
let client: ApiClient;
let ids: string[];
let expected: Map<string, { sha256: string; size: number }>;
let t: TestManager | undefined;

test.override({ world: { cameras: 300, hours: 2 } });
test.beforeAll(async ({ service }) => {
  const direct = demoClient(service.url);
  ids = await makeRecordings(service, direct, 4, 40);
  expected = await expectedHashes(direct, ids, FORMATS);
  proxy = await startFaultProxy(service.url);
  client = demoClient(proxy.url);
});
afterAll(async () => {
  await proxy.close();
});
afterEach(async () => {
  await t?.stop();
  t = undefined;
  proxy.rate = 0;
  proxy.signed.length = 0;
});

/** Waits until the running manager's view of batch `id` is as `is` says (`what`, in words). */
const batchIs = (id: number, what: string, is: (v?: DownloadBatchView) => boolean, ms?: number) =>
  waitFor(() => is(t!.manager.batchView(id)), { what, timeoutMs: ms });

async function batchOf(m: TestManager, recordingIds: string[], formats = FORMATS, extra = {}) {
  const chosen = await chooseByIds(client, recordingIds);
  return m.manager.createBatch({
    label: 'test',
    folder: m.folder,
    template: DEFAULT_TEMPLATE,
    existing: 'rename',
    formats,
    chosen,
    ...extra,
  });
}

/** Every expected file is in the folder exactly once, identical, with no `.part` left. */
function expectIdentical(m: TestManager, recordingIds: string[], formats = FORMATS) {
  const files = filesUnder(m.folder);
  expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
  expect(files).toHaveLength(recordingIds.length * formats.length);
  for (const id of recordingIds) {
    for (const format of formats) {
      const name = files.find((f) => f.endsWith(`_${id}.${format}`));
      expect(name, `${id}.${format}`).toBeDefined();
      expect(sha256File(join(m.folder, name!))).toBe(expected.get(`${id}.${format}`)!.sha256);
    }
  }
}

describe('the download engine', () => {
  test('downloads every file byte-identical through resets, stalls and 503 bursts', async () => {
    t = startManager(client);
    proxy.inject(
      { kind: 'reset', after: 0.3, match: '.zip' },
      { kind: 'reset', after: 0.7, match: '.zip' },
      { kind: 'stall', after: 0.5, match: '.mp4' },
      { kind: '503' },
      { kind: '503' },
      { kind: '503' },
      { kind: '503' },
      { kind: '503' },
      { kind: '503' },
      { kind: 'reset', after: 0.9 },
    );
    const batch = await batchOf(t, ids);
    const done = await t.whenFinished(batch.id);
    expect(done.state).toBe('completed');
    expect(done.completed).toBe(ids.length * FORMATS.length);
    expectIdentical(t, ids);
    expect(proxy.pending()).toBe(0);
    expect(proxy.signed.filter((r) => r.status === 503)).toHaveLength(6);
    // Resets and stalls were resumed with a Range request, not started over.
    expect(proxy.signed.some((r) => r.range !== undefined && r.status === 206)).toBe(true);
    const sum = [...expected.values()].reduce((a, e) => a + e.size, 0);
    expect(proxy.bytes).toBeLessThan(sum * 1.1 + 1);
    const view = t.manager.snapshot();
    expect(
      view.items.every((i) => i.sha256 === expected.get(`${i.recordingId}.${i.format}`)!.sha256),
    ).toBe(true);
  });

  test('takes a body that trickles a byte at a time for stalled, not alive, and resumes it', async () => {
    t = startManager(client);
    const id = ids[2]!;
    // After a third of the file, one byte every 300 ms: 3 bytes a second, far below the least
    // rate a body must keep (32 bytes a second over the stall time, 1 s here).
    proxy.inject({ kind: 'trickle', after: 0.3, everyMs: 300, match: `${id}.zip` });
    const batch = await batchOf(t, [id], ['zip']);
    const done = await t.whenFinished(batch.id, 20_000);
    expect(done.state).toBe('completed');
    expectIdentical(t, [id], ['zip']);
    // Resumed from where the trickle left it.
    expect(proxy.signed.some((r) => r.range !== undefined && r.status === 206)).toBe(true);
  });

  test('takes the stall time from the setting', async () => {
    // No stall time of the test's own: the setting's 5 s (its least) applies.
    t = startManager(
      client,
      { stallMs: undefined },
      { downloadConcurrency: 1, speedLimitKBps: 0, downloadStallSeconds: 5 },
    );
    const id = ids[1]!;
    proxy.inject({ kind: 'trickle', after: 0.3, everyMs: 300, match: `${id}.zip` });
    const started = performance.now();
    const batch = await batchOf(t, [id], ['zip']);
    expect((await t.whenFinished(batch.id, 25_000)).state).toBe('completed');
    // Not before the setting's window (the manager's default would be 30 s, the tests' 1 s).
    expect(performance.now() - started).toBeGreaterThan(4_500);
    expectIdentical(t, [id], ['zip']);
  });

  test('cuts a body that goes past its declared length, keeps nothing of it, and fails in words', async () => {
    t = startManager(client);
    const id = ids[3]!;
    // A reset half-way, then the resume's ranged answer carries 4 KB past the declared end.
    proxy.inject(
      { kind: 'reset', after: 0.5, match: `${id}.mp4` },
      { kind: 'longer', extra: 4096, match: `${id}.mp4` },
    );
    const batch = await batchOf(t, [id], ['mp4']);
    const done = await t.whenFinished(batch.id, 20_000);
    expect(done.state).toBe('failed');
    const item = t.manager.snapshot().items.find((i) => i.batchId === batch.id)!;
    expect(item.message).toMatch(/sent more than the .* it declared for .*not kept/);
    // No final file, and nothing of the doubtful body kept for a resume.
    const files = filesUnder(t.folder);
    expect(files.filter((f) => !f.endsWith('.part'))).toEqual([]);
    for (const f of files) expect(sizeOf(join(t.folder, f))).toBe(0);
    // Tried again, the file comes whole.
    t.manager.retry({ batchId: batch.id });
    await batchIs(batch.id, 'the batch to complete', (v) => v?.state === 'completed', 20_000);
    expectIdentical(t, [id], ['mp4']);
  });

  test('replaces an expired signed URL by a fresh one and resumes', async ({ service }) => {
    t = startManager(client);
    const id = ids[0]!;
    const size = expected.get(`${id}.zip`)!.size;
    proxy.rate = Math.max(20_000, Math.floor(size / 3));
    proxy.bytes = 0;
    const batch = await batchOf(t, [id], ['zip']);
    // Pause part-way, let the service's clock run past the link's 15 minutes, resume.
    await waitFor(() => (t!.manager.snapshot().items[0]?.bytesDone ?? 0) > size / 5, {
      what: 'a fifth of the file to arrive',
    });
    t.manager.pause({ batchId: batch.id });
    const before = proxy.urlRequests;
    service.control.advanceClock(16 * 60_000);
    proxy.rate = 0;
    t.manager.resume({ batchId: batch.id });
    expect((await t.whenFinished(batch.id)).state).toBe('completed');
    expectIdentical(t, [id], ['zip']);
    expect(proxy.signed.some((r) => r.status === 403)).toBe(true);
    expect(proxy.urlRequests).toBeGreaterThan(before);
    expect(proxy.bytes).toBeLessThan(size * 1.1);
  });

  test('pauses the batch with a clear message when the disk is full, and never leaves a final file', async () => {
    let limit = 150_000;
    let written = 0;
    t = startManager(client, {
      disk: {
        space: () => Promise.resolve({ free: 10 ** 12, size: 10 ** 13 }),
        async openPart(path, fresh) {
          const real = await (
            await import('../../../src/engine/downloads/disk.ts')
          ).realDisk.openPart(path, fresh);
          return {
            async write(chunk) {
              if (written + chunk.length > limit) {
                throw Object.assign(new Error('ENOSPC: no space left on device'), {
                  code: 'ENOSPC',
                });
              }
              written += chunk.length;
              await real.write(chunk);
            },
            sync: () => real.sync(),
            close: () => real.close(),
          };
        },
      },
    });
    const batch = await batchOf(t, ids.slice(0, 2), ['zip', 'mp4']);
    await batchIs(batch.id, 'the batch to pause', (v) => v?.state === 'paused');
    const view = t.manager.batchView(batch.id)!;
    expect(view.message).toMatch(/^Paused: .* free in .*, .* needed .*Free some space there/);
    expect(view.spaceNeeded).toBeGreaterThan(0);
    for (const f of filesUnder(t.folder).filter((f) => !f.endsWith('.part'))) {
      // Whatever is final is whole.
      const [, id, format] = /_(rec_\w+)\.(\w+)$/.exec(f)!;
      expect(sha256File(join(t.folder, f))).toBe(expected.get(`${id}.${format}`)!.sha256);
    }
    limit = Infinity;
    t.manager.resume({ batchId: batch.id });
    expect((await t.whenFinished(batch.id)).state).toBe('completed');
    expect(t.manager.batchView(batch.id)!.message).toBeNull();
    expectIdentical(t, ids.slice(0, 2), ['zip', 'mp4']);
  });

  test('starts the next file while one is flushed, but never lets flushes pile up', async () => {
    const { disk, state, release } = await heldFlushes();
    t = startManager(client, { disk }, { downloadConcurrency: 2, speedLimitKBps: 0 });
    const batch = await batchOf(t, ids, ['jpg', 'zip']);
    // Two transfers, then two more while the first two wait for their flush, then no more.
    await waitFor(() => state.held.length === 4, { what: '4 held flushes' });
    await sleep(300); // time for a fifth transfer to start, were it allowed to: none may
    expect(state.held.length).toBe(4);
    expect(state.mostOpen).toBe(4);
    const stop = release();
    const released = Date.now();
    try {
      expect((await t.whenFinished(batch.id)).state).toBe('completed');
    } finally {
      stop();
    }
    // The flushes ending start the next files at once: not at the scheduler's 10 s rescan.
    expect(Date.now() - released).toBeLessThan(5_000);
    expect(state.mostOpen).toBe(4);
    expectIdentical(t, ids, ['jpg', 'zip']);
  });

  test('never starts a queued file the user paused or canceled while another one ran', async () => {
    // One transfer at a time, each held at its flush: the scheduler has read the queue ahead.
    const { disk, state, release } = await heldFlushes();
    t = startManager(client, { disk }, { downloadConcurrency: 1, speedLimitKBps: 0 });
    const batch = await batchOf(t, ids, ['jpg', 'zip']);
    // The first file waits for its flush, the second runs (a flush gives its slot up).
    await waitFor(() => state.held.length >= 1, { what: 'a held flush' });
    const items = t.manager.snapshot().items.filter((i) => i.batchId === batch.id);
    const [paused, canceled] = [items[3]!, items[5]!];
    expect([paused.state, canceled.state]).toEqual(['queued', 'queued']);
    expect(t.manager.pause({ itemId: paused.id })).toBe(1);
    expect(t.manager.cancel({ itemId: canceled.id })).toBe(1);
    const stop = release();
    try {
      await batchIs(batch.id, 'the batch to pause', (v) => v?.state === 'paused', 20_000);
      const view = t.manager.batchView(batch.id)!;
      expect([view.counts.completed, view.counts.paused, view.counts.canceled]).toEqual([6, 1, 1]);
      const names = state.opened.map((p) => p.split('/').pop());
      expect(names).toHaveLength(6);
      expect(names).not.toContain(`${paused.name.split('/').pop()}.part`);
      expect(names).not.toContain(`${canceled.name.split('/').pop()}.part`);
      t.manager.resume({ itemId: paused.id });
      await batchIs(batch.id, '7 completed files', (v) => v?.counts.completed === 7, 20_000);
    } finally {
      stop();
    }
  });

  test('checks the free space before writing', async () => {
    t = startManager(client, {
      disk: {
        space: () => Promise.resolve({ free: 1000, size: 10 ** 9 }),
        openPart: () => Promise.reject(new Error('must not be opened')),
      },
    });
    const batch = await batchOf(t, [ids[0]!], ['zip']);
    await batchIs(batch.id, 'the batch to pause', (v) => v?.state === 'paused');
    expect(t.manager.batchView(batch.id)!.message).toMatch(/^Paused: 1000 B free in .*, .* needed/);
    expect(filesUnder(t.folder)).toEqual([]);
  });

  test('applies the existing-file policy: skip identical, rename, overwrite', async () => {
    const id = ids[1]!;
    const { size } = expected.get(`${id}.mp4`)!;
    for (const existing of ['skip', 'rename', 'overwrite'] as const) {
      t = startManager(client);
      const name = (await batchOf(t, [id], ['mp4'], { existing: 'skip', label: 'probe' })).id;
      await t.whenFinished(name);
      const file = filesUnder(t.folder)[0]!;
      // Same size for "skip", different content for the others.
      writeFileSync(join(t.folder, file), existing === 'skip' ? Buffer.alloc(size) : 'old');
      const batch = await batchOf(t, [id], ['mp4'], { existing, label: existing });
      await t.whenFinished(batch.id);
      const files = filesUnder(t.folder);
      const item = t.manager.snapshot().items.find((i) => i.batchId === batch.id)!;
      if (existing === 'skip') {
        expect(item.skipped).toBe(true);
        expect(files).toEqual([file]);
      } else if (existing === 'rename') {
        expect(files).toEqual([file, file.replace('.mp4', ' (2).mp4')].sort());
        expect(sha256File(join(t.folder, item.name))).toBe(expected.get(`${id}.mp4`)!.sha256);
      } else {
        expect(files).toEqual([file]);
        expect(sha256File(join(t.folder, file))).toBe(expected.get(`${id}.mp4`)!.sha256);
      }
      await t.stop();
      t = undefined;
    }
  });

  test('keeps service data from naming a file outside the folder', async () => {
    t = startManager(client);
    mkdirSync(t.folder, { recursive: true });
    const chosen = await chooseByIds(client, [ids[2]!]);
    chosen[0]!.recording!.properties.state = '../../..';
    chosen[0]!.recording!.properties.camera_id = '..\\..\\etc';
    const batch = t.manager.createBatch({
      label: 'hostile',
      folder: t.folder,
      template: '{state}/{camera_id}/../{recording_id}.{format}',
      existing: 'rename',
      formats: ['jpg'],
      chosen,
    });
    await t.whenFinished(batch.id);
    const files = filesUnder(t.folder);
    expect(files).toHaveLength(1);
    const segments = files[0]!.split('/');
    expect(segments).toHaveLength(3);
    expect(segments.every((s) => s !== '' && !s.startsWith('.'))).toBe(true);
    expect(segments.at(-1)).toBe(`${ids[2]}.jpg`);
    expect(existsSync(join(t.dir, `${ids[2]}.jpg`))).toBe(false);
  });
});
