/**
 * One timer for every video tile's checks (stall watchdog, live edge, state): a 6 × 6 wall
 * would otherwise wake the page 72 times a second from 36 timers of its own. The timer runs
 * only while a player is watching; each check runs in its own try, so one tile's error cannot
 * stop another's checks.
 */
export const CHECK_EVERY_MS = 500;

const checks = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** Runs `check` every CHECK_EVERY_MS with the others; returns the cleanup. */
export function everyCheck(check: () => void): () => void {
  checks.add(check);
  timer ??= setInterval(runChecks, CHECK_EVERY_MS);
  return () => {
    checks.delete(check);
    if (checks.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Players being checked now. */
export function checkedPlayers(): number {
  return checks.size;
}

function runChecks(): void {
  for (const check of [...checks]) {
    try {
      check();
    } catch (err) {
      // Reported as any uncaught error is (the renderer's error forwarding), after the others ran.
      queueMicrotask(() => {
        throw err;
      });
    }
  }
}
