/**
 * A small tile (a 6 × 6 wall) keeps its picture: a tile that is not live says its headline
 * ("Picture 14 s old: waiting for the network") and keeps the longer reason in the note's
 * tooltip; a tile of full size says both. The tile's size comes from a ResizeObserver that
 * reports the size of a 6 × 6 tile on a 1920 × 1080 screen, or of a 2 × 2 one.
 */
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { WallTile } from '../../../../src/shared/ipc/wall.ts';
import { mediaSources } from '../../../../src/renderer/testing/media-sources.ts';
import Tile from '../../../../src/renderer/wall/WallTile.svelte';
import { playerBudget } from '../../../../src/renderer/wall/player-budget.ts';
import { stubIntersectionObserver } from '../../../../src/renderer/testing/intersection.ts';

vi.mock(
  '../../../../src/renderer/wall/HlsPlayer.svelte',
  async () => import('../../../../src/renderer/testing/FakeMediaSource.svelte'),
);

stubIntersectionObserver();

let tileSize = { width: 290, height: 160 };
/** Reports `tileSize` for every element it observes, as soon as it observes it. */
class SizeReporter {
  readonly #report: ResizeObserverCallback;
  constructor(report: ResizeObserverCallback) {
    this.#report = report;
  }
  observe(target: Element): void {
    const entry = { target, contentRect: tileSize } as unknown as ResizeObserverEntry;
    this.#report([entry], this as unknown as ResizeObserver);
  }
  unobserve(): void {}
  disconnect(): void {}
}
// After stubIntersectionObserver's, which unstubs every global after each test.
beforeEach(() => vi.stubGlobal('ResizeObserver', SizeReporter));

const camera: WallTile = {
  id: 'CAM0001',
  name: 'I-80 at Exit 12 - Looking East',
  video: true,
  lon: -111.9,
  lat: 40.7,
  country: 'US',
  state: 'UT',
  city: 'Salt Lake City',
  colSpan: 1,
  rowSpan: 1,
};

const REASON = 'The next 2 s of video has taken 8 s to arrive so far. Fewer tiles will help.';

function tileWaitingForNetwork(): HTMLElement {
  render(Tile, {
    props: {
      tile: camera,
      index: 0,
      video: true,
      sensors: undefined,
      refreshSeconds: 30,
      rewindTime: null,
      rewindTimes: undefined,
      spans: false,
      maximised: false,
      obscured: false,
      focused: false,
      budget: playerBudget(36, true),
      onAction: () => {},
      onFocus: () => {},
    },
  });
  [...mediaSources][0]!.report({
    kind: 'network',
    reason: { verbatim: REASON },
    pictureAt: Date.now() - 14_000,
  });
  flushSync();
  return screen.getByRole('status');
}

describe('the note over a tile that is not live', () => {
  test('in a small tile: the headline only, the reason in its tooltip', () => {
    tileSize = { width: 290, height: 160 };
    const note = tileWaitingForNetwork();
    expect(note.textContent).toBe('Picture 14 s old: waiting for the network');
    expect(note.title).toBe(REASON);
  });

  test('in a large tile: the headline and the reason', () => {
    tileSize = { width: 940, height: 520 };
    const note = tileWaitingForNetwork();
    expect(note.textContent).toBe(`Picture 14 s old: waiting for the network${REASON}`);
    expect(note.title).toBe('');
  });
});
