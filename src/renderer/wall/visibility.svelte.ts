/**
 * Whether tiles can be seen: the page (a minimised window or a background tab is hidden) and
 * each tile's place on screen, through one shared IntersectionObserver. Tiles nobody can see
 * stop loading and decoding.
 */
class PageVisibility {
  visible = $state(document.visibilityState === 'visible');

  constructor() {
    document.addEventListener('visibilitychange', () => {
      this.visible = document.visibilityState === 'visible';
    });
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

/** The current time, ticking once a second, for the clocks and image ages of every tile. */
class Ticker {
  now = $state(Date.now());

  constructor() {
    setInterval(() => (this.now = Date.now()), 1000);
  }
}

export const ticker = new Ticker();
