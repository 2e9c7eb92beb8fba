/**
 * Saved walls on several displays (src/desktop/electron/wall-screens.ts), through the real shell
 * on the Electron stand-in's screen: a link puts a wall on display N in a window of its own,
 * locked down as the main window is; which wall is on which display comes back at the next
 * start; a display gone (at the start or unplugged) leaves its wall on the main one with a
 * notice; a wrong display number is refused with the displays there are; --kiosk --display N;
 * the wall's own "Open on display" (the displays listed, a wall put on one, no question asked).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../src/shared/settings.ts';
import {
  call,
  electron,
  startShell,
  stopShell,
  type ShellOptions,
} from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';
import { platformText } from '../../../src/desktop/electron/notifications.ts';

afterEach(() => stopShell());

const main = { id: 11, bounds: { x: 0, y: 0, width: 1920, height: 1080 } };
const right = { id: 22, bounds: { x: 1920, y: 0, width: 2560, height: 1440 } };
const twoDisplays: ShellOptions = { script: { displays: [main, right] } };

async function saveWall(name: string): Promise<number> {
  const input = { name, layout: '2x2', columns: 2, tiles: [] };
  return (await call<{ id: number }>('walls.save', input)).id;
}

function link(query: string): void {
  electron.emitApp('second-instance', ['/opt/Roadcam/roadcam', `roadcam://wall?${query}`]);
}

/** Answers the question a link's wall asks (1: Show it there, 0: Cancel); its words. */
async function answer(button: 0 | 1): Promise<string> {
  const question = await waitFor(() => electron.dialogs('messageBox').find((d) => !d.answered), {
    what: 'the question before a link opens a wall',
    timeoutMs: 10_000,
  });
  question.answer(button);
  return `${String(question.options['message'])} ${String(question.options['detail'])}`;
}

async function wallWindow(count = 2) {
  await waitFor(() => electron.windows().length === count, {
    what: `${count} windows`,
    timeoutMs: 10_000,
  });
  return electron.windows()[count - 1]!;
}

const remembered = async () => (await call<Settings>('settings.get')).wallScreens;

const notices = () =>
  waitFor(
    () =>
      electron
        .notifications()
        .map((n) => n.body)
        .filter(Boolean)
        .join('\n') || null,
    {
      what: 'a notification',
      timeoutMs: 10_000,
    },
  );

describe('a saved wall on a display', () => {
  it('opens full screen on display N, locked down as the main window, and is remembered', async () => {
    await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=2`);
    expect(await answer(1)).toBe(
      'Show the wall “North” on display 2? A link asks to show the wall “North” full screen on display 2 (numbered from the left), and again at every start of Roadcam until its window is closed.',
    );
    const window = await wallWindow();
    expect(window.loaded?.hash).toBe(`/wall/${id}?window=only`);
    expect(window.options).toMatchObject({ ...right.bounds, fullscreen: true, kiosk: false });
    expect(window.options.webPreferences).toEqual(electron.mainWindow().options.webPreferences);
    // The guards are the main window's: no navigation away, no new windows, no webviews.
    const event = {
      defaultPrevented: false,
      preventDefault: () => (event.defaultPrevented = true),
    };
    window.webContents.emit('will-navigate', event, 'https://example.com/');
    expect(event.defaultPrevented).toBe(true);
    expect(window.webContents.openHandler?.({ url: 'https://example.com/' } as never)).toEqual({
      action: 'deny',
    });
    // Its page is the app's own: the contract answers it, events reach it.
    const opened = await electron.invoke(
      'walls.open',
      { id },
      { frameUrl: window.webContents.url },
    );
    expect(opened).toMatchObject({ ok: true, value: { id, name: 'North' } });
    await waitFor(async () => (await remembered()).length === 1, {
      what: 'the wall remembered',
      timeoutMs: 10_000,
    });
    expect(await remembered()).toEqual([
      { wallId: id, displayId: 22, displayBounds: right.bounds, kiosk: false },
    ]);
  });

  it('a link given at the start opens its wall window beside the main window', async () => {
    const first = await startShell(twoDisplays);
    const id = await saveWall('North');
    await stopShell({ keepData: true });
    const args = [`roadcam://wall/${id}?display=1`];
    await startShell({ ...twoDisplays, args, dataDir: first.dataDir });
    await answer(1);
    const window = await wallWindow();
    expect(window.options).toMatchObject(main.bounds);
    expect(electron.mainWindow().loaded?.hash).toBe('');
  });

  it('a wrong display number is refused in words, with the displays there are', async () => {
    await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=3`);
    const words =
      'The wall was not opened: display "3" does not exist: this computer has 2 displays, numbered from the left (1: 1920×1080 at 0,0; 2: 2560×1440 at 1920,0). Give a number from 1 to 2.';
    // As the platform shows it (Linux escapes the quotes of a notification's body).
    expect(await notices()).toBe(platformText({ title: '', body: words }).body);
    expect(electron.windows()).toHaveLength(1);
    expect(electron.dialogs()).toEqual([]);
  });

  it('a link is only a question: Cancel opens nothing and remembers nothing', async () => {
    const shell = await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=2&kiosk=1`);
    expect(await answer(0)).toContain('as a kiosk on display 2');
    await shell.logged(/declined to open wall \d+ from a link/);
    expect(electron.windows()).toHaveLength(1);
    expect(await remembered()).toEqual([]);
  });

  it("comes back on its display at the next start, with a link's kiosk and tour", async () => {
    const first = await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=2&kiosk=1&tour=favourites&dwell=20`);
    await answer(1);
    await wallWindow();
    await waitFor(async () => (await remembered()).length === 1, {
      what: 'the wall remembered',
      timeoutMs: 10_000,
    });
    await stopShell({ keepData: true });
    await startShell({ ...twoDisplays, dataDir: first.dataDir });
    const window = await wallWindow();
    expect(window.loaded?.hash).toBe(`/wall/${id}?window=only&tour=favourites&dwell=20`);
    expect(window.options).toMatchObject({ ...right.bounds, kiosk: true, fullscreen: false });
  });

  it('a display gone by the next start: the main display, with a notice', async () => {
    const first = await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=2`);
    await answer(1);
    await wallWindow();
    await waitFor(async () => (await remembered()).length === 1, {
      what: 'the wall remembered',
      timeoutMs: 10_000,
    });
    await stopShell({ keepData: true });
    await startShell({ script: { displays: [main] }, dataDir: first.dataDir });
    const window = await wallWindow();
    expect(window.options).toMatchObject(main.bounds);
    expect(await notices()).toBe(
      'The display that showed the wall “North” (2560×1440 at 1920,0) is not connected: the wall is on the main display. Connect the display and restart Roadcam to have it there again.',
    );
    // Still remembered on its own display, for when it is connected again.
    expect((await remembered())[0]?.displayId).toBe(22);
  });

  it('a display unplugged while shown: its wall moves to the main one, with a notice', async () => {
    await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=2`);
    await answer(1);
    const window = await wallWindow();
    electron.removeDisplay(22);
    expect(window.getBounds()).toEqual(main.bounds);
    expect(window.isFullScreen()).toBe(true);
    expect(await notices()).toContain('The display that showed the wall “North”');
  });

  it('a wall window closed by hand is not opened again', async () => {
    await startShell(twoDisplays);
    const id = await saveWall('North');
    link(`wall=${id}&display=2`);
    await answer(1);
    const window = await wallWindow();
    await waitFor(async () => (await remembered()).length === 1, {
      what: 'the wall remembered',
      timeoutMs: 10_000,
    });
    window.close();
    await waitFor(async () => (await remembered()).length === 0, {
      what: 'the wall forgotten',
      timeoutMs: 10_000,
    });
  });
});

describe("the wall's Open on display", () => {
  it('lists the displays from the left with their size, and puts the wall on the one chosen', async () => {
    // The system lists the right-hand display first, as its main one: numbers go by place.
    await startShell({ script: { displays: [right, main] } });
    expect(await call('walls.displays')).toEqual([
      { number: 1, width: 1920, height: 1080, primary: false },
      { number: 2, width: 2560, height: 1440, primary: true },
    ]);
    const id = await saveWall('North');
    // Chosen in the app itself: no question, as a link's would ask.
    expect(await call('walls.showOnDisplay', { wallId: id, display: 2, kiosk: true })).toEqual({
      shown: true,
    });
    const window = await wallWindow();
    expect(electron.dialogs()).toEqual([]);
    expect(window.loaded?.hash).toBe(`/wall/${id}?window=only`);
    expect(window.options).toMatchObject({ ...right.bounds, kiosk: true, fullscreen: false });
    expect(await remembered()).toEqual([
      { wallId: id, displayId: 22, displayBounds: right.bounds, kiosk: true },
    ]);
    await expect(
      call('walls.showOnDisplay', { wallId: id, display: 3, kiosk: false }),
    ).rejects.toThrow(
      'The wall was not opened: display "3" does not exist: this computer has 2 displays',
    );
  });
});

describe('--kiosk --display N', () => {
  it('opens the window on that display', async () => {
    await startShell({ ...twoDisplays, args: ['--kiosk', '--display', '2'] });
    expect(electron.mainWindow().options).toMatchObject(right.bounds);
  });

  it('a wrong number: the main display, and the log says which displays there are', async () => {
    const shell = await startShell({ ...twoDisplays, args: ['--kiosk', '--display=5'] });
    await shell.logged(/kiosk: --display: display "5" does not exist: this computer has 2/);
  });
});
