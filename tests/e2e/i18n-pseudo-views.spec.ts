/**
 * Downloads and Collections speak only the catalogue's words: each view, dialog and notice of
 * theirs opened in the pseudo-locale (en-XA) fails on a word written inline and on text cut off
 * its box (tests/e2e/pseudo-text.ts); the same places in German pass axe. The elements are
 * found by their structure, not their words, which are pseudo-words here. I18N_SHOTS=DIR saves a
 * German screenshot of each place into DIR, for a person to read.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  downloadsInDataDir,
  expect,
  openView,
  smallDemo,
  startRoadcam,
  test,
  type RoadcamHost,
} from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { textCutOff, wordsNotFromCatalogue } from './pseudo-text.ts';

test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The lowest speed limit keeps a batch running while its words are read.
  roadcam = await startRoadcam(
    smallDemo,
    {},
    { policy: downloadsInDataDir, settings: { speedLimitKBps: '1' } },
  );
});
test.afterAll(async () => {
  await roadcam?.stop();
});

/** Each place the area shows: its name (for the German screenshot) and how to reach it. */
type Check = (name: string, area: Locator) => Promise<void>;

/** A batch of two recordings, running, and one of an id the service does not know (failed). */
async function startBatches(page: Page) {
  await openView(page, roadcam.url, '#/downloads');
  const form = page.locator('section.new');
  await form.locator('form.search button[type="submit"]').click();
  const boxes = form.locator('tbody input[type="checkbox"]');
  await expect(boxes.nth(1)).toBeVisible({ timeout: 30_000 });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await form.locator('label.grow input').first().fill(join(roadcam.dataDir, 'downloads'));
  await form.locator('button.primary').click();
  await expect(page.getByTestId('download-batch').first()).toBeVisible();
  await openView(page, roadcam.url, '#/downloads');
  await form.getByRole('tab').nth(1).click();
  await form.locator('textarea').fill('rec_nosuchrecording');
  await form.locator('label.grow input').first().fill(join(roadcam.dataDir, 'downloads'));
  await form.locator('button.primary').click();
  const failed = page.locator('[data-testid="download-item"][data-state="failed"]');
  await expect(failed.first()).toBeVisible({ timeout: 30_000 });
}

async function downloadsPlaces(page: Page, check: Check) {
  await startBatches(page);
  const main = page.locator('main');
  await check('downloads-batches', main);
  await page.locator('section.new').getByRole('tab').nth(0).click();
  await page.locator('details.more summary').click();
  await check('downloads-search', main);
  await page.locator('section.new').getByRole('tab').nth(2).click();
  await check('downloads-record', page.locator('section.new'));
  await page
    .locator('[data-testid="download-item"]:not([data-state="failed"]) a.details')
    .first()
    .click();
  await expect(page.locator('#recording-title')).toBeVisible();
  await expect(page.getByTestId('recording-status')).toBeVisible();
  await check('downloads-recording', main);
}

async function collectionsPlaces(page: Page, check: Check) {
  await openView(page, roadcam.url, '#/collections');
  const main = page.locator('main');
  await expect(page.getByTestId('collections-total')).toBeVisible();
  await check('collections-empty', main);
  await page.locator('button.new').click();
  const dialog = page.locator('dialog[open]');
  await check('collections-new', dialog);
  await dialog.locator('input').first().fill('Storm frames');
  await dialog.locator('button[type="submit"]').click();
  await expect(page.getByTestId('collection-name')).toHaveText('Storm frames');
  await page.locator('.actions button.primary').click();
  await dialog.locator('input[type="search"]').fill('US');
  await dialog.locator('.found input[type="radio"]').first().check();
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog.locator('p.ok')).toBeVisible({ timeout: 30_000 });
  await check('collections-add', dialog);
  await dialog.locator('.buttons button[type="button"]').click();
  await expect(page.getByTestId('thumb').first()).toBeVisible();
  await check('collections-detail', main);
  await page.getByTestId('thumb').first().locator('button.open').click();
  await check('collections-lightbox', page.locator('dialog.lightbox'));
  await page.keyboard.press('Escape');
  for (const [i, name] of [
    [2, 'export'],
    [4, 'empty'],
    [5, 'destroy'],
  ] as const) {
    await page.locator('.actions button').nth(i).click();
    await check(`collections-${name}`, dialog);
    await page.keyboard.press('Escape');
  }
  await openView(page, roadcam.url, '#/collections');
  await expect(page.getByTestId('collection-card').first()).toBeVisible();
  await check('collections-list', main);
}

test.describe('in the pseudo-locale', () => {
  test.use({ locale: 'en-XA' });

  const allWordsOurs: Check = async (_name, area) => {
    await expect(area).toBeVisible();
    expect(await wordsNotFromCatalogue(area)).toEqual([]);
    expect(await textCutOff(area)).toEqual([]);
  };

  test('Downloads: batches, a failed file, the search, the record form, a recording', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await downloadsPlaces(page, allWordsOurs);
  });

  test('Collections: the list, a collection, its images and every dialog', async ({ page }) => {
    test.setTimeout(120_000);
    await collectionsPlaces(page, allWordsOurs);
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });

  const accessible =
    (page: Page): Check =>
    async (name, area) => {
      await expect(area).toBeVisible();
      expect(await seriousViolations(page, area)).toEqual([]);
      const shots = process.env['I18N_SHOTS'];
      if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    };

  test('Settings passes axe', async ({ page }) => {
    await openView(page, roadcam.url, '#/settings');
    await expect(page.locator('#help-heading')).toBeVisible();
    await accessible(page)('settings', page.locator('main'));
  });

  test('Downloads pass axe', async ({ page }) => {
    test.setTimeout(120_000);
    await downloadsPlaces(page, accessible(page));
  });

  test('Collections pass axe', async ({ page }) => {
    test.setTimeout(120_000);
    await collectionsPlaces(page, accessible(page));
  });
});
