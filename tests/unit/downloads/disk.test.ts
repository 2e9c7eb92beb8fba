/**
 * The part file's write queue (copies into reused slabs, in order, whatever the reader does
 * with its buffer afterwards) and the free-space bookkeeping, on the real file system.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  linkSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realDisk, type DiskOps } from '../../../src/engine/downloads/disk.ts';
import { classify } from '../../../src/engine/downloads/failures.ts';
import {
  FreeSpace,
  isShortfall,
  reserveFor,
  type Claim,
  type Shortfall,
} from '../../../src/engine/downloads/free-space.ts';

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

  it("writes a chunk it may keep from its caller's memory, in order with copied ones, and lets it go once on the disk", async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const path = join(tempDir(), 'x.part');
    const file = await realDisk.openPart(path, true);
    const chunk = 100_000;
    let kept = 0;
    let letGo = 0;
    for (let at = 0, i = 0; at < data.length; at += chunk, i++) {
      const bytes = Buffer.from(data.subarray(at, at + chunk));
      // Every other chunk lent for keeping, the others copied: the file keeps their order.
      const keep =
        i % 2 === 0
          ? () => {
              kept++;
              return () => {
                letGo++;
                bytes.fill(0xee); // the memory goes back to the network once let go
              };
            }
          : undefined;
      const wait = file.write(bytes, keep);
      if (!keep) bytes.fill(0xee);
      if (wait) await wait;
    }
    await file.sync();
    expect(letGo).toBe(kept);
    await file.close();
    expect(kept).toBeGreaterThan(10);
    expect(sha(readFileSync(path))).toBe(sha(data));
  });

  it('is never written through a link planted at its name: a fresh one is made anew, a resumed one refused in words', async () => {
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'mine');
    const linked = join(dir, 'linked.part');
    symlinkSync(victim, linked);
    await expect(realDisk.openPart(linked, false)).rejects.toThrow(
      /linked\.part is a symbolic link, and Roadcam does not write through links\. Remove it, then retry/,
    );
    const refusal = await realDisk.openPart(linked, false).catch((error: unknown) => error);
    expect(classify(refusal, 'rec_1.mp4', dir).kind).toBe('permanent');
    const fresh = await realDisk.openPart(linked, true);
    await fresh.write(Buffer.from('download'));
    await fresh.close();
    expect(lstatSync(linked).isSymbolicLink()).toBe(false);
    // A hard link to another file at the name: the fresh part is a new file, not that one.
    const hard = join(dir, 'hard.part');
    linkSync(victim, hard);
    const again = await realDisk.openPart(hard, true);
    await again.write(Buffer.from('download'));
    await again.close();
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    expect(readFileSync(hard, 'utf8')).toBe('download');
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

const MB = 1024 * 1024;

describe('the reserve', () => {
  it('is 5% of the disk, at most 1 GB, unless the setting says', () => {
    expect(reserveFor(48 * MB, null)).toBe(Math.floor(48 * MB * 0.05));
    expect(reserveFor(10_000 * MB, null)).toBe(500 * MB);
    expect(reserveFor(4_000_000 * MB, null)).toBe(1024 * MB);
    expect(reserveFor(4_000_000 * MB, 0)).toBe(0);
    expect(reserveFor(10 * MB, 200)).toBe(200 * MB);
  });
});

describe('FreeSpace', () => {
  /** A disk whose free bytes the test sets; counts the questions. */
  function counting(free: number, size = 10_000): DiskOps & { asked: number; free: number } {
    const disk = {
      asked: 0,
      free,
      space: () => {
        disk.asked++;
        return Promise.resolve({ free: disk.free, size });
      },
      openPart: () => Promise.reject(new Error('not used')),
    };
    return disk;
  }
  const claimed = (x: Claim | Shortfall): Claim => {
    if (isShortfall(x)) throw new Error(`refused: ${JSON.stringify(x)}`);
    return x;
  };

  it('asks the file system once a second; files being written hold back what they still need', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const disk = counting(1_000);
    const space = new FreeSpace(disk);
    const a = claimed(await space.claim('/d', 300, 0));
    claimed(await space.claim('/d', 300, 0));
    expect(disk.asked).toBe(1);
    // 400 left: a file of 450 does not fit, so the disk is asked again (same answer).
    expect(await space.claim('/d', 450, 0)).toEqual({ free: 400, needed: 450, reserve: 0 });
    expect(disk.asked).toBe(2);
    // What a file wrote since the last answer is taken off it; what it still needs is held.
    a.wrote(100);
    expect((await space.room('/d', 0, 1_000)).free).toBe(400);
    // The disk now shows the 100 bytes written: nothing counted twice.
    disk.free = 900;
    expect((await space.room('/d', 0, 0)).free).toBe(400);
    // A file that ends (done or not) holds nothing back any more.
    a.release();
    expect((await space.room('/d', 0, 0)).free).toBe(600);
    // Another folder has its own answer.
    expect(disk.asked).toBe(4);
    await space.claim('/e', 1, 0);
    expect(disk.asked).toBe(5);
  });

  it('keeps the reserve free besides the files, and says what is needed', async () => {
    const space = new FreeSpace(counting(1_000, 10_000));
    // 5% of 10,000 bytes is 500: a file of 600 would pass it.
    expect(await space.claim('/d', 600, null)).toEqual({
      free: 1_000,
      needed: 1_100,
      reserve: 500,
    });
    claimed(await space.claim('/d', 500, null));
    expect(await space.claim('/d', 1, null)).toEqual({ free: 500, needed: 501, reserve: 500 });
  });
});
