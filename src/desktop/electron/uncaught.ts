/**
 * An error nothing caught in the main process (a listener that throws, a promise nobody waits
 * for) is logged and the app keeps running: by default Node would end the process, and with it
 * the downloads, over what may be one failed notification. The user is told once per run, not
 * once per error, that something went wrong and where support finds it.
 */
import { app, dialog } from 'electron';
import type { Log } from '../../engine/index.ts';
import { english } from '../../shared/i18n/english.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { shellWords } from './language.ts';
import { showNotification } from './notifications.ts';

/** What the user is told, once, in `words`. */
export function uncaughtNotice(words: Translator = english): { title: string; body: string } {
  return { title: words.t('desktop.uncaught.title'), body: words.t('desktop.uncaught.body') };
}

/** Installs the process's handlers; returns their removal. */
export function keepRunningOnUncaught(log: () => Log): () => void {
  let told = false;
  const report = (what: string, error: unknown) => {
    const details = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log()(`${what} in the main process, kept running: ${details}`, 'error');
    if (told) return;
    told = true;
    // Notifications need the app ready; the error box works before it (and is shown once).
    const notice = uncaughtNotice(shellWords.words());
    const shown = app.isReady() && showNotification(notice, () => {});
    if (!shown) dialog.showErrorBox(notice.title, notice.body);
  };
  const onException = (error: Error) => report('uncaught exception', error);
  const onRejection = (reason: unknown) => report('unhandled rejection', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
