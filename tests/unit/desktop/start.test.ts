/**
 * Starting the desktop app: the first start opens the window on the app's page, a second start
 * hands its link to the first and quits, and a roadcam:// link reaches the page however it
 * comes (argv, a second start, macOS's open-url). A link a page made up (malformed, oversized,
 * foreign) is refused in words in the log and stops nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';

afterEach(() => stopShell());

/** The routes the main process sent the page (what the renderer navigates to). */
const routesSent = () => electron.sent('app.openRoute').map((p) => (p as { route: string }).route);

describe('starting the desktop app', () => {
  it('first start: takes the lock, opens one window on the renderer, answers its calls', async () => {
    await startShell();
    expect(electron.calls('app.requestSingleInstanceLock')).toHaveLength(1);
    expect(electron.calls('app.setAsDefaultProtocolClient')[0]!.args[0]).toBe('roadcam');
    const [window] = electron.windows();
    expect(electron.windows()).toHaveLength(1);
    expect(window!.loaded?.file).toMatch(/renderer[/\\]index\.html$/);
    expect(window!.loaded?.hash).toBe('');
    await expect.poll(() => window!.isVisible()).toBe(true);
    expect(electron.tray().tooltip).toBe('No downloads');
    expect(await electron.invoke('settings.get', {})).toMatchObject({ ok: true });
  });

  it('second start: the lock is refused, so it quits without a window or a core', async () => {
    await startShell({ script: { singleInstanceLock: false }, waitForCore: false });
    expect(electron.calls('app.quit')).toHaveLength(1);
    expect(electron.endedCode()).toBe(0);
    expect(electron.windows()).toHaveLength(0);
    expect(electron.handledChannels()).toEqual([]);
  });

  it("the second start's link focuses the first window and reaches its page", async () => {
    await startShell();
    const window = electron.mainWindow();
    window.minimize();
    electron.emitApp('second-instance', ['/opt/Roadcam/roadcam', 'roadcam://wall?cameras=A,B']);
    expect(window.isMinimized()).toBe(false);
    expect(window.isVisible() && window.focused).toBe(true);
    expect(routesSent()).toEqual(['/wall?cameras=A,B']);
  });

  it('a link that comes while the core is still starting reaches the page once it has', async () => {
    await startShell({ waitForCore: false });
    electron.emitApp('second-instance', ['/opt/Roadcam/roadcam', 'roadcam://downloads']);
    expect(await electron.invoke('settings.get', {})).toMatchObject({ ok: true });
    expect(routesSent()).toEqual(['/downloads']);
  });

  it('a link in argv opens the window at its route', async () => {
    await startShell({ args: ['--no-sandbox', 'roadcam://collections/c0ffee42'] });
    expect(electron.mainWindow().loaded?.hash).toBe('/collections/c0ffee42');
  });

  it("macOS's open-url: the link reaches the page, the event is taken", async () => {
    await startShell({ platform: 'darwin' });
    const event = electron.emitApp('open-url', 'roadcam://alerts');
    expect(event.defaultPrevented).toBe(true);
    expect(routesSent()).toEqual(['/alerts']);
  });
});

describe('macOS keeps the app without windows', () => {
  it('closing the last window does not quit; the dock icon opens a new one', async () => {
    await startShell({ platform: 'darwin' });
    electron.mainWindow().close();
    expect(electron.windows()).toHaveLength(0);
    expect(electron.endedCode()).toBeNull();
    electron.emitApp('activate');
    expect(electron.windows()).toHaveLength(1);
    expect(electron.mainWindow().loaded?.hash).toBe('');
    expect(await electron.invoke('settings.get', {})).toMatchObject({ ok: true });
  });
});

describe('links a page made up', () => {
  const refused = [
    ['roadcam://wall/%ZZ', /malformed %-escape/],
    ['roadcam://%ZZ/', /malformed %-escape/],
    ['https://x', /not a roadcam:\/\/ link/],
    [`roadcam://wall?cameras=${'A'.repeat(100 * 1024)}`, /characters long/],
  ] as const;

  it('in argv: the app starts on its home page and the log says why', async () => {
    const shell = await startShell({ args: ['roadcam://wall/%ZZ'] });
    expect(electron.mainWindow().loaded?.hash).toBe('');
    await shell.logged(/refused a roadcam:\/\/ link: .*malformed %-escape/);
  });

  it('from a second start or open-url: refused in words, the window still comes forward', async () => {
    const shell = await startShell();
    const window = electron.mainWindow();
    for (const [link, why] of refused) {
      window.hide();
      electron.emitApp('second-instance', ['/opt/Roadcam/roadcam', link]);
      electron.emitApp('open-url', link);
      expect(window.isVisible()).toBe(true);
      await shell.logged(new RegExp(`refused a roadcam:// link: .*${why.source}`));
    }
    expect(routesSent()).toEqual([]);
    expect(electron.dialogs()).toEqual([]);
  });
});
