/**
 * The grid of a large collection moves only what enters and leaves: a cell that stays in view
 * keeps its element and its place while the rows at the edges come and go, so the browser
 * lays out, paints and rasters the entering row alone.
 */
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ImageInfo } from '../../../../src/shared/ipc/collections.ts';
import ThumbnailGrid from '../../../../src/renderer/collections/ThumbnailGrid.svelte';
import { GAP, gridLayout } from '../../../../src/renderer/collections/grid-window.ts';
import { sleep } from '../../../helpers/wait.ts';

// jsdom has no layout: the grid's width and where the window is over it are given here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
const WIDTH = 1046;
let gridTop = 0;
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => WIDTH);
vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
  this: HTMLElement,
) {
  const top = this.matches('ul') ? gridTop : 0;
  return { top, left: 0, width: WIDTH, height: 0 } as DOMRect;
});
// The decoder is not under test: every thumbnail stays loading until its cell lets it go.
const fetched = vi.fn(
  (_url: string, init: RequestInit) =>
    new Promise((_, reject) =>
      init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
    ),
);
vi.stubGlobal('fetch', fetched);
/** The images whose thumbnails were asked for since the last call. */
function asked(): string[] {
  const names = fetched.mock.calls.map(([url]) => /thumbs\/([^?]+)/.exec(url)![1]!);
  fetched.mockClear();
  return names;
}

const images: ImageInfo[] = Array.from({ length: 1000 }, (_, i) => ({
  name: `frame-${i}.jpg`,
  cameraId: `cam-${i}`,
  time: null,
  source: null,
}));
const layout = gridLayout(WIDTH);

/** Scrolls the window so that the grid's top is `top` px above it, then lets a frame pass. */
async function scrollTo(top: number): Promise<void> {
  gridTop = -top;
  window.dispatchEvent(new Event('scroll'));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  flushSync();
}

afterEach(() => {
  gridTop = 0;
  vi.useRealTimers();
});

function show(): HTMLElement {
  const noop = () => undefined;
  const callbacks = { onMore: noop, onOpen: noop, onRemove: noop };
  render(ThumbnailGrid, {
    props: { collectionId: 'c', images, done: true, loading: false, readonly: true, ...callbacks },
  });
  return screen.getByRole('list', { name: 'Images' });
}

describe('ThumbnailGrid', () => {
  test("each cell stands at its own place: its row's top and its column's left", async () => {
    show();
    await scrollTo(40 * layout.pitch);
    const cell = screen.getByText('cam-203').closest<HTMLElement>('li')!;
    // Image 203 is row 40, column 3 of 5.
    const [left, top] = /translate\((.+)px, (.+)px\)/.exec(cell.style.transform)!.slice(1);
    expect(Number(left)).toBeCloseTo(3 * (layout.cellWidth + GAP));
    expect(Number(top)).toBe(40 * layout.pitch);
    expect(cell.getAttribute('aria-posinset')).toBe('204');
  });

  test('scrolled by a row, what stays in view changes nothing: same elements, same styles', async () => {
    const grid = show();
    await scrollTo(40 * layout.pitch);
    const before = new Map(
      [grid, ...grid.querySelectorAll<HTMLElement>('*')].map((e) => [e, e.getAttribute('style')]),
    );
    const kept = screen.getByText('cam-210').closest('li');
    await scrollTo(41 * layout.pitch);
    expect(screen.getByText('cam-210').closest('li')).toBe(kept);
    expect(screen.queryByText('cam-185')).toBeNull();
    const changed = [...before].filter(
      ([e, style]) => e.isConnected && e.getAttribute('style') !== style,
    );
    expect(changed.map(([e]) => e.outerHTML.slice(0, 80))).toEqual([]);
  });

  test('flown past, no thumbnail is asked for; come to rest, the cells there load', async () => {
    show();
    // At rest for longer than the grid waits (150 ms) before it loads what it shows: those
    // first loads are asked for, and set aside here.
    await sleep(200);
    asked();
    // Rows 40 and then 80 in two frames: far faster than any image could be drawn.
    await scrollTo(40 * layout.pitch);
    await scrollTo(80 * layout.pitch);
    expect(screen.getByText('cam-403')).toBeTruthy();
    expect(asked()).toEqual([]);
    // Time is the point: once the scroll has rested 150 ms, the cells shown load.
    await sleep(200);
    // The cells from the first drawn (3 rows above the view), six at a time.
    expect(asked()).toEqual(
      ['385', '386', '387', '388', '389', '390'].map((i) => `frame-${i}.jpg`),
    );
  });

  test('the view it scrolls in is scrolled by the compositor while it is shown, and no longer after', () => {
    const view = document.body.appendChild(document.createElement('div'));
    view.style.overflowY = 'auto';
    const noop = () => undefined;
    const callbacks = { onMore: noop, onOpen: noop, onRemove: noop };
    const { unmount } = render(ThumbnailGrid, {
      target: view,
      props: {
        collectionId: 'c',
        images,
        done: true,
        loading: false,
        readonly: true,
        ...callbacks,
      },
    });
    expect(view.style.willChange).toBe('scroll-position');
    unmount();
    expect(view.style.willChange).toBe('');
    view.remove();
  });
});
