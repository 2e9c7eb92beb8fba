/**
 * A recording's detail under Downloads: opened from a search result, tags added and saved on
 * the service (a reload, which asks the service again, still shows them), and back to the search.
 */
import { expect, test } from './fixtures.ts';
import { say } from './say.ts';
import { ANY_NUMBER, sayPattern } from './say-pattern.ts';

test("open a recording's detail from a search result, add a tag, see it saved after a reload", async ({
  page,
  roadcam,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${roadcam.url}#/downloads`);
  await page.getByLabel(say('downloads.filters.longest')).fill('2');
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await expect(
    page.getByText(sayPattern('downloads.search.match', { status: 'complete', count: ANY_NUMBER })),
  ).toBeVisible();
  const link = page.getByRole('link', { name: /^rec_/ }).first();
  const id = (await link.textContent())!.trim();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`#/downloads/recording/${id}$`));
  await expect(
    page.getByRole('heading', { name: say('downloads.detail.title', { id }) }),
  ).toBeVisible();
  await expect(page.getByTestId('recording-status')).toHaveText(
    say('downloads.recording.complete'),
  );
  await expect(page.getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/).first()).toBeVisible();
  const frame = page.getByRole('img', { name: say('downloads.detail.frame', { id }) });
  await expect
    .poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const tag = `e2e-${Date.now().toString(36)}`;
  await page.getByLabel(say('downloads.detail.addTags')).fill(`${tag}, night`);
  await page.getByRole('button', { name: say('downloads.detail.addTags') }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: say('downloads.detail.tagsSaved', { tags: `${tag}, night` }) }),
  ).toBeVisible();
  const tags = page.getByRole('list', { name: say('downloads.detail.tags') });
  await expect(tags.getByText(tag, { exact: true })).toBeVisible();

  // A reload asks the service again (also how a roadcam:// link arrives): the tag was saved there.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: say('downloads.detail.title', { id }) }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: say('downloads.detail.tags') }).getByText(tag, { exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: say('downloads.detail.tags') })
      .getByText('night', { exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: say('downloads.detail.back') }).click();
  await expect(page.getByRole('button', { name: say('downloads.search.submit') })).toBeVisible();
});

test("recording search: any status, around the map's view", async ({ page, roadcam }) => {
  // The map saves where it was left (once moved); the search offers that area.
  await page.goto(`${roadcam.url}#/map`);
  const map = page.locator('.leaflet-container');
  await expect(map).toBeVisible();
  await map.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(1000);
  await page.goto(`${roadcam.url}#/downloads`);
  await page.getByText(say('downloads.filters.more')).click();
  const around = page.getByRole('button', { name: say('downloads.filters.aroundView') });
  await expect(around).toBeEnabled();
  await around.click();
  await expect(page.getByLabel(say('downloads.filters.near'))).toHaveValue(
    /^-?\d+\.\d{4},-?\d+\.\d{4}$/,
  );
  await page
    .getByRole('combobox', { name: say('downloads.col.status'), exact: true })
    .selectOption(say('downloads.filters.any'));
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await expect(
    page.getByText(
      sayPattern(
        'downloads.search.match',
        { status: 'any', count: /[1-9][\d,]*/ },
        { anchor: 'whole' },
      ),
    ),
  ).toBeVisible();
});
