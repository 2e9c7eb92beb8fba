/**
 * The queue's writes around a file's rename, with the transfers' milestones written behind
 * (write-behind.ts), over real HTTP against the embedded service: when a `.part` is renamed,
 * SQLite already says its whole body arrived (a crash past the rename is recognised on the next
 * run); a row says completed only once its file is in place; closing the manager writes what
 * still waits. What SQLite holds is read through a second connection: what is committed.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, expect, vi } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';
import { chooseByIds } from '../../../src/engine/downloads/selection.ts';
import { insideFolder } from '../../../src/engine/downloads/naming.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import type { RecordingFormat } from '../../../src/shared/api/index.ts';
import {
  demoClient,
  makeRecordings,
  startManager,
  type TestManager,
} from '../../helpers/downloads.ts';

/** Called before every rename the code under test makes (node:fs/promises, mocked below). */
const renames = vi.hoisted(() => ({
  seen: undefined as ((from: string, to: string) => void) | undefined,
}));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return {
    ...real,
    rename: (from: string, to: string) => {
      renames.seen?.(from, to);
      return real.rename(from, to);
    },
  };
});

let client: ApiClient;
let ids: string[];
let t: TestManager | undefined;
let reader: Database.Database | undefined;

test.override({ world: { cameras: 300, hours: 2 } });
test.beforeAll(async ({ service }) => {
  client = demoClient(service.url);
  ids = await makeRecordings(service, client, 3, 20);
});
afterEach(async () => {
  renames.seen = undefined;
  reader?.close();
  reader = undefined;
  await t?.stop();
  t = undefined;
});

/**
 * A manager running one file at a time, a second connection to its database, and a batch of
 * the recordings `of` to start.
 */
async function started(of = ids, formats: RecordingFormat[] = ['zip', 'mp4']) {
  t = startManager(client, {}, { downloadConcurrency: 1, speedLimitKBps: 0 });
  reader = new Database(join(t.dir, 'roadcam.sqlite'), { readonly: true });
  const chosen = await chooseByIds(client, of);
  const folder = t.folder;
  const batch = () =>
    t!.manager.createBatch({
      label: 'test',
      folder,
      template: DEFAULT_TEMPLATE,
      existing: 'rename',
      formats,
      chosen,
    });
  return { t, reader, folder, batch };
}

test('renames a .part only once SQLite says its body arrived, and says completed only after', async () => {
  const { t, reader, folder, batch } = await started();
  const row = reader.prepare(
    'SELECT state, bytes_done, bytes_total FROM download_items WHERE name = ?',
  );
  const early: string[] = [];
  let renamed = 0;
  renames.seen = (from, to) => {
    if (!from.endsWith('.part')) return;
    renamed++;
    const r = row.get(relative(folder, to)) as { bytes_done: number; bytes_total: number };
    if (r.bytes_done !== r.bytes_total) early.push(`${to}: ${r.bytes_done} of ${r.bytes_total}`);
  };
  // Checked as SQLite writes it, on the manager's own connection: a row that says completed
  // has its file in place and no `.part` left.
  const misplaced: string[] = [];
  t.db.function('placed', (name: unknown) => {
    const target = insideFolder(folder, String(name));
    if (!existsSync(target) || existsSync(`${target}.part`)) misplaced.push(target);
    return 1;
  });
  t.db.exec(`CREATE TEMP TRIGGER placed AFTER UPDATE OF state ON download_items
               WHEN NEW.state = 'completed' BEGIN SELECT placed(NEW.name); END`);
  const { id } = batch();
  expect((await t.whenFinished(id)).state).toBe('completed');
  expect(renamed).toBe(ids.length * 2);
  expect(early).toEqual([]);
  expect(misplaced).toEqual([]);
});

test('closing the manager writes the milestones that still wait', async () => {
  // One file: no other transfer's statement runs the write, nor does its end.
  const { t, reader, batch } = await started(ids.slice(0, 1), ['zip']);
  const store = t.manager.store;
  const complete = store.complete.bind(store);
  const first = new Promise<number>((resolve) => {
    store.complete = (id, ...rest) => {
      complete(id, ...rest);
      resolve(id);
    };
  });
  batch();
  const id = await first;
  const state = () =>
    (reader.prepare('SELECT state FROM download_items WHERE id = ?').get(id) as { state: string })
      .state;
  // The file is in place; its row's write waits for the next statement.
  expect(state()).toBe('downloading');
  await t.manager.close();
  expect(state()).toBe('completed');
});
