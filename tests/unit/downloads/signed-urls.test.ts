/**
 * Signed URLs are kept for resumes and retries, but not without end: a batch of many thousand
 * files kept every file's URL for 14 minutes (and until the app quit, once the batch was done).
 */
import { expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { demoClient } from '../../helpers/api.ts';
import { SignedUrls, URLS_KEPT } from '../../../src/engine/downloads/signed-urls.ts';

test.override({ world: { cameras: 40, hours: 1 } });

test('keeps at most URLS_KEPT URLs, the newest, and asks again for a dropped one', async ({
  service,
}) => {
  const ids = await service.control.seedRecordings(URLS_KEPT + 50, {
    durationS: 2,
    tag: 'signed-urls',
    formats: ['jpg'],
  });
  const urls = new SignedUrls(demoClient(service.url));
  const target = (id: string) => ({
    kind: 'recording' as const,
    recording_id: id,
    format: 'jpg' as const,
    collection_id: null,
    image: null,
  });
  for (const id of ids) await urls.get(target(id));
  expect(urls.requested).toBe(ids.length);
  expect(urls.size).toBe(URLS_KEPT);

  // The newest is reused; the first, dropped, is asked for again.
  await urls.get(target(ids.at(-1)!));
  expect(urls.requested).toBe(ids.length);
  const again = await urls.get(target(ids[0]!));
  expect(again).toMatch(/^http/);
  expect(urls.requested).toBe(ids.length + 1);
  expect(urls.size).toBe(URLS_KEPT);
}, 120_000);
