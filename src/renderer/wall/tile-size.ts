/**
 * A tile too small for full badges and captions (a 3 × 3 wall on a laptop, a 4 × 4 one, six custom columns):
 * it shows compact ones, so the picture keeps most of the tile.
 */
export function isCompact(width: number, height: number): boolean {
  return width < 460 || height < 210;
}

/** Calls `onSize` with the element's size now and after every change; returns the stop. */
export function observeSize(
  element: Element,
  onSize: (width: number, height: number) => void,
): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(([entry]) => {
    if (entry) onSize(entry.contentRect.width, entry.contentRect.height);
  });
  observer.observe(element);
  return () => observer.disconnect();
}
