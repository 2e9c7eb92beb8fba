/**
 * When the feed is read on its own (an installed app whose mode is not `never`).
 *
 * - 30 s after the start, not at once: the first seconds belong to the window, the demo world
 *   and the first searches, and a start that is quit at once (a roadcam:// link) checks nothing.
 * - Then every 4 hours: a release is rarely urgent within the hour, a machine left on for days
 *   still learns of one the same working day, and a feed of static files read by ten thousand
 *   installs is 2,500 small requests an hour. (VS Code reads its feed hourly; Roadcam's releases
 *   are far rarer.)
 * - After a failed read, 30 minutes: a laptop that started offline should not wait 4 hours.
 */
export const UPDATE_TIMING = {
  firstCheckMs: 30_000,
  intervalMs: 4 * 60 * 60_000,
  retryMs: 30 * 60_000,
  /** One read of the feed (its yml is a few hundred bytes), connection included. */
  deadlineMs: 20_000,
} as const;

export type UpdateTiming = { [K in keyof typeof UPDATE_TIMING]: number };

/** How long after the last check the next one is made. */
export function nextCheckDelay(lastFailed: boolean, timing: UpdateTiming = UPDATE_TIMING): number {
  return lastFailed ? timing.retryMs : timing.intervalMs;
}
