/**
 * The virtual list moves only what enters and leaves: a row that stays in view keeps its
 * element and its place, so the browser lays out, paints and rasters the new rows alone.
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
// Typed as the list's `unknown` items: svelte-check does not infer the component's generic here.
const row = createRawSnippet((item: () => unknown) => ({
  render: () => `<span>item ${String(item())}</span>`,
}));
const key = (n: unknown) => n;

/** Scrolls the list's viewport to `top` (jsdom keeps no scroll position of its own). */
function scrollTo(viewport: HTMLElement, top: number): void {
  Object.defineProperty(viewport, 'scrollTop', { value: top, configurable: true });
  viewport.dispatchEvent(new Event('scroll'));
  flushSync();
}

describe('VirtualList', () => {
  test('each row stands at its own place: index × row height', () => {
    render(VirtualList, {
      props: { items, rowHeight: ROW, label: 'Numbers', row, key },
    });
    const viewport = screen.getByRole('list', { name: 'Numbers' });
    scrollTo(viewport, 50 * ROW);
    const fifty = screen.getByText('item 50').closest<HTMLElement>('[role="listitem"]')!;
    expect(fifty.style.transform).toBe(`translateY(${50 * ROW}px)`);
    expect(fifty.getAttribute('aria-posinset')).toBe('51');
  });

  test('scrolled by rows, what stays in view changes nothing: same elements, same styles', () => {
    render(VirtualList, {
      props: { items, rowHeight: ROW, label: 'Numbers', row, key },
    });
    const viewport = screen.getByRole('list', { name: 'Numbers' });
    scrollTo(viewport, 40 * ROW);
    const before = new Map(
      [...viewport.querySelectorAll<HTMLElement>('*')].map((e) => [e, e.getAttribute('style')]),
    );
    const kept = screen.getByText('item 45');
    scrollTo(viewport, 43 * ROW);
    expect(screen.getByText('item 45')).toBe(kept);
    const changed = [...before].filter(
      ([e, style]) => e.isConnected && e.getAttribute('style') !== style,
    );
    // The spacer keeps the list's height; nothing that stays is moved or resized.
    expect(changed.map(([e]) => e.outerHTML.slice(0, 80))).toEqual([]);
  });
});
