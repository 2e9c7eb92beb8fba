/**
 * A routed line made short enough to keep and to send (a routing service answers with a point
 * every few meters: thousands for a city-to-city drive), without leaving the road: Douglas-
 * Peucker, whose kept line passes within its tolerance of every point it dropped. The tolerance
 * grows from a tenth of the buffer until the line fits, and never passes half the buffer, so a
 * camera by the road stays within the buffer of the kept line. Pure.
 */
import { pointSegmentMeters, type LonLat } from './geo.ts';
import { english } from './i18n/english.ts';
import { said, type Said } from './i18n/translator.ts';

/** The line, every point within `toleranceM` of the kept one; first and last always kept. */
export function douglasPeucker(line: readonly LonLat[], toleranceM: number): LonLat[] {
  if (line.length <= 2) return [...line];
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  // A stack, not recursion: a line of 100,000 points would pass the call stack's depth.
  const spans: [number, number][] = [[0, line.length - 1]];
  while (spans.length > 0) {
    const [first, last] = spans.pop()!;
    let farthest = -1;
    let farM = toleranceM;
    for (let i = first + 1; i < last; i++) {
      const d = pointSegmentMeters(line[i]!, line[first]!, line[last]!);
      if (d > farM) {
        farM = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  return line.filter((_, i) => keep[i] === 1);
}

export type SimplifiedLine =
  | { ok: true; line: LonLat[]; toleranceM: number }
  /** `said` for the user's language; `error` its English. */
  | { ok: false; error: string; said: Said };

/**
 * The line in at most `maxPoints`, off the original by at most half of `bufferKm`; a line that
 * cannot be (a winding drive of thousands of kilometres) is refused in words.
 */
export function simplifyRoute(
  line: readonly LonLat[],
  bufferKm: number,
  maxPoints: number,
): SimplifiedLine {
  const limitM = (bufferKm * 1000) / 2;
  for (let toleranceM = limitM / 5; ; toleranceM = Math.min(limitM, toleranceM * 2)) {
    const kept = douglasPeucker(line, toleranceM);
    if (kept.length <= maxPoints) return { ok: true, line: kept, toleranceM };
    if (toleranceM >= limitM) {
      const words = said('routing.refused.winds', { points: maxPoints, buffer: bufferKm });
      return { ok: false, error: english.say(words), said: words };
    }
  }
}
