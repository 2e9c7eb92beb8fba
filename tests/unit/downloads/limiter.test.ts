/**
 * The speed limit's waits follow the limit in force: a limit lifted or raised while transfers
 * wait applies to them at once, not after a wait worked out at the old limit.
 */
import { describe, expect, it } from 'vitest';
import { SpeedLimiter } from '../../../src/engine/downloads/limiter.ts';

const KB = 1024;

/** How long `take` took, in ms, with `change` applied `afterMs` after it started. */
async function timedTake(
  limiter: SpeedLimiter,
  bytes: number,
  change: () => void,
  afterMs: number,
) {
  const started = performance.now();
  const timer = setTimeout(change, afterMs);
  await limiter.take(bytes);
  clearTimeout(timer);
  return performance.now() - started;
}

describe('the speed limiter', () => {
  it('lets a waiting chunk through once the limit is lifted', async () => {
    let rate = 1 * KB;
    const limiter = new SpeedLimiter(() => rate);
    // 64 KB at 1 KB/s owes about 48 s past the burst; the limit goes 200 ms in.
    const ms = await timedTake(limiter, 64 * KB, () => (rate = 0), 200);
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(5_000);
    expect(limiter.limited).toBe(false);
  });

  it('follows a limit raised while a chunk waits', async () => {
    let rate = 1 * KB;
    const limiter = new SpeedLimiter(() => rate);
    const ms = await timedTake(limiter, 64 * KB, () => (rate = 100 * 1024 * KB), 200);
    expect(ms).toBeLessThan(5_000);
  });

  it('a limit set again after it was lifted starts without the old debt', async () => {
    let rate = 1 * KB;
    const limiter = new SpeedLimiter(() => rate);
    await timedTake(limiter, 64 * KB, () => (rate = 0), 100);
    rate = 64 * KB;
    const started = performance.now();
    await limiter.take(8 * KB); // within the burst of a fresh bucket at 64 KB/s
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('still makes a chunk wait at the limit while it holds', async () => {
    const limiter = new SpeedLimiter(() => 64 * KB);
    const started = performance.now();
    await limiter.take(16 * KB); // the burst
    await limiter.take(32 * KB); // half a second at 64 KB/s
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });
});
