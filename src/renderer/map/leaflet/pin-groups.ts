/**
 * Pins that would overlap on screen, gathered into one: "●REC" labels are wider than the space
 * between nearby cameras at most zooms, and a camera recorded several times has every pin on
 * the same spot. Greedy and in order: each pin joins the first group whose first pin it would
 * cover, else starts one (recordings on the map are a page of 100 at most).
 */
export interface ScreenPoint {
  x: number;
  y: number;
}

export function groupOverlapping<T>(
  items: readonly T[],
  at: (item: T) => ScreenPoint,
  box: { width: number; height: number },
): T[][] {
  const groups: { anchor: ScreenPoint; items: T[] }[] = [];
  for (const item of items) {
    const p = at(item);
    const near = groups.find(
      (g) => Math.abs(g.anchor.x - p.x) < box.width && Math.abs(g.anchor.y - p.y) < box.height,
    );
    if (near) near.items.push(item);
    else groups.push({ anchor: p, items: [item] });
  }
  return groups.map((g) => g.items);
}
