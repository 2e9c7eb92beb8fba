import { flushSync } from 'svelte';
import { afterEach, expect, test, vi } from 'vitest';
import { watch } from '../../../../src/renderer/testing/watch.svelte.ts';
import { page, ticker } from '../../../../src/renderer/wall/visibility.svelte.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('the clock ticks once a second while a tile shows it, and stops with the last one', async () => {
  vi.useFakeTimers({ now: Date.parse('2026-11-21T12:00:00Z') });
  // Imported, nothing runs: the tiles' clock starts with the first tile that reads it.
  expect(vi.getTimerCount()).toBe(0);
  const seen = watch(() => ticker.now);
  expect(vi.getTimerCount()).toBe(1);
  for (let second = 1; second <= 2; second++) {
    vi.advanceTimersByTime(1000);
    flushSync();
  }
  expect(seen.values.map((t) => new Date(t).toISOString())).toEqual([
    '2026-11-21T12:00:00.000Z',
    '2026-11-21T12:00:01.000Z',
    '2026-11-21T12:00:02.000Z',
  ]);
  seen.stop();
  await vi.advanceTimersByTimeAsync(0);
  expect(vi.getTimerCount()).toBe(0);
});

test("the page's visibility follows the document's", () => {
  let state: DocumentVisibilityState = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
  const seen = watch(() => page.visible);
  state = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  flushSync();
  state = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
  flushSync();
  expect(seen.values).toEqual([true, false, true]);
  seen.stop();
});
