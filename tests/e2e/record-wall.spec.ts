/**
 * "Record all tiles": a wall of three cameras recorded over its last minute, in a real
 * Chromium against browser mode on the service: the dialog (checked by axe, photographed for
 * docs/wall.md), then one batch of three files in Downloads, every one completed. And "Record
 * these cameras" from the map's camera search results, and Downloads' "Record a camera": the
 * same recordings.createMany for one camera.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { RoadcamHost } from './fixtures.ts';
import { startAdminService, startRoadcamOn, wallRoute, type AdminService } from './wall-helpers.ts';
import { seriousViolations } from './axe.ts';

let service: AdminService;
let host: RoadcamHost;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startAdminService(60);
  host = await startRoadcamOn(service);
});

test.afterAll(async () => {
  await host?.stop();
  await service?.stop();
});

test('Record all tiles: a wall of 3 cameras becomes one batch of 3 files in Downloads', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const cameras = (await service.cameras()).still.slice(0, 3);
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-tile]')).toHaveCount(3);

  await page.getByRole('button', { name: 'Record all tiles' }).click();
  const dialog = page.getByRole('dialog', { name: /Record all tiles/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('3 cameras');
  // A given period: two times in the zone the app shows, which it names.
  await dialog.getByLabel('A period').check();
  await expect(dialog.getByLabel('From', { exact: true })).toHaveValue(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d$/,
  );
  await expect(dialog).toContainText(/Times in \S+/);
  const folder = join(host.dataDir, 'recorded');
  await dialog.getByLabel('Folder').fill(folder);
  await page.waitForTimeout(300);
  await dialog.screenshot({ path: 'docs/screenshots/record-wall.png' });
  expect((await seriousViolations(page)).join('\n')).toBe('');

  // The last minute: short recordings, quick to make.
  await dialog.getByRole('radio', { name: /The last/ }).check();
  await dialog.getByRole('spinbutton', { name: 'Minutes' }).fill('1');
  await dialog.getByRole('button', { name: 'Record and download' }).click();
  await expect(dialog.getByRole('status')).toContainText('3 of 3 recordings requested');
  await dialog.getByRole('link', { name: 'Open Downloads' }).click();

  await expect(page).toHaveURL(/#\/downloads\?batch=\d+$/);
  const batch = page.getByTestId('download-batch').filter({ hasText: '3 cameras' });
  await expect(batch).toHaveCount(1);
  const items = batch.getByTestId('download-item');
  await expect(items).toHaveCount(3);
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
  const names = await items.locator('.name').allTextContents();
  for (const camera of cameras) {
    expect(names.filter((n) => n.includes(`/${camera}/`) && n.endsWith('.mp4'))).toHaveLength(1);
  }
  expect((await seriousViolations(page)).join('\n')).toBe('');
});

test("Record these cameras: the map's camera results recorded as one batch", async ({ page }) => {
  test.setTimeout(180_000);
  const one = await service.get<{ features: { properties: { city: string } }[] }>(
    '/v1/cameras?limit=1&sort=city',
  );
  const city = one.features[0]!.properties.city;
  const listed = await service.get<{ properties: { total: number } }>(
    `/v1/cameras?limit=1&q=${encodeURIComponent(city)}`,
  );
  const n = listed.properties.total;
  expect(n).toBeLessThan(10);
  await page.goto(`${host.url}#/map`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Search text').fill(city);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('result-total')).toHaveText(String(n));

  await page.getByRole('button', { name: 'Record these cameras' }).click();
  const dialog = page.getByRole('dialog', {
    name: new RegExp(`^Record the ${n} cameras? listed$`),
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Minutes' }).fill('1');
  await dialog.getByLabel('jpg').check();
  await dialog.getByLabel('mp4').uncheck();
  await dialog.getByLabel('Folder').fill(join(host.dataDir, 'listed'));
  await dialog.getByRole('button', { name: 'Record and download' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    new RegExp(`${n} of ${n} recordings? requested`),
  );
  await dialog.getByRole('link', { name: 'Open Downloads' }).click();
  const label = n === 1 ? /Camera / : `${n} cameras`;
  const batch = page.getByTestId('download-batch').filter({ hasText: label });
  await expect(batch.getByTestId('download-item')).toHaveCount(n);
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
});

test("Record a camera in Downloads: one camera's period, typed in the app's zone, becomes one batch", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [camera] = (await service.cameras()).still;
  await page.goto(`${host.url}#/downloads`);
  await page.getByRole('tab', { name: 'Record a camera' }).click();
  await page.getByLabel('Camera id').fill(camera!);
  // The two minutes before the last one, as datetime-local values in the page's own zone.
  const [from, to] = await page.evaluate(() => {
    const local = (t: number) =>
      new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    return [local(Date.now() - 3 * 60_000), local(Date.now() - 60_000)];
  });
  await page.getByLabel('From', { exact: true }).fill(to!);
  await page.getByLabel('To', { exact: true }).fill(from!);
  await page.getByRole('button', { name: 'Record and download' }).click();
  await expect(page.getByRole('alert')).toHaveText('The period must end after it starts.');
  await page.getByLabel('From', { exact: true }).fill(from!);
  await page.getByLabel('To', { exact: true }).fill(to!);
  await page.getByLabel('Folder').fill(join(host.dataDir, 'one-camera'));
  await page.getByRole('button', { name: 'Record and download' }).click();
  const batch = page.getByTestId('download-batch').filter({ hasText: `Camera ${camera}` });
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
});
