import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { app, BrowserWindow, dialog } from 'electron';
import electronUpdater from 'electron-updater';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core.ts';
import { SHELL_WORLD } from '../../helpers/desktop-shell.ts';
import * as electron from '../../helpers/electron/control.ts';

const run = promisify(execFile);

// The stand-in itself, as the shell tests and the desktop e2e rely on it.
describe('the Electron stand-in', () => {
  beforeEach(() => electron.resetElectron());

  it('is what `electron`, `electron-updater` and `?asset` resolve to', async () => {
    expect(app.getVersion()).toBe('0.0.0-stand-in');
    expect(electronUpdater.autoUpdater).toBe(electron.updater);
    const icon = await import('../../../src/desktop/tray/icons/tray.png?asset');
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

describe('the stand-in in plain Node (register.mjs)', () => {
  it(
    'runs the real entry: ready by itself, the contract answered, a quit ends it',
    { timeout: 60_000 },
    async () => {
      const root = join(import.meta.dirname, '../../..');
      const data = tempDir('roadcam-plain-node-');
      // The driver exits on its own even when a step fails (the core would keep it running).
      const driver = `
      const control = await import('./tests/helpers/electron/control.ts');
      setTimeout(() => process.exit(3), 40_000).unref();
      try {
        await import('./src/desktop/index.ts');
        await control.whenReady();
        const answer = await control.invoke('settings.get', {});
        control.emitPowerMonitor('shutdown');
        const code = await control.ended();
        console.log(JSON.stringify({ ok: answer.ok, code }));
      } catch (error) {
        console.log(JSON.stringify({ error: String(error) }));
      }
      process.exit(0);
    `;
      try {
        const { stdout } = await run(
          process.execPath,
          [
            '--import',
            './tests/helpers/electron/register.mjs',
            '--input-type=module',
            '-e',
            driver,
          ],
          {
            cwd: root,
            timeout: 50_000,
            env: {
              ...process.env,
              ROADCAM_DATA_DIR: data.path,
              ROADCAM_DEMO_WORLD: JSON.stringify(SHELL_WORLD),
              XDG_CONFIG_HOME: data.path,
            },
          },
        );
        expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ ok: true, code: 0 });
      } finally {
        data.remove();
      }
    },
  );
});
