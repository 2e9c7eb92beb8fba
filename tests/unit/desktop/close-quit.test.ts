/**
 * Closing and quitting while downloads run (a real batch through the contract): closing keeps
 * them going in the tray and says so once; quitting asks first, before the core closes, and a
 * Cancel keeps everything running; a shutdown quits without asking.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { trayExplanation } from '../../../src/desktop/tray/close.ts';
import {
  call,
  electron,
  startRunningBatch,
  startShell,
  stopShell,
} from '../../helpers/desktop-shell.ts';

afterEach(() => stopShell());

interface Batches {
  batches: { id: number; state: string }[];
}

describe('closing the window', () => {
  it('with downloads running: to the tray, said once by a notification', async () => {
    const shell = await startShell();
    await startRunningBatch(shell);
    const window = electron.mainWindow();
    window.close();
    window.show();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(electron.endedCode()).toBeNull();
    expect(electron.notifications().map((n) => ({ title: n.title, body: n.body }))).toEqual([
      trayExplanation(),
    ]);
    await expect
      .poll(async () => (await call('settings.get')) as object)
      .toMatchObject({
        closeToTrayExplained: true,
      });
    // Open Roadcam from the tray's click: the same window again.
    electron.tray().emit('click');
    expect(window.isVisible()).toBe(true);
  });

  it('with nothing running: the app quits, without asking', async () => {
    await startShell();
    electron.mainWindow().close();
    expect(await electron.ended()).toBe(0);
    expect(electron.dialogs()).toEqual([]);
  });
});

describe('quitting with downloads running', () => {
  it('asks before the core closes; Cancel keeps everything running, Quit closes then ends', async () => {
    const shell = await startShell();
    const batch = await startRunningBatch(shell);
    // Quit Roadcam from the tray's menu.
    const quit = electron.tray().menu!.template.find((i) => i.label === 'Quit Roadcam')!;
    (quit.click as () => void)();
    const [question] = electron.dialogs('messageBox');
    expect(question!.options).toMatchObject({
      message: '1 download is running. Quit anyway?',
      buttons: ['Quit', 'Cancel'],
      cancelId: 1,
    });
    // Asked first: the core still answers while the question waits.
    expect((await call<Batches>('downloads.list')).batches).toMatchObject([
      { id: batch.id, state: 'active' },
    ]);
    question!.answer(1);
    await expect.poll(() => electron.calls('app.quit').length).toBe(1);
    expect(electron.endedCode()).toBeNull();
    expect(electron.mainWindow().isDestroyed()).toBe(false);
    expect((await call<Batches>('downloads.list')).batches[0]!.state).toBe('active');

    electron.answerNext.messageBox(0);
    const { app } = await import('electron');
    app.quit();
    expect(await electron.ended()).toBe(0);
    expect(electron.dialogs('messageBox')).toHaveLength(2);
    await stopShell({ keepData: true });

    // The core closed cleanly: the next start finds the batch and takes it up again.
    await startShell({ dataDir: shell.dataDir });
    expect((await call<Batches>('downloads.list')).batches).toMatchObject([
      { id: batch.id, state: 'active' },
    ]);
  });

  it('a shutdown or logout quits without asking', async () => {
    const shell = await startShell();
    await startRunningBatch(shell);
    electron.emitPowerMonitor('shutdown');
    expect(await electron.ended()).toBe(0);
    expect(electron.dialogs()).toEqual([]);
  });
});
