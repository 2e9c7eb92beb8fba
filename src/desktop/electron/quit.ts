/**
 * Quitting waits for the core to close: the download queue stops its transfers where they are
 * (their .part files kept for the next start) and SQLite closes cleanly. Electron does not wait
 * for a promise in before-quit, so the first quit is held, the core closed, and the app asked to
 * quit again; that second quit passes. Before any of it, a quit with downloads running asks
 * the user (`confirm`); a Cancel leaves everything running. Typed against a small slice of
 * `app`, so it is tested in Node.
 */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface QuitOptions {
  /** A close that hangs does not keep the app open past this. */
  limitMs?: number;
  /** Whether to quit after all (the user's answer); by default yes, without asking. */
  confirm?: () => Promise<boolean>;
}

export interface Quitting {
  /** Confirmed: windows closing now close for good rather than go to the tray. */
  readonly confirmed: boolean;
  /** Quits without asking (a restart the user chose in Settings). */
  quitWithoutAsking(): void;
}

type QuitState = 'running' | 'asking' | 'closing' | 'closed';

export function closeBeforeQuit(
  app: QuittingApp,
  close: () => Promise<void>,
  report: (line: string) => void,
  { limitMs = 10_000, confirm = () => Promise.resolve(true) }: QuitOptions = {},
): Quitting {
  let state: QuitState = 'running';
  const closeCore = () => {
    state = 'closing';
    void closeWithin(close, limitMs)
      .catch((error: unknown) => report(`quitting without a clean close: ${String(error)}`))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  };
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    // Quit again while asking or closing (a second Cmd+Q): still held, the first one goes on.
    event.preventDefault();
    if (state !== 'running') return;
    state = 'asking';
    void confirm()
      .catch((error: unknown) => {
        report(`could not ask before quitting, quitting: ${String(error)}`);
        return true;
      })
      .then((yes) => {
        if (yes) closeCore();
        else state = 'running';
      });
  });
  return {
    get confirmed() {
      return state === 'closing' || state === 'closed';
    },
    quitWithoutAsking() {
      if (state === 'running') closeCore();
      else app.quit();
    },
  };
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
