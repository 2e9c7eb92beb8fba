/**
 * The virtual list with `recycle`: a row that scrolls in takes the elements of one that left,
 * in the list's order, and a focused row handed to another item gives up the focus.
 */
import { render, screen } from '@testing-library/svelte';
import { createRawSnippet, flushSync } from 'svelte';
import { describe, expect, test } from 'vitest';
import VirtualList from '../../../../src/renderer/lib/VirtualList.svelte';

// jsdom has no layout: bind:clientHeight's observer only needs to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ROW = 20;
const items = Array.from({ length: 1000 }, (_, i) => i);
const key = (n: unknown) => n;

/** A row that follows its item, as a recycled row must (an element given once, its text kept up). */
function following(tag: 'span' | 'button') {
  return createRawSnippet((item: () => unknown) => ({
    render: () => `<${tag}></${tag}>`,
    setup: (element) => {
      $effect(() => {
        element.textContent = `item ${String(item())}`;
      });
    },
  }));
}

/** The list of 1,000 numbers, recycled, with rows of `tag`: its viewport. */
function renderRecycled(tag: 'span' | 'button'): HTMLElement {
  render(VirtualList, {
    props: { items, rowHeight: ROW, label: 'Numbers', row: following(tag), key, recycle: true },
  });
  return screen.getByRole('list', { name: 'Numbers' });
}

/** Scrolls the list's viewport to `top` (jsdom keeps no scroll position of its own). */
function scrollTo(viewport: HTMLElement, top: number): void {
  Object.defineProperty(viewport, 'scrollTop', { value: top, configurable: true });
  viewport.dispatchEvent(new Event('scroll'));
  flushSync();
}

describe('VirtualList, recycled', () => {
  const listItems = (viewport: HTMLElement) => [
    ...viewport.querySelectorAll<HTMLElement>('[role="listitem"]'),
  ];

  test('a scroll makes and removes no row: the rows that enter take the elements of those that left', () => {
    const viewport = renderRecycled('span');
    scrollTo(viewport, 40 * ROW);
    const before = listItems(viewport);
    const kept = screen.getByText('item 45');
    scrollTo(viewport, 47 * ROW);
    const after = listItems(viewport);

    expect(new Set(after)).toEqual(new Set(before));
    expect(screen.getByText('item 45')).toBe(kept);
    // In the document in the list's order (what a screen reader reads and Tab follows), each
    // at its place and showing its own item.
    const places = after.map((e) => Number(e.getAttribute('aria-posinset')));
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(places[0]).toBeLessThanOrEqual(47);
    expect(places.at(-1)).toBeGreaterThan(47);
    for (const e of after) {
      const index = Number(e.getAttribute('aria-posinset')) - 1;
      expect(e.textContent).toBe(`item ${index}`);
      expect(e.style.transform).toBe(`translateY(${index * ROW}px)`);
    }
  });

  test('a focused row whose elements go to another item gives up the focus; one that stays keeps it', () => {
    const viewport = renderRecycled('button');
    scrollTo(viewport, 40 * ROW);
    screen.getByRole('button', { name: 'item 45' }).focus();
    scrollTo(viewport, 41 * ROW);
    expect(document.activeElement?.textContent).toBe('item 45');

    // Far away: every slot takes another item, the focused one too, whether it moves or not.
    scrollTo(viewport, 500 * ROW);
    expect(screen.queryByRole('button', { name: 'item 45' })).toBeNull();
    expect(viewport.contains(document.activeElement)).toBe(false);
  });
});
