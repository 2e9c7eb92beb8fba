import { describe, expect, it } from 'vitest';
import { Backoff, sameState, StallWatchdog } from '../../../../src/renderer/wall/watchdog.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';

// The watchdog is fed when the picture last changed (picture.ts), not the playback position.
describe('stall watchdog', () => {
  it('is ok while new pictures keep coming', () => {
    const dog = new StallWatchdog({ stallMs: 6000, reloadGraceMs: 6000 });
    dog.reset(0);
    expect(dog.sample(1000, null)).toBe('waiting');
    for (let t = 2; t < 60; t++) expect(dog.sample(t * 1000, t * 1000 - 300)).toBe('ok');
  });

  it('reloads after the stall time without a new picture, then recreates after the grace', () => {
    const dog = new StallWatchdog({ stallMs: 6000, reloadGraceMs: 5000 });
    dog.reset(0);
    expect(dog.sample(2000, 1900)).toBe('ok');
    expect(dog.sample(7000, 1900)).toBe('ok');
    expect(dog.sample(8000, 1900)).toBe('reload');
    expect(dog.sample(12_000, 1900)).toBe('waiting');
    expect(dog.sample(13_000, 1900)).toBe('recreate');
    expect(dog.idleMs(13_000)).toBe(11_100);
  });

  it('a new picture after a reload starts the count again', () => {
    const dog = new StallWatchdog({ stallMs: 3000, reloadGraceMs: 3000 });
    dog.reset(0);
    expect(dog.sample(3000, null)).toBe('reload');
    expect(dog.sample(4000, 3900)).toBe('ok');
    expect(dog.sample(7000, 3900)).toBe('reload');
  });

  it('a player that never shows a picture is recreated', () => {
    const dog = new StallWatchdog({ stallMs: 2000, reloadGraceMs: 2000 });
    dog.reset(0);
    expect(dog.sample(1000, null)).toBe('waiting');
    expect(dog.sample(2000, null)).toBe('reload');
    expect(dog.sample(4000, null)).toBe('recreate');
  });

  it("a picture from before the reset (the last player's) is no progress of the new player", () => {
    const dog = new StallWatchdog({ stallMs: 2000, reloadGraceMs: 2000 });
    dog.reset(10_000);
    expect(dog.sample(11_000, 9000)).toBe('waiting');
    expect(dog.sample(12_000, 9000)).toBe('reload');
    expect(dog.sample(12_500, 12_400)).toBe('ok');
  });
});

describe('same state', () => {
  it('a frozen picture is the same state while its second does not change', () => {
    const a = { kind: 'buffering' as const, pictureAt: 1_000_200 };
    expect(sameState(a, { ...a, pictureAt: 1_000_300 })).toBe(true);
    expect(sameState(a, { ...a, pictureAt: 1_002_000 })).toBe(false);
    expect(sameState(a, { ...a, reason: { verbatim: 'why' } })).toBe(false);
  });

  it('a reason made again at each check is the same while it says the same', () => {
    const stalled = (seconds: number) => ({
      kind: 'reconnecting' as const,
      reason: said('wall.reason.idle', { seconds }),
    });
    expect(sameState(stalled(12), stalled(12))).toBe(true);
    expect(sameState(stalled(12), stalled(13))).toBe(false);
    expect(sameState(stalled(12), { ...stalled(12), reason: { verbatim: 'x' } })).toBe(false);
  });

  it('Live is Live whatever the frame, but a new delay is news', () => {
    const live = { kind: 'live' as const, pictureAt: 1 };
    expect(sameState(live, { kind: 'live', pictureAt: 99_999 })).toBe(true);
    expect(sameState(live, { kind: 'live', pictureAt: 1, behindS: 14 })).toBe(false);
  });
});

describe('backoff', () => {
  it('doubles up to the maximum and starts again after a reset', () => {
    const backoff = new Backoff(1000, 8000, () => 0.5);
    expect([1, 2, 3, 4, 5].map(() => backoff.next())).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(backoff.attempts).toBe(5);
    backoff.reset();
    expect(backoff.next()).toBe(1000);
  });

  it('jitters by at most a fifth either way', () => {
    expect(new Backoff(1000, 30_000, () => 0).next()).toBe(800);
    expect(new Backoff(1000, 30_000, () => 1).next()).toBe(1200);
  });
});
