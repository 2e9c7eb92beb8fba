/**
 * The desktop shell in the user's language, through the real entry on the Electron stand-in: the
 * menu and the tray follow the system's language, are rebuilt when Settings › Language changes
 * (no restart), and a consent dialog's buttons speak it with Cancel still the default.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';

afterEach(() => stopShell());

type Item = Electron.MenuItemConstructorOptions;

/** The top menus' labels, once the application menu's first one reads `first`. */
async function topMenus(first: string): Promise<string[]> {
  const labels = () => electron.menuTemplate().map((item) => item.label ?? '');
  await waitFor(() => labels()[0] === first || undefined, {
    what: () => `a menu starting with ${first}, not ${labels().join(', ')}`,
    timeoutMs: 10_000,
  });
  return labels();
}

function trayLabels(): string[] {
  return (electron.tray().menu?.template ?? []).map((item: Item) => item.label ?? '');
}

describe('the shell in the user’s language', () => {
  it('a German system gets a German menu and tray; Settings › French rebuilds both in French', async () => {
    await startShell({ platform: 'linux', script: { systemLanguages: ['de-DE', 'en-US'] } });
    expect(await topMenus('Datei')).toEqual([
      'Datei',
      'Bearbeiten',
      'Ansicht',
      'Gehe zu',
      'Fenster',
      'Hilfe',
    ]);
    const go = electron.menuTemplate()[3]!.submenu as Item[];
    expect(go.map((item) => item.label)).toContain('Einstellungen');
    await waitFor(() => trayLabels().includes('Roadcam öffnen') || undefined, {
      what: () => `a German tray menu, not ${trayLabels().join(', ')}`,
      timeoutMs: 10_000,
    });

    await call('settings.update', { language: 'fr' });
    expect(await topMenus('Fichier')).toContain('Aide');
    await waitFor(() => trayLabels().includes('Ouvrir Roadcam') || undefined, {
      what: () => `a French tray menu, not ${trayLabels().join(', ')}`,
      timeoutMs: 10_000,
    });
    expect(trayLabels()).toContain('Quitter Roadcam');
    electron.clickMenu('Aide', 'Enregistrer le diagnostic…');
  });

  it('English where the system lists no language of ours; Chromium’s locale left alone', async () => {
    await startShell({ script: { systemLanguages: ['nl-NL'] } });
    expect(await topMenus('File')).toContain('Help');
    expect(electron.calls('app.commandLine.appendSwitch')).toEqual([]);
  });

  it('the page is told the language the shell picked: Chromium’s locale becomes it', async () => {
    await startShell({ script: { systemLanguages: ['nl-NL', 'de-AT'] } });
    expect(electron.calls('app.commandLine.appendSwitch').map((c) => c.args)).toEqual([
      ['lang', 'de-AT'],
    ]);
    expect(await topMenus('Datei')).toContain('Hilfe');
  });

  it('a consent dialog’s buttons are German, and Cancel stays the default', async () => {
    await startShell({ script: { systemLanguages: ['de-DE'] } });
    await topMenus('Datei');
    const asking = call('settings.update', {
      tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
    });
    const shown = await waitFor(() => electron.dialogs('messageBox').find((d) => !d.answered), {
      what: 'a consent dialog',
      timeoutMs: 10_000,
    });
    expect(shown.options.buttons).toEqual(['Abbrechen', 'Ändern']);
    expect(shown.options.defaultId).toBe(0);
    expect(shown.options.cancelId).toBe(0);
    shown.answer(0);
    await expect(asking).rejects.toThrow(/declined/);
  });

  it('a finished batch’s notification speaks Spanish on a Spanish system', async () => {
    const shell = await startShell({ script: { systemLanguages: ['es-ES'] } });
    await topMenus('Archivo');
    const page = await call<{ features: { id: string }[] }>('recordings.search', {
      status: 'complete',
      sort: 'duration',
      limit: 1,
    });
    const folder = join(shell.dataDir, 'Tormenta');
    await call('downloads.add', {
      recordingIds: [page.features[0]!.id],
      formats: ['jpg'],
      folder,
      label: 'Tormenta',
    });
    const shown = await waitFor(() => electron.notifications()[0], {
      what: 'a notification',
      timeoutMs: 30_000,
    });
    expect(shown.title).toBe('Descargas completadas: Tormenta');
    expect(shown.body).toBe(`1 de 1 archivo descargado en ${folder}.`);
  });
});
