/**
 * The shell's own notices in German, through the real entry on the Electron stand-in: a window
 * whose renderer or graphics process stopped is reloaded and the page is told why in the
 * shell's language, and Settings › Updates' status crosses the shell's IPC as codes a German
 * page says in German; a consent dialog asks in German.
 */
import { afterEach, expect, it } from 'vitest';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { UpdateStatus } from '../../../src/shared/ipc/updates.ts';
import { updateWords } from '../../../src/shared/update-words.ts';
import { call, electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';

afterEach(() => stopShell());

/** A German system, once the shell speaks German (its menu's first word says so). */
async function germanShell() {
  const shell = await startShell({ script: { systemLanguages: ['de-DE'] } });
  await waitFor(() => electron.menuTemplate()[0]?.label === 'Datei' || undefined, {
    what: 'a German menu',
    timeoutMs: 10_000,
  });
  return shell;
}

it('a window that stopped says so in German after its reload, for its renderer and its GPU', async () => {
  await germanShell();
  const contents = electron.mainWindow().webContents;
  electron.emitApp('render-process-gone', contents, { reason: 'oom', exitCode: 1 });
  expect(contents.reloads).toBe(1);
  expect(await call('diagnostics.takeNotice')).toBe(
    'Das Fenster wurde unerwartet beendet (Speicher erschöpft) und neu geladen.',
  );
  electron.emitApp('child-process-gone', { type: 'GPU', reason: 'crashed', exitCode: 1 });
  expect(await call('diagnostics.takeNotice')).toBe(
    'Das Fenster wurde unerwartet beendet (sein Grafikprozess: abgestürzt) und neu geladen.',
  );
});

it('the update status crosses the shell as codes that read in German', async () => {
  await germanShell();
  const status = await call<UpdateStatus>('updates.status');
  const de = await loadTranslator('de');
  const words = updateWords(status.said, (s) => de.say(s));
  expect(words.summary).toBe(
    `Roadcam ${status.currentVersion} hat noch nicht nach Updates gesucht.`,
  );
  expect(words.advice).toBe('Wählen Sie Jetzt prüfen, um den Update-Feed zu lesen.');
});

it('a consent dialog’s title and detail are German, the page’s value shown as it is', async () => {
  await germanShell();
  const tiles = 'https://tiles.example.org/{z}/{x}/{y}.png';
  const asking = call('settings.update', { tileUrl: tiles });
  const shown = await waitFor(() => electron.dialogs('messageBox').find((d) => !d.answered), {
    what: 'a consent dialog',
    timeoutMs: 10_000,
  });
  expect(shown.options.message).toBe('Die URL der Kartenkacheln ändern?');
  expect(String(shown.options.detail).split('\n')).toEqual([
    `URL der Kartenkacheln: von https://tile.openstreetmap.org/{z}/{x}/{y}.png zu ${tiles}`,
    '',
    'Roadcam lädt Kartenkacheln von dieser Adresse, die in Ihrem Netzwerk liegen kann.',
    'Ändern Sie es nur, wenn Sie diese Änderung selbst veranlasst haben.',
  ]);
  shown.answer(0);
  await expect(asking).rejects.toThrow(/declined/);
});

it('Help > Save Diagnostics… asks where in German, its title and file type too', async () => {
  await germanShell();
  electron.answerNext.save(null);
  electron.clickMenu('Hilfe', 'Diagnose speichern…');
  const [dialog] = await waitFor(
    () => electron.dialogs('save').length > 0 && electron.dialogs('save'),
    {
      what: 'the save dialog',
      timeoutMs: 10_000,
    },
  );
  expect(dialog!.options).toMatchObject({
    title: 'Diagnose speichern',
    filters: [{ name: 'ZIP-Archive', extensions: ['zip'] }],
  });
});
