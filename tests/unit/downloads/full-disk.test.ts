/**
 * A batch larger than its disk, on a real small file system (a tmpfs with a size limit): the
 * batch pauses in figures, every finished file is whole, and once the disk grows the batch goes
 * on by itself (the app) or when run again (the CLI) and completes byte-identical, fetching only
 * what was missing. The bytes are counted by a proxy between the client and the service.
 */
import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import type { RecordingFormat } from '../../../src/shared/api/index.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import {
  demoClient,
  expectedHashes,
  filesUnder,
  makeRecordings,
  sha256File,
  startManager,
  tempDir,
  type TestManager,
} from '../../helpers/downloads.ts';
import { mountSmallDisk, smallDiskMissing, type SmallDisk } from '../../helpers/small-disk.ts';
import { waitFor } from '../../helpers/wait.ts';

const FORMATS: RecordingFormat[] = ['zip', 'mp4'];
const missing = smallDiskMissing();
let proxy: FaultProxy;
let client: ApiClient;
let ids: string[];
let expected: Map<string, { sha256: string; size: number }>;
let total = 0;
let disk: SmallDisk | undefined;
let t: TestManager | undefined;

test.override({ world: { cameras: 300, hours: 2 } });
afterEach(async () => {
  await t?.stop();
  t = undefined;
  proxy.rate = 0;
  disk?.remove();
  disk = undefined;
});
afterAll(async () => {
  await proxy?.close();
});

/** The files in the folder: finished ones, and the bytes the `.part` files hold. */
function onDisk(folder: string): { finished: string[]; partBytes: number } {
  const names = filesUnder(folder).filter((n) => n !== 'filler.bin');
  return {
    finished: names.filter((n) => !n.endsWith('.part')),
    partBytes: names
      .filter((n) => n.endsWith('.part'))
      .reduce((sum, n) => sum + statSync(join(folder, n)).size, 0),
  };
}

/** Every finished file in the folder is byte-identical to the service's. */
function expectWhole(folder: string): number {
  let bytes = 0;
  for (const name of onDisk(folder).finished) {
    const [, id, format] = /_(rec_\w+)\.(\w+)$/.exec(name)!;
    const want = expected.get(`${id}.${format}`)!;
    expect(sha256File(join(folder, name)), name).toBe(want.sha256);
    bytes += want.size;
  }
  return bytes;
}

/** Writes `path` until the disk refuses (ENOSPC). */
function fillDisk(path: string): void {
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(64 * 1024, 7);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

/** A disk with room for about half the batch. */
const halfDisk = () => mountSmallDisk(Math.floor(total / 2));

describe.skipIf(missing !== null)(
  `a batch larger than its disk${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    test.beforeAll(async ({ service }) => {
      const straight = demoClient(service.url);
      ids = await makeRecordings(service, straight, 8, 40);
      expected = await expectedHashes(straight, ids, FORMATS);
      total = [...expected.values()].reduce((sum, f) => sum + f.size, 0);
      proxy = await startFaultProxy(service.url);
      client = demoClient(proxy.url);
    });

    test('pauses in figures, keeps every byte, and goes on by itself once there is room', async () => {
      disk = halfDisk();
      const folder = disk.path;
      t = startManager(
        client,
        { spaceCheckMs: 200 },
        // The default reserve: 5% of the disk.
        { downloadConcurrency: 3, speedLimitKBps: 0, downloadReserveMB: null },
      );
      const batch = t.manager.createBatch({
        label: 'bigger than the disk',
        folder,
        template: DEFAULT_TEMPLATE,
        existing: 'rename',
        formats: FORMATS,
        chosen: await chooseByIds(client, ids),
      });
      await waitFor(() => t!.manager.batchView(batch.id)?.state === 'paused', {
        what: 'the batch to pause on the full disk',
        timeoutMs: 60_000,
      });
      const paused = t.manager.batchView(batch.id)!;
      expect(paused.message).toMatch(
        new RegExp(`^Paused: [\\d.]+ (B|KB|MB) free in ${folder}, [\\d.]+ (KB|MB) needed`),
      );
      expect(paused.spaceNeeded).toBeGreaterThan(disk.free());
      expect(paused.counts.completed).toBeGreaterThan(0);
      const done = expectWhole(folder);
      const missingBytes = total - done - onDisk(folder).partBytes;
      const before = proxy.bytes;

      disk.resize(total * 2);
      const grownAt = Date.now();
      const finished = await t.whenFinished(batch.id, 60_000);
      expect(finished.state).toBe('completed');
      expect(onDisk(folder).partBytes).toBe(0);
      expect(onDisk(folder).finished).toHaveLength(ids.length * FORMATS.length);
      expect(expectWhole(folder)).toBe(total);
      const fetched = proxy.bytes - before;
      console.log(
        `full disk, app: paused with ${paused.counts.completed} of ${paused.items} files; ` +
          `resumed by itself and finished ${Date.now() - grownAt} ms after the disk grew; ` +
          `fetched ${fetched} bytes on resume for ${missingBytes} missing`,
      );
      expect(fetched).toBe(missingBytes);
    });

    test('a disk filled by another program while files are written: paused, partial files kept and resumed', async () => {
      disk = mountSmallDisk(total * 2);
      const folder = disk.path;
      // Slow files, so that they are half-written when the disk fills.
      proxy.rate = 256 * 1024;
      t = startManager(
        client,
        { spaceCheckMs: 200 },
        { downloadConcurrency: 3, speedLimitKBps: 0, downloadReserveMB: 0 },
      );
      const batch = t.manager.createBatch({
        label: 'filled from outside',
        folder,
        template: DEFAULT_TEMPLATE,
        existing: 'rename',
        formats: FORMATS,
        chosen: await chooseByIds(client, ids),
      });
      await waitFor(() => onDisk(folder).partBytes > 0, {
        what: 'a part file with bytes',
        timeoutMs: 30_000,
      });
      // Another program takes every byte left.
      const filler = join(folder, 'filler.bin');
      fillDisk(filler);
      await waitFor(() => t!.manager.batchView(batch.id)?.state === 'paused', {
        what: 'the batch to pause on the full disk',
        timeoutMs: 60_000,
      });
      const paused = t.manager.batchView(batch.id)!;
      expect(paused.message).toMatch(/^Paused: .* free in .*, .* needed/);
      expect(paused.spaceNeeded).toBeGreaterThan(0);
      const parts = onDisk(folder).partBytes;
      expect(parts).toBeGreaterThan(0);
      const done = expectWhole(folder);
      const missingBytes = total - done - parts;
      const before = proxy.bytes;
      proxy.rate = 0;

      rmSync(filler);
      const finished = await t.whenFinished(batch.id, 60_000);
      expect(finished.state).toBe('completed');
      expect(expectWhole(folder)).toBe(total);
      const fetched = proxy.bytes - before;
      console.log(
        `full disk, filled from outside: paused with ${parts} bytes in .part files; ` +
          `fetched ${fetched} bytes on resume for ${missingBytes} missing`,
      );
      expect(fetched).toBe(missingBytes);
    });

    test('the CLI ends in figures with code 4, and run again fetches only what was missing', async () => {
      disk = halfDisk();
      const out = disk.path;
      const data = tempDir('roadcam-full-disk-cli-');
      try {
        const args = [...direct(proxy.url), 'download', '--out', out, ...ids];
        const startedAt = Date.now();
        const first = await runRoadcam(data.path, args, { env: secretEnv });
        expect(first.stderr).toMatch(new RegExp(`Paused: [\\d.]+ (B|KB|MB) free in ${out}`));
        expect(first.stderr).toMatch(/Run the same command again once there is room/);
        expect(first.code).toBe(4);
        const tookMs = Date.now() - startedAt;
        const done = expectWhole(out);
        const missingBytes = total - done - onDisk(out).partBytes;
        const before = proxy.bytes;

        disk.resize(total * 2);
        const again = await runRoadcam(data.path, args, { env: secretEnv });
        expect(again.code, again.stderr).toBe(0);
        expect(expectWhole(out)).toBe(total);
        expect(onDisk(out).partBytes).toBe(0);
        const fetched = proxy.bytes - before;
        console.log(
          `full disk, CLI: first run ended in ${tookMs} ms with code 4; ` +
            `run again fetched ${fetched} bytes for ${missingBytes} missing`,
        );
        expect(fetched).toBe(missingBytes);
      } finally {
        data.remove();
      }
    });
  },
);
