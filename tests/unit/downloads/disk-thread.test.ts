/**
 * The thread that writes the downloads' files (disk-thread.ts, disk-worker.ts) dying in the
 * middle of a file: the file's waits are told in words, its `.part` keeps what reached it and
 * is never renamed into place, and the next file starts a new thread. Through the engine: the
 * item is retried in words and the batch ends with every file whole.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
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
import { DiskThread } from '../../../src/engine/downloads/disk-thread.ts';
import { diskOn, type DiskOps } from '../../../src/engine/downloads/disk.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';

const threads: DiskThread[] = [];
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.terminate();
  for (const d of dirs.splice(0)) d.remove();
});
function newThread(): DiskThread {
  const thread = new DiskThread();
  threads.push(thread);
  return thread;
}

describe('the writer thread', () => {
  it('dying mid-file fails the file in words, renames nothing, and the next file gets a new thread', async () => {
    const dir = tempDir('roadcam-writer-');
    dirs.push(dir);
    const thread = newThread();
    const part = join(dir.path, 'a.bin.part');
    const file = thread.open(part, null);
    await file.write(Buffer.alloc(100_000, 7));
    await file.sync(); // what was written reached the file
    void file.write(Buffer.alloc(50_000, 8));
    await thread.terminate();
    await expect(file.sync()).rejects.toThrow(/the thread writing the files stopped/);
    await expect(file.finish(join(dir.path, 'a.bin'))).rejects.toThrow(/thread .* stopped/);
    await file.close(); // answers though the thread is gone
    expect(readdirSync(dir.path)).toEqual(['a.bin.part']);
    expect(
      readFileSync(part)
        .subarray(0, 100_000)
        .every((b) => b === 7),
    ).toBe(true);

    const again = thread.open(join(dir.path, 'b.bin.part'), null);
    await again.write(Buffer.from('whole'));
    await again.sync();
    await again.finish(join(dir.path, 'b.bin'));
    expect(readFileSync(join(dir.path, 'b.bin'), 'utf8')).toBe('whole');
  });
});

let t: TestManager | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

test.override({ world: { cameras: 300, hours: 2 } });
test('a writer thread that dies mid-file: the item is retried in words, and every file ends whole', async ({
  service,
}) => {
  const client = demoClient(service.url);
  const ids = await makeRecordings(service, client, 2, 40);
  const expected = await expectedHashes(client, ids, ['zip', 'mp4']);
  const thread = newThread();
  const real = diskOn(thread);
  let killed = false;
  // The first file's second chunk ends the thread: in the middle of a file, whatever the timing.
  const disk: DiskOps = {
    space: (d) => real.space(d),
    async openPart(path, offset) {
      const file = await real.openPart(path, offset);
      let chunks = 0;
      const write = file.write.bind(file);
      return Object.assign(file, {
        write(chunk: Uint8Array) {
          if (++chunks < 2 || killed) return write(chunk);
          killed = true;
          // The body waits for the thread's end, then its bytes meet the dead thread.
          return thread.terminate().then(() => write(chunk));
        },
      });
    },
  };
  const log: string[] = [];
  t = startManager(client, { disk, log: (line) => log.push(line) });
  const batch = t.manager.createBatch({
    label: 'test',
    folder: t.folder,
    template: DEFAULT_TEMPLATE,
    existing: 'rename',
    formats: ['zip', 'mp4'],
    chosen: await chooseByIds(client, ids),
  });
  expect((await t.whenFinished(batch.id)).state).toBe('completed');
  expect(killed).toBe(true);
  expect(log.join('\n')).toMatch(
    /transient: The download of .* was interrupted \(the thread writing the files stopped/,
  );
  const files = filesUnder(t.folder);
  expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
  expect(files).toHaveLength(4);
  for (const f of files) {
    const [, id, format] = /_(rec_\w+)\.(\w+)$/.exec(f)!;
    expect(sha256File(join(t.folder, f))).toBe(expected.get(`${id}.${format}`)!.sha256);
  }
});
