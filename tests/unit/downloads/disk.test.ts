/**
 * The part file's write queue (copies into reused slabs, in order, whatever the reader does
 * with its buffer afterwards) and the free-space bookkeeping, on the real file system.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FreeSpace, realDisk, type DiskOps } from '../../../src/main/downloads/disk.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.useRealTimers();
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'roadcam-disk-'));
  dirs.push(d);
  return d;
}
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('a part file', () => {
  it('keeps every byte in order though the caller reuses one buffer for every chunk', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 123);
    const path = join(tempDir(), 'x.part');
    const file = await realDisk.openPart(path, true);
    const lent = Buffer.alloc(70_000);
    let waits = 0;
    for (let at = 0; at < data.length; at += lent.length) {
      const n = data.copy(lent, 0, at, at + lent.length);
      const wait = file.write(lent.subarray(0, n));
      lent.fill(0xee); // what a reused read buffer looks like once the next read lands
      if (wait) {
        waits++;
        await wait;
      }
    }
    await file.sync();
    await file.close();
    expect(sha(readFileSync(path))).toBe(sha(data));
    // 5 MB written without waiting once would mean nothing holds the network back.
    expect(waits).toBeGreaterThan(0);
  });

  it('appends to what a resumed part holds', async () => {
    const path = join(tempDir(), 'y.part');
    const first = await realDisk.openPart(path, true);
    await first.write(Buffer.from('hello '));
    await first.close();
    const again = await realDisk.openPart(path, false);
    await again.write(Buffer.from('world'));
    await again.sync();
    await again.close();
    expect(readFileSync(path, 'utf8')).toBe('hello world');
  });
});

describe('FreeSpace', () => {
  function counting(free: number): DiskOps & { asked: number } {
    const disk = {
      asked: 0,
      freeBytes: () => {
        disk.asked++;
        return Promise.resolve(free);
      },
      openPart: () => Promise.reject(new Error('not used')),
    };
    return disk;
  }

  it('asks the file system once a second, taking the files started off its answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const disk = counting(1_000);
    const space = new FreeSpace(disk);
    expect(await space.before('/d', 300, 100)).toBe(1_000);
    expect(await space.before('/d', 300, 100)).toBe(700);
    expect(disk.asked).toBe(1);
    // 400 left: a file of 350 and the reserve of 100 do not fit, so the disk is asked again.
    expect(await space.before('/d', 350, 100)).toBe(1_000);
    expect(disk.asked).toBe(2);
    // Another folder has its own answer.
    await space.before('/e', 1, 0);
    expect(disk.asked).toBe(3);
    vi.setSystemTime(Date.now() + 1_500);
    await space.before('/d', 1, 0);
    expect(disk.asked).toBe(4);
  });
});
