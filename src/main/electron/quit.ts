/**
 * Quitting waits for the core to close: the download queue stops its transfers where they are
 * (their .part files kept for the next start) and SQLite closes cleanly. Electron does not wait
 * for a promise in before-quit, so the first quit is held, the core closed, and the app asked to
 * quit again; that second quit passes. Typed against a small slice of `app`, so it is tested in
 * Node.
 */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export function closeBeforeQuit(
  app: QuittingApp,
  close: () => Promise<void>,
  report: (line: string) => void,
  /** A close that hangs does not keep the app open past this. */
  limitMs = 10_000,
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    // Quit again while closing (a second Cmd+Q): still held, the first close goes on.
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void closeWithin(close, limitMs)
      .catch((error: unknown) => report(`quitting without a clean close: ${String(error)}`))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}

async function closeWithin(close: () => Promise<void>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the core did not close within ${limitMs / 1000} s`)),
      limitMs,
    );
  });
  try {
    await Promise.race([close(), late]);
  } finally {
    clearTimeout(timer);
  }
}
