import { MAX_WATCHED_CAMERAS, type ConditionTarget } from '../../shared/ipc/conditions.ts';
import { t } from '../lib/words.svelte.ts';

/**
 * What the Road conditions form's one field names: camera ids ("A,B"), or a box in degrees
 * ("west,south,east,north", four numbers) made into the polygon a watched area is. A sentence
 * says what is wrong with anything else.
 */
export function targetFromForm(text: string): ConditionTarget | string {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return t('alerts.target.empty');
  const numbers = parts.map(Number);
  if (parts.length === 4 && numbers.every(Number.isFinite)) {
    const [w, s, e, n] = numbers as [number, number, number, number];
    if (w < -180 || e > 180 || s < -90 || n > 90 || w >= e || s >= n) {
      return t('alerts.target.box');
    }
    return {
      area: {
        polygon: [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
        ],
      },
    };
  }
  if (parts.length > MAX_WATCHED_CAMERAS) {
    return t('alerts.target.tooMany', { max: MAX_WATCHED_CAMERAS, count: parts.length });
  }
  return { cameraIds: parts };
}
