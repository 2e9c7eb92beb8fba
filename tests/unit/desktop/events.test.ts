/**
 * What happens to the running desktop app: a renderer crash (reloaded with a notice, a loop
 * stopped), notifications and their clicks (a finished batch opens its place in Downloads, an
 * alert the Alerts view, a condition change its detail; service text escaped for Linux
 * markup), an error nothing caught (logged, said once, the app goes on), Help > Save
 * Diagnostics (the save dialog answered, a zip written).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RELOADS_ALLOWED } from '../../../src/desktop/crashes.ts';
import { platformText } from '../../../src/desktop/electron/notifications.ts';
import { uncaughtNotice } from '../../../src/desktop/electron/uncaught.ts';
import { call, electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';

afterEach(() => stopShell());

const routesSent = () => electron.sent('app.openRoute').map((p) => (p as { route: string }).route);

describe('a renderer that stops', () => {
  it('is reloaded, the page is told why; a loop of crashes is left alone', async () => {
    const shell = await startShell();
    const contents = electron.mainWindow().webContents;
    const crashed = { reason: 'crashed', exitCode: 139 };
    electron.emitApp('render-process-gone', contents, crashed);
    expect(contents.reloads).toBe(1);
    expect(await call('diagnostics.takeNotice')).toBe(
      'The window stopped unexpectedly (it crashed) and was reloaded.',
    );
    for (let i = 1; i < RELOADS_ALLOWED + 2; i++) {
      electron.emitApp('render-process-gone', contents, crashed);
    }
    expect(contents.reloads).toBe(RELOADS_ALLOWED);
    await shell.logged(/window renderer gone: crashed .*not reloaded: it stopped 3 times/);
    // A GPU process gone reloads the windows too (within the same guard).
    electron.emitApp('child-process-gone', { type: 'GPU', reason: 'crashed', exitCode: 1 });
    expect(contents.reloads).toBe(RELOADS_ALLOWED);
    expect(electron.endedCode()).toBeNull();
  });
});

describe('notifications', () => {
  it("a finished batch: a click opens Downloads at it; Linux gets the body's markup escaped", async () => {
    const shell = await startShell({ platform: 'linux' });
    const page = await call<{ features: { id: string }[] }>('recordings.search', {
      status: 'complete',
      sort: 'duration',
      limit: 1,
    });
    const folder = join(shell.dataDir, 'Storm & <b>co</b>');
    const batch = await call<{ id: number }>('downloads.add', {
      recordingIds: [page.features[0]!.id],
      formats: ['jpg'],
      folder,
      label: 'Storm <i>',
    });
    const shown = await waitFor(() => electron.notifications()[0], {
      what: 'a notification',
      timeoutMs: 30_000,
    });
    expect(shown.title).toBe('Downloads complete: Storm <i>');
    expect(shown.body).toBe(
      `1 of 1 files downloaded into ${shell.dataDir}/Storm &amp; &lt;b&gt;co&lt;/b&gt;.`,
    );
    shown.click();
    expect(routesSent()).toEqual([`/downloads?batch=${batch.id}`]);
    expect(electron.mainWindow().isVisible()).toBe(true);
  });
});

describe('an error nothing caught in the main process', () => {
  it('is logged, said once, and the app keeps running', async () => {
    const shell = await startShell();
    // The entry's own handlers, called as Node would (emitting on process would reach
    // vitest's handlers as well, which fail the run).
    const onException = shell.processListeners('uncaughtException');
    const onRejection = shell.processListeners('unhandledRejection');
    expect([onException.length, onRejection.length]).toEqual([1, 1]);
    onException[0]!(new Error('a listener threw'));
    onRejection[0]!(new Error('nobody waited'));
    onException[0]!(new Error('and again'));
    await shell.logged(/uncaught exception in the main process, kept running: Error: a listener/);
    await shell.logged(/unhandled rejection in the main process, kept running: Error: nobody/);
    await shell.logged(/uncaught exception .*and again/);
    const told = electron.notifications().map((n) => ({ title: n.title, body: n.body }));
    expect(told).toEqual([platformText(uncaughtNotice())]);
    expect(electron.endedCode()).toBeNull();
    expect(await call('settings.get')).toBeTruthy();
  });
});

describe('Help > Save Diagnostics…', () => {
  it('asks where, through the save dialog, writes the zip and shows it in its folder', async () => {
    const shell = await startShell();
    const target = join(shell.dataDir, 'diagnostics.zip');
    electron.answerNext.save(target);
    electron.clickMenu('help', 'Save Diagnostics…');
    await waitFor(() => electron.calls('shell.showItemInFolder').length > 0, {
      what: 'the saved zip shown in its folder',
      timeoutMs: 10_000,
    });
    const [dialog] = electron.dialogs('save');
    expect(dialog!.options).toMatchObject({ title: 'Save diagnostics' });
    expect(electron.calls('shell.showItemInFolder')[0]!.args).toEqual([target]);
    expect(existsSync(target)).toBe(true);
    expect(readFileSync(target).subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  });

  it('a cancelled dialog writes nothing and says nothing', async () => {
    await startShell();
    electron.answerNext.save(null);
    electron.clickMenu('help', 'Save Diagnostics…');
    await waitFor(() => electron.dialogs('save')[0]?.answered, {
      what: 'the Save dialog to be answered',
      timeoutMs: 10_000,
    });
    await call('settings.get'); // the menu's call has finished by the time this one answers
    expect(electron.calls('shell.showItemInFolder')).toEqual([]);
    expect(electron.dialogs('error')).toEqual([]);
  });
});
