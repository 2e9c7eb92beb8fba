/**
 * The tour's keys, beside the wall's own: Space pauses or resumes (as it does while rewinding),
 * ← → (or , and . as rewind steps) go to the previous or next step. Keys typed into a field, or
 * pressed on a control that has a meaning for them, are left alone: a focused button takes Space,
 * a focused tile or the layout buttons take the arrows.
 */
export type TourKey = 'pause' | 'next' | 'previous' | null;

export function tourKeyAction(key: string, target: Element | null): TourKey {
  if (target?.closest('input, select, textarea')) return null;
  if (key === ' ') return target?.closest('button, a, [role="radio"]') ? null : 'pause';
  if (key === ',' || key === '<') return 'previous';
  if (key === '.' || key === '>') return 'next';
  if (target?.closest('[data-tile], [role="radiogroup"]')) return null;
  if (key === 'ArrowLeft') return 'previous';
  if (key === 'ArrowRight') return 'next';
  return null;
}
