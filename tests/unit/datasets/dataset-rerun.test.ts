/**
 * datasets.export run again after the user touched the folder, and canceled part-way, against
 * the embedded service through a proxy that can stall an image: a rerun fetches again exactly
 * the files deleted or changed since (their manifest rows true to them), and Cancel stops the
 * export saying what it kept, which the same export then completes without fetching twice.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { said } from '../../../src/shared/i18n/translator.ts';
import type { IpcError } from '../../../src/shared/ipc.ts';
import type { DatasetProgress, DatasetRequest } from '../../../src/shared/ipc/datasets.ts';
import { startAccountCore } from '../../helpers/core.ts';
import { filesUnder, sha256File, tempDir } from '../../helpers/downloads.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { waitFor } from '../../helpers/wait.ts';

const work = tempDir('roadcam-dataset-rerun-');
let core: Core;
let proxy: FaultProxy;

test.override({ world: { cameras: 20, hours: 2 } });
test.beforeAll(async ({ service }) => {
  proxy = await startFaultProxy(service.url);
  core = await startAccountCore(join(work.path, 'data'), proxy.url);
});
afterAll(async () => {
  await core.close();
  await proxy.close();
  work.remove();
});

const request = (folder: string): DatasetRequest => ({
  query: {},
  label: 'road_weather',
  perClass: 3,
  folder: join(work.path, folder),
  exportId: folder,
});

const manifestOf = (folder: string) =>
  readFileSync(join(work.path, folder, 'manifest.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; sha256: string });

const imagesIn = (folder: string) =>
  filesUnder(join(work.path, folder)).filter((f) => f.endsWith('.jpg'));

test('run again, an image deleted or changed since is fetched again, and only those', async () => {
  const first = await core.api.invoke('datasets.export', request('touched'));
  const [gone, changed] = manifestOf('touched');
  rmSync(join(work.path, 'touched', gone!.file));
  writeFileSync(join(work.path, 'touched', changed!.file), 'not the image any more');
  proxy.signed.length = 0;
  const again = await core.api.invoke('datasets.export', request('touched'));
  expect(again.files).toBe(first.files);
  expect(proxy.signed.length).toBe(2);
  for (const row of manifestOf('touched')) {
    expect(sha256File(join(work.path, 'touched', row.file))).toBe(row.sha256);
  }
});

test('Cancel stops the export saying what it kept; the same export completes it, fetching each image once', async () => {
  const heard: DatasetProgress[] = [];
  const stop = core.api.on('datasets.progress', (p) => heard.push(p));
  // One image goes silent part-way: the export cannot end before the cancel.
  proxy.inject({ kind: 'stall', after: 0.5 });
  proxy.signed.length = 0;
  const running = core.api.invoke('datasets.export', request('canceled'));
  const outcome = running.then(
    () => new Error('the export ended though it was canceled'),
    (error: Error) => error,
  );
  const images = await waitFor(
    () => heard.find((p) => p.phase === 'images' && p.total > 1 && p.done === p.total - 1),
    { what: 'every image but the stalled one to be fetched' },
  );
  stop();
  expect(await core.api.invoke('datasets.cancel', { exportId: 'canceled' })).toBe(true);
  const error = await outcome;
  // Said as a catalogue message too, for the dialog to show in its user's language.
  expect((error as IpcError).said).toEqual(
    said('datasets.canceled', {
      done: images.done,
      total: images.total,
      folder: join(work.path, 'canceled'),
    }),
  );
  expect(error.message).toContain(
    `The export was canceled: ${images.done} of ${images.total} images are kept in ${join(work.path, 'canceled')}. ` +
      'Run the same export again to complete it; nothing is fetched twice.',
  );
  const kept = imagesIn('canceled');
  expect(kept).toHaveLength(images.done);
  expect(await core.api.invoke('datasets.cancel', { exportId: 'canceled' })).toBe(false);

  // The rerun asks for the one image not kept, and for nothing else. (Which image stalled is
  // the proxy's first answer, not its first request: downloads run side by side.)
  const askedBefore = proxy.signed.length;
  const done = await core.api.invoke('datasets.export', request('canceled'));
  expect(done.files).toBe(images.total);
  expect(done.resumed).toBe(true);
  expect(proxy.signed.slice(askedBefore)).toHaveLength(1);
  const added = imagesIn('canceled').filter((file) => !kept.includes(file));
  expect(added).toHaveLength(1);
  expect(imagesIn('canceled')).toHaveLength(images.total);
});
