/**
 * What a wall run's stalls were, in a few lines for bench:wall's summary: by kind and the state
 * left, by the reason the tile showed, and by tile. A count alone cannot tell a tile that ran out
 * of video (buffering) from one whose playlist stopped advancing (reconnecting) or one the
 * watchdog reloaded (stalled); a few tiles stalling often from every tile stalling once.
 */
import type { StallRecord } from './wall-page.ts';

/** The groups shown per line; the rest are counted together. */
const SHOWN = 6;

/** A long task this long or longer may explain the stalls that follow it within BUSY_WINDOW_MS. */
const LONG_TASK_MS = 500;
const BUSY_WINDOW_MS = 3000;

export function stallLines(
  records: readonly StallRecord[],
  tiles: number,
  longTasks: readonly { at: number; ms: number }[],
): string[] {
  const long = longTasks.filter((t) => t.ms >= LONG_TASK_MS);
  const longest = Math.max(0, ...longTasks.map((t) => t.ms));
  const busy =
    `the page's long tasks: ${longTasks.length}, ${long.length} of ${LONG_TASK_MS} ms or more, ` +
    `the longest ${longest.toFixed(0)} ms`;
  if (records.length === 0) return ['no stalls', busy];
  const byKind = countBy(records, (r) => `${r.from || '?'} → ${r.kind}`);
  const byReason = countBy(records, (r) => `${r.kind}: ${r.reason ? `"${r.reason}"` : '(none)'}`);
  const byTile = countBy(records, (r) => r.tile);
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(1);
  return [
    `by kind: ${shown(byKind)}`,
    `by reason: ${shown(byReason)}`,
    `by tile (${byTile.length} of ${tiles} tiles): ${shown(byTile)}`,
    `at the change, median: ${median(records.map((r) => r.aheadS))} s buffered ahead, ` +
      `${median(records.map((r) => r.behindS))} s behind the seekable end; readyState ` +
      shown(countBy(records, (r) => String(r.readyState))) +
      `; the element's waiting event within 1 s before: ` +
      `${records.filter((r) => r.waitingMsAgo !== null && r.waitingMsAgo <= 1000).length}`,
    `${busy}; stalls within ${BUSY_WINDOW_MS / 1000} s after one of ${LONG_TASK_MS} ms or more: ` +
      `${records.filter((r) => long.some((t) => r.at >= t.at && r.at - (t.at + t.ms) <= BUSY_WINDOW_MS)).length}`,
  ];
}

function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function shown(groups: [string, number][]): string {
  const head = groups.slice(0, SHOWN).map(([key, n]) => `${key} ${n}`);
  const rest = groups.slice(SHOWN).reduce((sum, [, n]) => sum + n, 0);
  return rest > 0 ? `${head.join(', ')}, others ${rest}` : head.join(', ');
}
