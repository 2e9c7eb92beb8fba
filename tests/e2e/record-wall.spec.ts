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
import { docsScreenshot, say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

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

/** "3 of 3 recordings requested…", whatever the batch's name. */
const requested = (count: number) =>
  sayPattern('downloads.record.requested', { made: count, count, batch: ANY_TEXT });

/** A batch's label in Downloads: its cameras (one by id), whatever the period. */
const batchLabel = (cameras: number, camera: string | RegExp) =>
  sayPattern('downloads.label.record', { cameras, camera, start: ANY_TEXT, stop: ANY_TEXT });

test('Record all tiles: a wall of 3 cameras becomes one batch of 3 files in Downloads', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const cameras = (await service.cameras()).still.slice(0, 3);
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-tile]')).toHaveCount(3);

  await page.getByRole('button', { name: say('wall.toolbar.recordAll') }).click();
  const dialog = page.getByRole('dialog', {
    name: sayPattern('wall.toolbar.recordAllHeading', { name: ANY_TEXT }),
  });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(say('downloads.record.what', { count: 3 }));
  // A given period: two times in the zone the app shows, which it names.
  await dialog.getByLabel(say('downloads.record.range')).check();
  await expect(dialog.getByLabel(say('downloads.record.from'), { exact: true })).toHaveValue(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d$/,
  );
  await expect(dialog).toContainText(sayPattern('downloads.record.zone', { zone: /\S+/ }));
  const folder = join(host.dataDir, 'recorded');
  await dialog.getByLabel(say('downloads.record.folder')).fill(folder);
  await page.waitForTimeout(300);
  await dialog.screenshot({ path: docsScreenshot('record-wall.png') });
  expect((await seriousViolations(page)).join('\n')).toBe('');

  // The last minute: short recordings, quick to make.
  await dialog.getByRole('radio', { name: sayWithin('downloads.record.lastBefore') }).check();
  await dialog.getByRole('spinbutton', { name: say('downloads.record.minutes') }).fill('1');
  await dialog.getByRole('button', { name: say('downloads.record.submit') }).click();
  await expect(dialog.getByRole('status')).toContainText(requested(3));
  await dialog.getByRole('link', { name: say('downloads.record.open') }).click();

  await expect(page).toHaveURL(/#\/downloads\?batch=\d+$/);
  const batch = page.getByTestId('download-batch').filter({ hasText: batchLabel(3, '') });
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
  await page.getByLabel(say('search.text')).fill(city);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await expect(page.getByTestId('result-total')).toHaveText(String(n));

  await page.getByRole('button', { name: say('search.results.record') }).click();
  const dialog = page.getByRole('dialog', {
    name: say('search.results.recordTitle', { count: n }),
    exact: true,
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('spinbutton', { name: say('downloads.record.minutes') }).fill('1');
  await dialog.getByLabel('jpg').check();
  await dialog.getByLabel('mp4').uncheck();
  await dialog.getByLabel(say('downloads.record.folder')).fill(join(host.dataDir, 'listed'));
  await dialog.getByRole('button', { name: say('downloads.record.submit') }).click();
  await expect(dialog.getByRole('status')).toContainText(requested(n));
  await dialog.getByRole('link', { name: say('downloads.record.open') }).click();
  const label = batchLabel(n, ANY_TEXT);
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
  await page.getByRole('tab', { name: say('downloads.new.record') }).click();
  await page.getByLabel(say('downloads.new.cameraId')).fill(camera!);
  // The two minutes before the last one, as datetime-local values in the page's own zone.
  const [from, to] = await page.evaluate(() => {
    const local = (t: number) =>
      new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    return [local(Date.now() - 3 * 60_000), local(Date.now() - 60_000)];
  });
  const fromField = page.getByLabel(say('downloads.record.from'), { exact: true });
  const toField = page.getByLabel(say('downloads.record.to'), { exact: true });
  const submit = page.getByRole('button', { name: say('downloads.record.submit') });
  await fromField.fill(to!);
  await toField.fill(from!);
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(say('downloads.period.order'));
  await fromField.fill(from!);
  await toField.fill(to!);
  await page.getByLabel(say('downloads.record.folder')).fill(join(host.dataDir, 'one-camera'));
  await submit.click();
  const batch = page.getByTestId('download-batch').filter({ hasText: batchLabel(1, camera!) });
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
});
