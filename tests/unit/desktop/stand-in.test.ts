import { existsSync } from 'node:fs';
import { app, BrowserWindow, dialog } from 'electron';
import electronUpdater from 'electron-updater';
import { beforeEach, describe, expect, it } from 'vitest';
import * as electron from '../../helpers/electron/control.ts';

// The stand-in itself, as the shell tests and the desktop e2e rely on it.
describe('the Electron stand-in', () => {
  beforeEach(() => electron.resetElectron());

  it('is what `electron`, `electron-updater` and `?asset` resolve to', async () => {
    expect(app.getVersion()).toBe('0.0.0-stand-in');
    expect(electronUpdater.autoUpdater).toBe(electron.updater);
    const icon = await import('../../../src/main/tray/icons/tray.png?asset');
    expect(existsSync(icon.default)).toBe(true);
  });

  it('quits as Electron does: before-quit may hold it, a window kept open stops it', async () => {
    const window = new BrowserWindow({ show: false });
    let hold = true;
    app.on('before-quit', (event: Electron.Event) => hold && event.preventDefault());
    window.on('close', (event: Electron.Event) => !hold || event.preventDefault());
    app.quit();
    expect(electron.endedCode()).toBeNull();
    hold = false;
    app.quit();
    expect(await electron.ended()).toBe(0);
    expect(window.isDestroyed()).toBe(true);
  });

  it('answers dialogs from the script, or waits for the test to answer', async () => {
    electron.answerNext.messageBox(1);
    expect((await dialog.showMessageBox({ message: 'first' })).response).toBe(1);
    const second = dialog.showMessageBox({ message: 'second' });
    const shown = electron.dialogs('messageBox');
    expect(shown.map((d) => d.options.message)).toEqual(['first', 'second']);
    shown[1]!.answer(0);
    expect((await second).response).toBe(0);
  });
});
