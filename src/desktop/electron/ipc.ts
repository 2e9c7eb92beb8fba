import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channelNames, type Channel } from '../../shared/ipc.ts';
import { english } from '../../shared/i18n/english.ts';
import { said } from '../../shared/i18n/translator.ts';
import { errorInWords } from './language.ts';
import type { Core } from '../../engine/index.ts';

const registered = new Set<Channel>();

/**
 * Registers every channel of the contract on ipcMain through the core's validating dispatcher.
 * Only the app's own top-level frame may call: a sub-frame or another page gets nothing. Calls
 * made while the core is still starting (demo mode builds its world on first start) wait for it.
 */
export function registerIpc(
  core: Promise<Core>,
  isTrustedFrame: (event: IpcMainInvokeEvent) => boolean,
): void {
  for (const channel of channelNames) {
    if (registered.has(channel)) throw new Error(`IPC channel ${channel} is registered twice.`);
    registered.add(channel);
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isTrustedFrame(event)) {
        const refused = said('desktop.ipc.notWindow');
        return {
          ok: false,
          error: { code: 'failed', message: english.say(refused), said: refused },
        };
      }
      return core.then(
        (ready) => ready.dispatch(channel, input),
        (error: Error) => ({
          ok: false,
          error: {
            code: 'failed',
            message: `Roadcam could not start: ${error.message}`,
            // Why, in the shell's words: the core that would say it is not there.
            said: said('desktop.start.failedWhy', { why: errorInWords(error) }),
          },
        }),
      );
    });
  }
}

/** Forwards every main-process event to the window; returns the cleanup. */
export function forwardEvents(core: Core, contents: WebContents): () => void {
  return core.hub.onAny((event, payload) => {
    if (!contents.isDestroyed()) contents.send(event, payload);
  });
}
