/**
 * How the desktop app starts and what it installs: start at login (an XDG autostart entry on
 * Linux, a login item on Windows) and the hidden start it makes, start minimised, `--kiosk`
 * (full screen on a wall tour), and an update found by electron-updater (install on quit,
 * notify only, never), each through the settings channel as the Settings view sets it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/ipc/updates.ts';
import {
  call,
  electron,
  startShell,
  stopShell,
  type ShellOptions,
} from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';

afterEach(() => stopShell());

const appImage = { APPIMAGE: '/opt/Roadcam/Roadcam.AppImage' };
const installed: ShellOptions = { platform: 'linux', script: { packaged: true }, env: appImage };

/** Saves settings in a first start, then starts again in the same folder as `next` says. */
async function restartWith(settings: object, next: ShellOptions = {}) {
  const first = await startShell(next);
  await call('settings.update', settings);
  await stopShell({ keepData: true });
  return startShell({ ...next, dataDir: first.dataDir });
}

describe('start at login', () => {
  it('Linux: the autostart entry starts the AppImage hidden; turned off, it is gone', async () => {
    const shell = await startShell(installed);
    const entry = join(shell.configHome, 'autostart', 'roadcam.desktop');
    await call('settings.update', { openAtLogin: true });
    expect(readFileSync(entry, 'utf8')).toContain('Exec=/opt/Roadcam/Roadcam.AppImage --hidden\n');
    await call('settings.update', { openAtLogin: false });
    expect(existsSync(entry)).toBe(false);
  });

  it('Windows: a login item with --hidden', async () => {
    await startShell({ ...installed, platform: 'win32' });
    await call('settings.update', { openAtLogin: true });
    expect(electron.calls('app.setLoginItemSettings').map((c) => c.args[0])).toEqual([
      { openAtLogin: true, args: ['--hidden'] },
    ]);
  });

  it('a start at login (--hidden) waits in the tray, the window not shown', async () => {
    await restartWith({ openAtLogin: true }, { ...installed, args: ['--hidden'] });
    const window = electron.mainWindow();
    expect(window.loaded).not.toBeNull();
    expect(window.isVisible()).toBe(false);
    expect(electron.calls('window.show')).toEqual([]);
    electron.tray().emit('click');
    expect(window.isVisible()).toBe(true);
  });

  it('start minimised: the window starts minimised, not in front', async () => {
    await restartWith({ startMinimised: true });
    const window = electron.mainWindow();
    await expect.poll(() => window.isMinimized()).toBe(true);
    expect(electron.calls('window.show')).toEqual([]);
    expect(electron.calls('window.showInactive')).toHaveLength(1);
  });
});

describe('--kiosk', () => {
  it("opens full screen on the link's wall tour", async () => {
    const tour = '/wall?tour=favourites&dwell=20&mode=page';
    await startShell({ args: ['--kiosk', `roadcam:/${tour}`] });
    const window = electron.mainWindow();
    expect(window.loaded?.hash).toBe(tour);
    await expect.poll(() => window.isFullScreen()).toBe(true);
    expect(window.isVisible()).toBe(true);
  });

  it('without a tour to show: the wall, and the log says what --kiosk needs', async () => {
    const shell = await startShell({ args: ['--kiosk'] });
    expect(electron.mainWindow().loaded?.hash).toBe('/wall');
    await shell.logged(/kiosk: --kiosk needs a roadcam:\/\/wall\?tour=\.\.\. link/);
  });
});

describe('an update found by electron-updater', () => {
  const release = {
    version: '99.0.0',
    files: [{ url: 'Roadcam-99.0.0.AppImage', sha512: 'c2hh', size: 1000 }],
    path: 'Roadcam-99.0.0.AppImage',
    sha512: 'c2hh',
    releaseDate: '2026-11-01T00:00:00.000Z',
  };
  const status = () => call<UpdateStatus>('updates.status');

  it('install on quit, notify only, never: each as the user chose', async () => {
    const shell = await startShell(installed);
    await shell.logged(/updates: this copy is self/);
    const updater = electron.updater;
    updater.answers.check = release;
    expect(updater.autoDownload).toBe(false);

    // Install (the default): downloaded now, installed when the app quits.
    await call('updates.check');
    await waitFor(async () => (await status()).state === 'ready', {
      what: 'the update to be ready',
      timeoutMs: 10_000,
    });
    expect(updater.downloads).toBe(1);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.feed).toMatchObject({ provider: 'generic' });
    expect((await status()).available).toBe('99.0.0');

    // Notify: told, nothing downloaded, and nothing installs at the next quit.
    await call('settings.update', { updateMode: 'notify' });
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(await call('updates.check')).toMatchObject({ state: 'available', available: '99.0.0' });
    expect(updater.downloads).toBe(1);

    // Never: the feed is not read.
    await call('settings.update', { updateMode: 'never' });
    const checks = updater.checks;
    expect(await call('updates.check')).toMatchObject({ state: 'off' });
    expect(updater.checks).toBe(checks);
  });

  it('a feed that cannot be read: the status says so in words', async () => {
    await startShell(installed);
    electron.updater.answers.check = new Error('net::ERR_NAME_NOT_RESOLVED');
    const checked = await call<UpdateStatus>('updates.check');
    expect(checked.state).toBe('failed');
    expect(checked.summary).toMatch(/ERR_NAME_NOT_RESOLVED|could not/i);
  });
});
