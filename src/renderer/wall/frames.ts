/** Archived frames for rewind: the time nearest a chosen moment, found by binary search. */
import { isoFromMs } from '../../shared/times.ts';

/** The element of `times` (ascending) nearest `t`; null when there are none. */
export function nearestTime(times: readonly number[], t: number): number | null {
  if (times.length === 0) return null;
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  const after = times[lo]!;
  const before = lo > 0 ? times[lo - 1]! : after;
  return t - before <= after - t ? before : after;
}

/** The span every camera's archive covers together: from the earliest to the latest frame. */
export function rewindRange(
  lists: readonly (readonly number[])[],
): { min: number; max: number } | null {
  const filled = lists.filter((list) => list.length > 0);
  if (filled.length === 0) return null;
  return {
    min: Math.min(...filled.map((list) => list[0]!)),
    max: Math.max(...filled.map((list) => list.at(-1)!)),
  };
}

/** The media path of an archived frame: the listed time, so the disk cache can keep it. */
export function framePath(cameraId: string, time: number): string {
  return `cameras/${encodeURIComponent(cameraId)}/images/${isoFromMs(time)}`;
}
