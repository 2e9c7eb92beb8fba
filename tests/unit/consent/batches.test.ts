/**
 * A batch writes files where its folder says: into the download folder (or a folder in it), or
 * a folder the user chose in the native picker, without a question; anywhere else, and over
 * existing files, only once the user agrees (in browser mode: not from the page).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { coreIn, recordingDesktop, type RecordingDesktop } from '../../helpers/consent.ts';

const world = { cameras: 20, hours: 1, now: '2026-11-20T12:00:00Z' };
let desktop: RecordingDesktop;
let core: Core & { cleanup(): Promise<void> };
let browser: Core & { cleanup(): Promise<void> };
let recordingId: string;

beforeAll(async () => {
  desktop = recordingDesktop();
  core = await coreIn({ connection: { kind: 'demo', world }, desktop: desktop.bridge });
  browser = await coreIn({ connection: { kind: 'demo', world } });
  const page = await core.api.invoke('recordings.search', { status: 'complete', limit: 1 });
  recordingId = page.features[0]!.id;
  // The user's own download folder, agreed to once in the dialog.
  desktop.answer = true;
  await core.api.invoke('settings.update', { downloadFolder: join(core.dataDir, 'downloads') });
  desktop.answer = false;
}, 60_000);
afterAll(async () => {
  await core?.cleanup();
  await browser?.cleanup();
});

const add = (on: Core, folder: string, existing?: 'skip' | 'overwrite') =>
  on.api.invoke('downloads.add', {
    recordingIds: [recordingId],
    formats: ['jpg'],
    folder,
    ...(existing ? { existing } : {}),
  });

describe('in the desktop app', () => {
  it('a folder inside the download folder needs no question', async () => {
    desktop.asked.length = 0;
    const folder = join(core.dataDir, 'downloads', 'roads');
    const batch = await add(core, folder);
    expect(batch.folder).toBe(folder);
    expect(desktop.asked).toEqual([]);
  });

  it('another folder asks; Cancel starts nothing and does not even make the folder', async () => {
    desktop.asked.length = 0;
    const folder = join(core.dataDir, 'elsewhere');
    await expect(add(core, folder)).rejects.toThrow(
      /^Not started: you declined the download in the confirmation dialog\.$/,
    );
    expect(existsSync(folder)).toBe(false);
    expect(desktop.asked).toHaveLength(1);
    expect(desktop.asked[0]!.detail).toContain(
      `Folder: ${folder}, outside the download folder ${join(core.dataDir, 'downloads')}`,
    );
    // The "..": a way out of the download folder is seen as one.
    await expect(add(core, join(core.dataDir, 'downloads', '..', 'up'))).rejects.toThrow(
      /declined/,
    );
    desktop.answer = true;
    expect((await add(core, folder)).folder).toBe(folder);
    desktop.answer = false;
  });

  it("the native picker's folder needs no question: the user chose it there", async () => {
    desktop.picks = join(core.dataDir, 'picked');
    const picked = await core.api.invoke('app.chooseFolder', { title: 'Download to' });
    desktop.asked.length = 0;
    expect((await add(core, join(picked!, 'sub'))).folder).toBe(join(picked!, 'sub'));
    expect(desktop.asked).toEqual([]);
  });

  it('overwriting existing files asks, even in the download folder', async () => {
    desktop.asked.length = 0;
    await expect(add(core, join(core.dataDir, 'downloads'), 'overwrite')).rejects.toThrow(
      /declined the download/,
    );
    expect(desktop.asked[0]!.title).toBe('Download and replace existing files?');
    expect(desktop.asked[0]!.detail).toContain(
      'Files of the same name already in it will be replaced.',
    );
  });

  it('recording many cameras into another folder asks before any recording is made', async () => {
    desktop.asked.length = 0;
    const camera = (await core.api.invoke('cameras.search', { limit: 1 })).features[0]!.id;
    const count = async () =>
      (await core.api.invoke('recordings.search', { camera_id: camera, limit: 1 })).total;
    const before = await count();
    await expect(
      core.api.invoke('recordings.createMany', {
        cameraIds: [camera],
        lastMinutes: 5,
        formats: ['mp4'],
        folder: join(core.dataDir, 'recorded'),
      }),
    ).rejects.toThrow(/declined the download/);
    expect(desktop.asked).toHaveLength(1);
    expect(await count()).toBe(before);
  });
});

describe('in browser mode', () => {
  it('refuses another folder and overwriting, saying how instead', async () => {
    const elsewhere = join(browser.dataDir, 'elsewhere');
    const error = await add(browser, elsewhere).catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^Not started: in browser mode the page cannot download outside the download folder\. Choose a folder inside .*; or set the folder with the command "roadcam settings set downloadFolder DIR"/,
    );
    expect(existsSync(elsewhere)).toBe(false);
    const downloads = (await browser.api.invoke('settings.get', {})).downloadFolder;
    expect(downloads).toBe('');
    await expect(add(browser, join(browser.dataDir, 'x'), 'overwrite')).rejects.toThrow(
      /choose Skip or Rename for existing files/,
    );
  });
});
