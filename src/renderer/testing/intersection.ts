import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver: a wall tile watches whether it is on screen. Stubbed for
 * every test of the calling file (a tile under test never hears that it scrolled away).
 */
export function stubIntersectionObserver(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}
