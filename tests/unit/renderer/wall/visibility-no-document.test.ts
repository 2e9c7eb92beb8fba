// @vitest-environment node
// The wall's tiles import the page's visibility and the clock; importing them reads no document
// and starts no timer (they did both at import, which kept them out of tests without a page).
import { expect, test, vi } from 'vitest';

test('are imported where there is no document, starting nothing', async () => {
  expect(typeof document).toBe('undefined');
  vi.useFakeTimers();
  try {
    const { page, ticker } = await import('../../../../src/renderer/wall/visibility.svelte.ts');
    expect(page).toBeDefined();
    expect(ticker.now).toBe(Date.now());
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});
