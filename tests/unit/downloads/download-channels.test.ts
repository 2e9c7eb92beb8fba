/**
 * The downloads channels through the core's validating dispatcher, as a renderer calls them:
 * a batch from ids, events, opening a file by download id (never by path).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { startCore } from '../../../src/engine/core.ts';
import type { BatchFinished, DownloadsUpdate } from '../../../src/shared/ipc/downloads.ts';
import { batchFinishedSaid } from '../../../src/shared/batch-finished.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { IpcError } from '../../../src/shared/ipc.ts';
import { NOW, tempDir } from '../../helpers/downloads.ts';
import { waitFor } from '../../helpers/wait.ts';

// Where the downloads go (the core's own data lives in the fixture's directory).
const dir = tempDir('roadcam-dl-core-');
const updates: DownloadsUpdate[] = [];
const finished: BatchFinished[] = [];

test.override({ demoWorld: { cameras: 200, hours: 2, now: NOW } });
test.beforeAll(({ core }) => {
  core.api.on('downloads.update', (u) => updates.push(u));
  core.api.on('downloads.batchFinished', (e) => finished.push(e));
});
afterAll(() => dir.remove());

describe('downloads channels', () => {
  test('download chosen recordings, report progress, and open the file by its download id', async ({
    core,
  }) => {
    const page = await core.api.invoke('recordings.search', {
      status: 'complete',
      sort: 'duration',
      limit: 3,
    });
    expect(page.features.length).toBeGreaterThan(0);
    const id = page.features[0]!.id;
    const folder = join(dir.path, 'out');
    const batch = await core.api.invoke('downloads.add', {
      recordingIds: [id, 'rec_doesnotexist', '..'],
      formats: ['jpg'],
      folder,
    });
    expect(batch.items).toBe(3);
    const done = await waitFor(() => finished.find((f) => f.batchId === batch.id), {
      what: 'the batch to finish',
      timeoutMs: 60_000,
    });
    expect(done).toMatchObject({ state: 'failed', completed: 1, failed: 2 });
    expect(english.say(batchFinishedSaid(done).title)).toMatch(/failed/);
    const list = await core.api.invoke('downloads.list', {});
    const item = list.items.find((i) => i.recordingId === id)!;
    expect(item).toMatchObject({ state: 'completed', bytesDone: item.bytesTotal });
    expect(list.items.find((i) => i.recordingId === 'rec_doesnotexist')!.message).toMatch(
      /No recording rec_doesnotexist/,
    );
    // ".." passes the id pattern, but no recording can have it: failed in words, not sent.
    expect(list.items.find((i) => i.recordingId === '..')!.message).toBe(
      '".." is not a valid recording id: an empty one, "." or ".." would address another path on the service. Check the value you entered or the link you opened.',
    );
    expect(
      updates.some((u) => u.items.some((i) => i.id === item.id && i.state === 'completed')),
    ).toBe(true);

    // No desktop shell (browser mode): the path comes back for the view to show.
    const shown = await core.api.invoke('downloads.open', { itemId: item.id });
    expect(shown.opened).toBe(false);
    expect(shown.path).toBe(join(folder, item.name));
    expect(existsSync(shown.path)).toBe(true);
  });

  test('open a downloaded file, or show it in its folder, through the desktop shell', async () => {
    // The desktop app's core: Electron's shell comes in its DesktopBridge.
    const opened: string[] = [];
    // What the desktop's opener says when it cannot open a file ('' when it can).
    let problem = '';
    const desktopDir = tempDir('roadcam-dl-desktop-');
    const desktop = await startCore({
      dataDir: desktopDir.path,
      connection: { kind: 'demo', world: { cameras: 50, hours: 1, now: NOW } },
      log: () => {},
      desktop: {
        chooseFolder: () => Promise.resolve(null),
        chooseFile: () => Promise.resolve(null),
        openPath: (p) => (opened.push(`open ${p}`), Promise.resolve(problem)),
        showItemInFolder: (p) => opened.push(`show ${p}`),
        // The batch's folder is not the download folder: the user agrees in the dialog.
        confirm: () => Promise.resolve(true),
      },
    });
    try {
      const page = await desktop.api.invoke('recordings.search', {
        status: 'complete',
        limit: 1,
      });
      const batch = await desktop.api.invoke('downloads.add', {
        recordingIds: [page.features[0]!.id],
        formats: ['jpg'],
        folder: join(desktopDir.path, 'out'),
      });
      const view = await desktop.downloads.settled(batch.id);
      expect(view.state).toBe('completed');
      const item = (await desktop.api.invoke('downloads.list', {})).items[0]!;
      const path = join(desktopDir.path, 'out', item.name);
      expect(await desktop.api.invoke('downloads.open', { itemId: item.id, folder: true })).toEqual(
        { opened: true, path },
      );
      await desktop.api.invoke('downloads.open', { itemId: item.id });
      expect(opened).toEqual([`show ${path}`, `open ${path}`]);
      problem = 'No application is registered for this file';
      const refused = await desktop.api
        .invoke('downloads.open', { itemId: item.id })
        .catch((error: IpcError) => error);
      expect((refused as IpcError).message).toBe(`Could not open ${path}: ${problem}`);
      expect((await loadTranslator('es')).say((refused as IpcError).said!)).toBe(
        `No se pudo abrir ${path}: ${problem}`,
      );
    } finally {
      await desktop.close();
      desktopDir.remove();
    }
  });

  test('refuse what a compromised renderer could send', async ({ core }) => {
    await expect(
      core.api.invoke('downloads.add', { recordingIds: ['../../etc/passwd'], formats: ['zip'] }),
    ).rejects.toThrow(/Invalid input for downloads.add/);
    await expect(
      core.api.invoke('downloads.add', {
        recordingIds: ['rec_x'],
        formats: ['zip'],
        folder: 'relative/dir',
      }),
    ).rejects.toThrow(/full path/);
    await expect(
      core.api.invoke('downloads.open', { path: '/etc/passwd' } as never),
    ).rejects.toThrow(/Invalid input/);
    await expect(core.api.invoke('downloads.open', { itemId: 999_999 })).rejects.toThrow(
      /no download 999999/,
    );
  });

  test("say each refusal in the user's language: German here", async ({ core }) => {
    const de = await loadTranslator('de');
    const german = (call: Promise<unknown>) =>
      call.then(
        () => 'no refusal',
        (error: IpcError) => (error.said ? de.say(error.said) : `English only: ${error.message}`),
      );
    const formats = ['jpg' as const];
    expect(
      await german(
        core.api.invoke('downloads.add', {
          recordingIds: ['rec_x'],
          formats,
          folder: 'relative/dir',
        }),
      ),
    ).toBe('Der Zielordner muss ein vollständiger Pfad sein, nicht „relative/dir“.');
    const query = { camera_id: 'no-such-camera', status: 'complete' as const };
    const folder = join(dir.path, 'words');
    expect(await german(core.api.invoke('downloads.add', { query, formats, folder }))).toBe(
      'Keine Aufnahme passt: Es gibt nichts herunterzuladen.',
    );
    const file = join(dir.path, 'a-file');
    writeFileSync(file, '');
    const under = join(file, 'sub');
    expect(
      await german(
        core.api.invoke('downloads.add', { recordingIds: ['rec_x'], formats, folder: under }),
      ),
    ).toBe(`Der Ordner ${under} kann nicht angelegt werden (ENOTDIR): Wählen Sie einen anderen.`);

    const page = await core.api.invoke('recordings.search', { status: 'complete', limit: 1 });
    const batch = await core.api.invoke('downloads.add', {
      recordingIds: [page.features[0]!.id],
      formats,
      folder,
    });
    await core.downloads.settled(batch.id);
    const item = (await core.api.invoke('downloads.list', {})).items.find(
      (i) => i.batchId === batch.id,
    )!;
    rmSync(join(folder, item.name));
    expect(await german(core.api.invoke('downloads.open', { itemId: item.id }))).toBe(
      `${join(folder, item.name)} ist nicht mehr da: Die Datei wurde verschoben oder gelöscht.`,
    );
  });
});
