import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerBudget, ROOMY_PLAYERS } from '../../../../src/renderer/wall/player-budget.ts';
import {
  CHECK_EVERY_MS,
  checkedPlayers,
  everyCheck,
} from '../../../../src/renderer/wall/player-clock.ts';

describe('what each player may buffer', () => {
  it('a 4 × 4 wall keeps a few seconds played; larger walls keep only the minimum', () => {
    expect(playerBudget(ROOMY_PLAYERS, true)).toEqual({
      enableWorker: true,
      maxBufferLength: 8,
      maxMaxBufferLength: 12,
      backBufferLength: 4,
    });
    for (const players of [25, 36]) {
      expect(playerBudget(players, false)).toEqual({
        enableWorker: false,
        maxBufferLength: 6,
        maxMaxBufferLength: 8,
        backBufferLength: 0,
      });
    }
  });

  it('never limits what is ahead below the live target (3 segments of 2 s)', () => {
    for (const players of [1, 16, 17, 36]) {
      expect(playerBudget(players, true).maxBufferLength).toBeGreaterThanOrEqual(6);
    }
  });
});

describe('one clock for every player', () => {
  afterEach(() => vi.useRealTimers());

  it('36 players share one timer, which stops with the last of them', () => {
    vi.useFakeTimers();
    const counts = Array.from({ length: 36 }, () => 0);
    const stops = counts.map((_, i) => everyCheck(() => (counts[i] = (counts[i] ?? 0) + 1)));
    expect(vi.getTimerCount()).toBe(1);
    expect(checkedPlayers()).toBe(36);
    vi.advanceTimersByTime(CHECK_EVERY_MS * 3);
    expect(new Set(counts)).toEqual(new Set([3]));
    stops.slice(1).forEach((stop) => stop());
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(counts.slice(0, 2)).toEqual([4, 3]);
    stops[0]!();
    expect(vi.getTimerCount()).toBe(0);
    expect(checkedPlayers()).toBe(0);
  });
});
