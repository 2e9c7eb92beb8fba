/**
 * The loops on disk are capped: past the cap the least recently used loop that no stream
 * holds is deleted, loops of an earlier run before any of this run, and a held loop never.
 */
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegDone, spawnFfmpeg } from '../../../src/service/media/ffmpeg.ts';
import type { LoopLook } from '../../../src/service/media/live-loop.ts';
import { LoopCache } from '../../../src/service/media/loop-cache.ts';
import { tempDir } from '../../helpers/core.ts';

const dir = tempDir('roadcam-loop-cache-');
let jpeg: Buffer;

beforeAll(async () => {
  // One small grey frame: the loops' content does not matter here, their files do.
  const child = spawnFfmpeg(
    '-f lavfi -i color=c=gray:s=64x36 -frames:v 1 -c:v mjpeg -f image2pipe pipe:1'.split(' '),
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stdin.end();
  await ffmpegDone(child);
  jpeg = Buffer.concat(chunks);
});
afterAll(() => dir.remove());

const look = (key: string): LoopLook => ({ key, frame: () => Promise.resolve(jpeg), scale: '' });
const onDisk = (cacheDir: string) => readdirSync(cacheDir).sort();

describe('the loops kept on disk', () => {
  it('evicts the least recently used loop past the cap, never one a stream holds', async () => {
    const cacheDir = join(dir.path, 'lru');
    const cache = new LoopCache(cacheDir, 2);
    const a = await cache.hold(look('a'));
    (await cache.hold(look('b'))).release();
    (await cache.hold(look('c'))).release();
    // 'a' is the oldest but held: 'b' goes.
    expect(onDisk(cacheDir)).toEqual(['a', 'c']);
    expect(cache.evicted).toBe(1);
    a.release();
    (await cache.hold(look('c'))).release(); // 'c' used again: 'a' is now the least recent
    (await cache.hold(look('d'))).release();
    expect(onDisk(cacheDir)).toEqual(['c', 'd']);
    // An evicted loop held again is encoded again.
    const encoded = cache.encoded;
    (await cache.hold(look('a'))).release();
    expect(cache.encoded).toBe(encoded + 1);
    expect(onDisk(cacheDir)).toEqual(['a', 'd']);
  }, 60_000);

  it('goes over the cap rather than delete a loop being served, and back once released', async () => {
    const cacheDir = join(dir.path, 'held');
    const cache = new LoopCache(cacheDir, 1);
    const held = [await cache.hold(look('x')), await cache.hold(look('y'))];
    expect(onDisk(cacheDir)).toEqual(['x', 'y']);
    expect(held.every((h) => existsSync(join(h.dir, 'loop_09.ts')))).toBe(true);
    held[1]!.release();
    held[0]!.release();
    (await cache.hold(look('y'))).release();
    expect(onDisk(cacheDir)).toEqual(['y']);
  }, 60_000);

  it('evicts the loops of an earlier run first, oldest first', async () => {
    const cacheDir = join(dir.path, 'restart');
    // Two loops left by an earlier run, 'older' used longest ago.
    for (const [name, ageS] of [
      ['older', 200],
      ['old', 100],
    ] as const) {
      mkdirSync(join(cacheDir, name), { recursive: true });
      writeFileSync(join(cacheDir, name, 'loop_09.ts'), '');
      const t = new Date(Date.now() - ageS * 1000);
      utimesSync(join(cacheDir, name), t, t);
    }
    const cache = new LoopCache(cacheDir, 2);
    (await cache.hold(look('new'))).release();
    expect(onDisk(cacheDir)).toEqual(['new', 'old']);
  }, 60_000);
});
