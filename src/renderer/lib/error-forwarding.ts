import type { Api, Input } from '../../shared/ipc.ts';

/** What the page sends at most per minute; the main process holds its own bound as well. */
export const PAGE_ERRORS_PER_MINUTE = 20;

type PageError = Input<'diagnostics.rendererError'>;

/** The window, as far as used here (typed without the DOM library: tests run it in Node). */
export interface ErrorSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/** The fields of an ErrorEvent and a PromiseRejectionEvent that are read. */
type PageEvent = Event & {
  message?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  error?: unknown;
  reason?: unknown;
};

/**
 * Sends the page's uncaught errors and unhandled rejections to the main log, where support
 * reads them (the console of a user's window is out of reach). A page that throws in a loop
 * sends 20 a minute; the main process counts and bounds them again, as it trusts no page.
 * Returns the cleanup.
 */
export function forwardPageErrors(
  target: ErrorSource,
  api: () => Pick<Api, 'invoke'>,
  now: () => number = () => performance.now(),
): () => void {
  let windowStart = -Infinity;
  let sent = 0;
  const send = (error: PageError) => {
    if (now() - windowStart >= 60_000) {
      windowStart = now();
      sent = 0;
    }
    if (sent++ >= PAGE_ERRORS_PER_MINUTE) return;
    api()
      .invoke('diagnostics.rendererError', error)
      // The log is where errors go: when it cannot be reached, the console is all that is left.
      .catch((failure: unknown) => console.warn('An error was not logged:', failure));
  };
  const onError = (event: PageEvent) =>
    send({
      kind: 'error',
      message: cut(event.message || describe(event.error)),
      source: event.filename ? cut(`${event.filename}:${event.lineno}:${event.colno}`) : undefined,
      stack: event.error instanceof Error ? cut(event.error.stack ?? '') : undefined,
    });
  const onRejection = (event: PageEvent) =>
    send({
      kind: 'rejection',
      message: cut(describe(event.reason)),
      stack: event.reason instanceof Error ? cut(event.reason.stack ?? '') : undefined,
    });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  try {
    return typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  } catch {
    return String(reason);
  }
}

/** The contract takes up to 10,000 characters of a source and 100,000 of the rest. */
function cut(text: string, max = 10_000): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
