/**
 * A line for the collections' image loads: at most so many fetched and decoded at once, the
 * others waiting their turn in the order they asked. A grid that comes to rest shows 40–60 cells
 * at once; without a bound each asks the main process for its thumbnail at the same moment, and
 * the first cells in view wait behind the last (browser mode has Chromium's six connections a
 * host; the desktop app's media scheme has no bound of its own). A load given up while it waits
 * (its cell scrolled away) leaves the line and costs nothing.
 */

/** Runs `job` when a place in the line is free; rejects with the signal's reason if given up first. */
export type LoadLine = <T>(signal: AbortSignal, job: () => Promise<T>) => Promise<T>;

export function loadLine(limit: number): LoadLine {
  let running = 0;
  /** Insertion-ordered: the first to ask is the first to go. */
  const waiting = new Set<() => void>();
  const done = () => {
    const next = waiting.values().next().value;
    if (next) {
      // The place passes to the next in line as it is: nobody can take it in between.
      waiting.delete(next);
      next();
    } else running--;
  };
  return async (signal, job) => {
    signal.throwIfAborted();
    if (running < limit) running++;
    else {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          waiting.delete(go);
          reject(signal.reason as Error);
        };
        waiting.add(go);
        signal.addEventListener('abort', leave, { once: true });
      });
    }
    try {
      return await job();
    } finally {
      done();
    }
  };
}

/**
 * The line every collection image goes through: six, as many as a browser opens to one host,
 * enough to keep the main process's thumbnailer busy and the first cells first.
 */
export const imageLoads = loadLine(6);
