/**
 * Settings that reach the machine, asked through the real shell: the page's call waits on a
 * native message box of the main process (the stand-in's dialog), Cancel keeps the setting and
 * says so, Change applies it; a batch outside the download folder asks the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';

afterEach(() => stopShell());

const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';

/** The message box the core is waiting on, once it is shown. */
function question() {
  return waitFor(() => electron.dialogs('messageBox').find((d) => !d.answered), {
    what: 'a consent dialog',
    timeoutMs: 10_000,
  });
}

describe('consent in the desktop app', () => {
  it('a tile address from the page waits for the dialog: Cancel keeps it, Change sets it', async () => {
    await startShell();
    const before = await call<{ tileUrl: string }>('settings.get');

    const declined = call('settings.update', { tileUrl: TILES });
    const first = await question();
    expect(JSON.stringify(first.options)).toContain(TILES);
    first.answer(0);
    await expect(declined).rejects.toThrow(/Not changed: you declined/);
    expect((await call<{ tileUrl: string }>('settings.get')).tileUrl).toBe(before.tileUrl);

    const agreed = call<{ tileUrl: string }>('settings.update', { tileUrl: TILES });
    (await question()).answer(1);
    expect((await agreed).tileUrl).toBe(TILES);
  });

  it('a batch outside the download folder asks, and Cancel starts nothing', async () => {
    await startShell();
    const page = await call<{ features: { id: string }[] }>('recordings.search', {
      status: 'complete',
      limit: 1,
    });
    const elsewhere = mkdtempSync(join(tmpdir(), 'roadcam-elsewhere-'));
    try {
      const adding = call('downloads.add', {
        recordingIds: page.features.map((r) => r.id),
        formats: ['jpg'],
        folder: join(elsewhere, 'batch'),
      });
      (await question()).answer(0);
      await expect(adding).rejects.toThrow(/Not started: you declined the download/);
      const list = await call<{ batches: unknown[] }>('downloads.list');
      expect(list.batches).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
