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

const FOUND = 300;
const MISSING = 30;

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
  await page.getByRole('tab', { name: 'Paste ids' }).click();
  await page
    .getByLabel('Recording ids, separated by spaces, commas or lines')
    .fill([...ids, ...missing].join('\n'));
  await page.getByLabel('jpg').check();
  await page.getByLabel('zip').uncheck();
  await page.getByLabel('mp4').uncheck();
  await page.getByLabel('File names').fill('{recording_id}.{format}');
  await page.getByLabel('Folder').fill(join(own.host.dataDir, 'large'));
  await page.getByRole('button', { name: `Download ${FOUND + MISSING}` }).click();

  const batch = page.getByTestId('download-batch').first();
  const list = batch.getByRole('list', { name: /^Files of / });
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
  await expect(late).toContainText('No recording rec_missing029 on the service');
  expect(await rows.count()).toBeLessThan(40);

  // Every failure counted in the filter once the batch is done; the filter lists only them.
  await expect(batch).toHaveAttribute('data-state', 'failed', { timeout: 90_000 });
  const filter = page.getByLabel('Filter by state');
  await expect(filter.locator('option[value="failed"]')).toHaveText(`Failed (${MISSING})`);
  await expect(page.getByTestId('failures')).toContainText(`${MISSING} failed`);
  await filter.selectOption('failed');
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(MISSING));
  await expect(rows.first()).toHaveAttribute('data-state', 'failed');
  await expect(rows.first()).toContainText('No recording rec_missing000 on the service');
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
  await page.getByLabel('Text').fill('e2e-large-batch');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('complete');
  await page.getByRole('button', { name: 'Search recordings' }).click();
  // The page shows 25 of them; the whole search is what is queued.
  await page.getByLabel(`Select all ${FOUND} matching`).check({ timeout: 60_000 });
  await page.getByLabel('jpg').check();
  await page.getByLabel('zip').uncheck();
  await page.getByLabel('mp4').uncheck();
  await page.getByLabel('File names').fill('{recording_id}.{format}');
  await page.getByLabel('Folder').fill(join(own.host.dataDir, 'all-matching'));
  await page.getByRole('button', { name: 'Download all matching' }).click();

  const batch = page.getByTestId('download-batch').first();
  const list = batch.getByRole('list', { name: /^Files of / });
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(FOUND), {
    timeout: 60_000,
  });
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 90_000 });
  const files = (await readdir(join(own.host.dataDir, 'all-matching'))).sort();
  expect(files).toEqual(ids.map((id) => `${id}.jpg`).sort());
});
