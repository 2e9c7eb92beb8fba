/**
 * Whether tiles can be seen: the page (a minimised window or a background tab is hidden) and
 * each tile's place on screen, through one shared IntersectionObserver. Tiles nobody can see
 * stop loading and decoding. Their sizes too (one ResizeObserver): small tiles go compact.
 *
 * Nothing here reads the document or starts a timer at import: each listens only while an effect
 * reads it (createSubscriber), so the module can be imported where there is no document.
 */
import { createSubscriber } from 'svelte/reactivity';

class PageVisibility {
  readonly #follow = createSubscriber((changed) => {
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  });

  get visible(): boolean {
    this.#follow();
    return document.visibilityState === 'visible';
  }
}

export const page = new PageVisibility();

const listeners = new WeakMap<Element, (onScreen: boolean) => void>();
let observer: IntersectionObserver | null = null;

/** Calls `listener` with each change of the element's visibility; returns the cleanup. */
export function observeOnScreen(element: Element, listener: (onScreen: boolean) => void) {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
  });
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    listeners.delete(element);
  };
}

const sizeListeners = new WeakMap<Element, (width: number, height: number) => void>();
let sizes: ResizeObserver | null = null;

/** Calls `listener` with the element's size now and after each change; returns the cleanup. */
export function observeSize(element: Element, listener: (width: number, height: number) => void) {
  // Without one (jsdom in component tests) a tile keeps its full bars.
  if (typeof ResizeObserver === 'undefined') return () => {};
  sizes ??= new ResizeObserver((entries) => {
    for (const entry of entries) {
      sizeListeners.get(entry.target)?.(entry.contentRect.width, entry.contentRect.height);
    }
  });
  sizeListeners.set(element, listener);
  sizes.observe(element);
  return () => {
    sizes?.unobserve(element);
    sizeListeners.delete(element);
  };
}

/** The current time, ticking once a second, for the clocks and image ages of every tile. */
class Ticker {
  readonly #follow = createSubscriber((tick) => {
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  });

  get now(): number {
    this.#follow();
    return Date.now();
  }
}

export const ticker = new Ticker();
