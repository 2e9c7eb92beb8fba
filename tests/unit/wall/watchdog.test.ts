import { describe, expect, it } from 'vitest';
import { Backoff, StallWatchdog } from '../../../src/renderer/wall/watchdog.ts';

describe('stall watchdog', () => {
  it('stays quiet while the position advances', () => {
    const dog = new StallWatchdog({ stallMs: 6000, reloadGraceMs: 6000 });
    dog.reset(0);
    expect(dog.sample(1000, 0)).toBe('waiting');
    for (let t = 2; t < 60; t++) expect(dog.sample(t * 1000, t - 1)).toBe('ok');
  });

  it('reloads the playlist after a stall, then recreates the player', () => {
    const dog = new StallWatchdog({ stallMs: 6000, reloadGraceMs: 5000 });
    dog.reset(0);
    dog.sample(1000, 10);
    expect(dog.sample(2000, 11)).toBe('ok');
    expect(dog.sample(7000, 11)).toBe('waiting');
    expect(dog.sample(8000, 11)).toBe('reload');
    expect(dog.sample(12_000, 11)).toBe('waiting');
    expect(dog.sample(13_000, 11)).toBe('recreate');
    expect(dog.idleMs(13_000)).toBe(11_000);
  });

  it('a reload that brings the video back clears the stall', () => {
    const dog = new StallWatchdog({ stallMs: 3000, reloadGraceMs: 3000 });
    dog.reset(0);
    dog.sample(0, 5);
    expect(dog.sample(3000, 5)).toBe('reload');
    expect(dog.sample(4000, 6)).toBe('ok');
    expect(dog.sample(7000, 6)).toBe('reload');
  });

  it('a player that never starts counts as stalled too', () => {
    const dog = new StallWatchdog({ stallMs: 2000, reloadGraceMs: 2000 });
    dog.reset(0);
    expect(dog.sample(1000, 0)).toBe('waiting');
    expect(dog.sample(2000, 0)).toBe('reload');
    expect(dog.sample(4000, 0)).toBe('recreate');
  });

  it('a jump back to the live edge is a new start, not progress', () => {
    const dog = new StallWatchdog({ stallMs: 2000, reloadGraceMs: 2000 });
    dog.reset(0);
    dog.sample(0, 50);
    expect(dog.sample(1000, 51)).toBe('ok');
    expect(dog.sample(2000, 20)).toBe('waiting');
    expect(dog.sample(2500, 20.5)).toBe('ok');
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
