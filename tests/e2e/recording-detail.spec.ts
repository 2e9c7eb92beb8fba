/**
 * A recording's detail under Downloads: opened from a search result, tags added and saved on
 * the service (a reload, which asks the service again, still shows them), and back to the search.
 */
import { expect, test } from './fixtures.ts';

test("open a recording's detail from a search result, add a tag, see it saved after a reload", async ({
  page,
  roadcam,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${roadcam.url}#/downloads`);
  await page.getByLabel('Longest (min)').fill('2');
  await page.getByRole('button', { name: 'Search recordings' }).click();
  await expect(page.getByText(/complete recordings match/)).toBeVisible();
  const link = page.getByRole('link', { name: /^rec_/ }).first();
  const id = (await link.textContent())!.trim();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`#/downloads/recording/${id}$`));
  await expect(page.getByRole('heading', { name: `Recording ${id}` })).toBeVisible();
  await expect(page.getByTestId('recording-status')).toHaveText('Complete');
  await expect(page.getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/).first()).toBeVisible();
  const frame = page.getByRole('img', { name: `Preview frame of recording ${id}` });
  await expect
    .poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const tag = `e2e-${Date.now().toString(36)}`;
  await page.getByLabel('Add tags').fill(`${tag}, night`);
  await page.getByRole('button', { name: 'Add tags' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved: ${tag}, night.` })).toBeVisible();
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByText(tag, { exact: true })).toBeVisible();

  // A reload asks the service again (also how a roadcam:// link arrives): the tag was saved there.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Recording ${id}` })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Tags' }).getByText(tag, { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Tags' }).getByText('night', { exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: '← Downloads' }).click();
  await expect(page.getByRole('button', { name: 'Search recordings' })).toBeVisible();
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
  await page.getByText('More filters').click();
  const around = page.getByRole('button', { name: "Around the map's view" });
  await expect(around).toBeEnabled();
  await around.click();
  await expect(page.getByLabel('Near (lat,lon)')).toHaveValue(/^-?\d+\.\d{4},-?\d+\.\d{4}$/);
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Any');
  await page.getByRole('button', { name: 'Search recordings' }).click();
  await expect(page.getByText(/^[1-9]\d* recordings match\.$/)).toBeVisible();
});
