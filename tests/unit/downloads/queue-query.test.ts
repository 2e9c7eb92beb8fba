/**
 * Every recording of a query queued as one batch page by page (queue-query.ts), against the
 * embedded service over real HTTP, with pages of 20 so that the search takes many.
 */
import { afterEach, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { demoClient } from '../../helpers/api.ts';
import { startManager, type TestManager } from '../../helpers/downloads.ts';
import { queueByQuery } from '../../../src/engine/downloads/queue-query.ts';

let t: TestManager | undefined;
test.override({ world: { cameras: 40, hours: 1 } });
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

test('queues each recording once, labelled with the count, and downloads them all', async ({
  service,
}) => {
  const ids = await service.control.seedRecordings(130, {
    durationS: 2,
    tag: 'by-query',
    formats: ['jpg'],
  });
  const client = demoClient(service.url, { paging: { limit: 20 } });
  t = startManager(client);
  const destination = {
    folder: t.folder,
    template: '{recording_id}.{format}',
    existing: 'skip' as const,
  };
  const request = { ...destination, formats: ['jpg'], query: { q: 'by-query' } } as const;
  const batchId = (await queueByQuery(t.manager, client, request))!;
  const finished = await t.whenFinished(batchId, 60_000);
  expect(finished).toMatchObject({ state: 'completed', completed: 130, failed: 0 });
  const view = t.manager.batchView(batchId)!;
  expect(view.label).toBe('130 recordings');
  const names = t.manager.snapshot().items.map((i) => i.name);
  expect(names.sort()).toEqual(ids.map((id) => `${id}.jpg`).sort());
});

test('makes no batch when nothing matches', async ({ service }) => {
  const client = demoClient(service.url);
  t = startManager(client);
  const request = {
    folder: t.folder,
    template: '{recording_id}.{format}',
    existing: 'skip',
    formats: ['jpg'],
    query: { q: 'no-such-tag-anywhere' },
  } as const;
  expect(await queueByQuery(t.manager, client, request)).toBeUndefined();
  expect(t.manager.snapshot().batches).toEqual([]);
});
