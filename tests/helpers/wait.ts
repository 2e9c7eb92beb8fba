/**
 * The tests' one way to wait (docs/development.md, "Where a test lives"; e2e tests may use
 * Playwright's own waits). `waitFor` looks at a condition until it holds, within a bound, and
 * says in words what did not happen when the bound passes. `sleep` only lets time pass: for a
 * test whose point is time itself (a pace, a timeout running out, nothing happening for a while);
 * each call says why, since a sleep used to wait for an event is a race.
 */

type Nothing = undefined | null | false;

export interface WaitOptions {
  /** What the test waits for, in words ("the batch to be paused"): the timeout's error says it. */
  what: string | (() => string);
  /** The bound, in ms (30 s unless said). */
  timeoutMs?: number;
  /** How often to look, in ms (25 unless said). */
  everyMs?: number;
}

/**
 * Waits until `read` gives a value (not undefined, null or false) and returns it; `read` may be
 * async (a look in a page or a call to the core). Throws, naming `what`, after `timeoutMs`.
 */
export async function waitFor<T>(
  read: () => T | Nothing | Promise<T | Nothing>,
  { what, timeoutMs = 30_000, everyMs = 25 }: WaitOptions,
): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const looked = read();
    // A plain condition is looked at now, not a microtask later: a test may race it.
    const value = looked instanceof Promise ? await looked : looked;
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (performance.now() > end) {
      const words = typeof what === 'string' ? what : what();
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${words}`);
    }
    await sleep(everyMs);
  }
}

/** Lets `ms` pass. Only where the passing of time is what the test needs (say why there). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
