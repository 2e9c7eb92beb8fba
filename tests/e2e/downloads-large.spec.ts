/**
 * A batch of a few hundred files in browser mode, against a service of the test's own with
 * short recordings added for it: the batch's files are a scrolling list that draws only the
 * rows in view, a late row is reached by scrolling, the failures are counted in the filter and
 * listed with their reasons, and axe finds nothing serious in the view with the list open.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { seriousViolations } from './axe.ts';
import { say } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

const FOUND = 300;
const MISSING = 30;

/** A batch's list of files, whatever the batch is called. */
const filesOf = sayPattern('downloads.filesOf', { name: ANY_TEXT }, { anchor: 'whole' });

let own: OwnService;
let ids: string[];
test.beforeAll(async () => {
  test.setTimeout(150_000);
  own = await startOwnService({ cameras: 50, hours: 1 });
  ids = await own.service.control.seedRecordings(FOUND, {
    durationS: 2,
    tag: 'e2e-large-batch',
    formats: ['jpg'],
  });
});
test.afterAll(async () => own?.close());

test(`a batch of ${FOUND + MISSING} files: its list scrolls to a late row, draws only the rows in view, and counts the failures`, async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Unknown ids last: their failed items are the batch's late rows.
  const missing = Array.from(
    { length: MISSING },
    (_, i) => `rec_missing${String(i).padStart(3, '0')}`,
  );
  await page.goto(`${own.host.url}#/downloads`);
  await page.getByRole('tab', { name: say('downloads.new.ids') }).click();
  await page.getByLabel(say('downloads.new.idsLabel')).fill([...ids, ...missing].join('\n'));
  await page.getByLabel('jpg').check();
  await page.getByLabel('zip').uncheck();
  await page.getByLabel('mp4').uncheck();
  await page.getByLabel(say('downloads.new.names')).fill('{recording_id}.{format}');
  await page.getByLabel(say('downloads.record.folder')).fill(join(own.host.dataDir, 'large'));
  await page
    .getByRole('button', { name: say('downloads.new.download', { count: FOUND + MISSING }) })
    .click();

  const batch = page.getByTestId('download-batch').first();
  const list = batch.getByRole('list', { name: filesOf });
  const rows = list.getByTestId('download-item');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  // Only the rows in view and a few around them exist, each told its place in the whole.
  expect(await rows.count()).toBeLessThan(40);
  await expect(list.getByRole('listitem').first()).toHaveAttribute(
    'aria-setsize',
    String(FOUND + MISSING),
  );
  const late = rows.filter({ hasText: 'rec_missing029.jpg' });
  await expect(late).toHaveCount(0);

  // Scrolled with the wheel to its end, the last row is drawn, with the reason it failed.
  await list.hover();
  for (let i = 0; i < 40 && (await late.count()) === 0; i++) await page.mouse.wheel(0, 2000);
  await expect(late).toBeVisible();
  await expect(late).toContainText(say('downloads.reason.noRecording', { id: 'rec_missing029' }));
  expect(await rows.count()).toBeLessThan(40);

  // Every failure counted in the filter once the batch is done; the filter lists only them.
  await expect(batch).toHaveAttribute('data-state', 'failed', { timeout: 90_000 });
  const filter = page.getByLabel(say('downloads.filter'));
  await expect(filter.locator('option[value="failed"]')).toHaveText(
    say('downloads.stateCount', { state: say('downloads.state.failed'), count: MISSING }),
  );
  await expect(page.getByTestId('failures')).toContainText(
    say('downloads.failedCount', { count: MISSING }),
  );
  await filter.selectOption('failed');
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(MISSING));
  await expect(rows.first()).toHaveAttribute('data-state', 'failed');
  await expect(rows.first()).toContainText(
    say('downloads.reason.noRecording', { id: 'rec_missing000' }),
  );
  await filter.selectOption('completed');
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(FOUND));
  await filter.selectOption('all');

  expect((await seriousViolations(page)).join('\n')).toBe('');
});

test(`"Select all ${FOUND} matching" queues every recording of the search, past its first pages`, async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`${own.host.url}#/downloads`);
  await page.getByLabel(say('downloads.filters.text')).fill('e2e-large-batch');
  await page.getByRole('combobox', { name: say('downloads.col.status') }).selectOption('complete');
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  // The page shows 25 of them; the whole search is what is queued.
  await page
    .getByLabel(say('downloads.search.selectAll', { count: FOUND }))
    .check({ timeout: 60_000 });
  await page.getByLabel('jpg').check();
  await page.getByLabel('zip').uncheck();
  await page.getByLabel('mp4').uncheck();
  await page.getByLabel(say('downloads.new.names')).fill('{recording_id}.{format}');
  await page
    .getByLabel(say('downloads.record.folder'))
    .fill(join(own.host.dataDir, 'all-matching'));
  await page.getByRole('button', { name: say('downloads.new.downloadAll') }).click();

  const batch = page.getByTestId('download-batch').first();
  const list = batch.getByRole('list', { name: filesOf });
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(FOUND), {
    timeout: 60_000,
  });
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 90_000 });
  const files = (await readdir(join(own.host.dataDir, 'all-matching'))).sort();
  expect(files).toEqual(ids.map((id) => `${id}.jpg`).sort());
});
