import type { Api, Input } from '../../shared/ipc.ts';

/** What the page sends at most per minute; the main process holds its own bound as well. */
export const PAGE_ERRORS_PER_MINUTE = 20;

type PageError = Input<'diagnostics.rendererError'>;

/**
 * Sends the page's uncaught errors and unhandled rejections to the main log, where support
 * reads them (the console of a user's window is out of reach). A page that throws in a loop
 * sends 20 a minute; the main process counts and bounds them again, as it trusts no page.
 * Returns the cleanup.
 */
export function forwardPageErrors(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
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
  const onError = (event: ErrorEvent) =>
    send({
      kind: 'error',
      message: cut(event.message || describe(event.error)),
      source: event.filename ? cut(`${event.filename}:${event.lineno}:${event.colno}`) : undefined,
      stack: event.error instanceof Error ? cut(event.error.stack ?? '') : undefined,
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    send({
      kind: 'rejection',
      message: cut(describe(event.reason)),
      stack: event.reason instanceof Error ? cut(event.reason.stack ?? '') : undefined,
    });
  target.addEventListener('error', onError as EventListener);
  target.addEventListener('unhandledrejection', onRejection as EventListener);
  return () => {
    target.removeEventListener('error', onError as EventListener);
    target.removeEventListener('unhandledrejection', onRejection as EventListener);
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
