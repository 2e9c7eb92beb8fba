/**
 * A newcomer's first hour, the views that used to end in a dead end: an alert shown on the map
 * with the cameras inside it, a recording played and added to a collection, a collection filled
 * by finding cameras by words, and Downloads naming cameras, taking the map's view as its area and
 * bringing a new batch into view. Done by role and label, as a person does it, on the demo service.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_CLIENT } from '../../src/service/index.ts';
import { seriousViolations } from './axe.ts';
import { chooseFound, framesListed } from './collection-helpers.ts';
import { expect, openView, test } from './fixtures.ts';
import { say } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, sayPattern } from './say-pattern.ts';

/** Asks the demo service itself (its address as Settings shows it): an independent check. */
async function fromService<T>(page: Page, appUrl: string, path: string): Promise<T> {
  await openView(page, appUrl, '#/settings');
  const address = page.getByRole('region', { name: say('settings.connection') }).locator('code');
  await expect(address).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  const base = (await address.textContent())!;
  const token = await fetch(`${base}/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT.id,
      client_secret: DEMO_CLIENT.secret,
    }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const answer = await fetch(`${base}${path}`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  return (await answer.json()) as T;
}

/** The map's view as Downloads' "Use the map's view" writes it: [west, south, east, north]. */
async function mapViewBox(page: Page, appUrl: string): Promise<number[]> {
  await openView(page, appUrl, '#/downloads');
  await page.getByText(say('downloads.filters.more')).click();
  await page.getByRole('button', { name: say('downloads.filters.useView') }).click();
  const area = page.getByLabel(say('downloads.filters.area'));
  await expect(area).toHaveValue(/^(-?\d+\.\d{4},){3}-?\d+\.\d{4}$/);
  return (await area.inputValue()).split(',').map(Number);
}

/** A new collection made in the Collections view; the page is left on it, its route answered. */
async function newCollection(page: Page, appUrl: string, name: string): Promise<string> {
  await openView(page, appUrl, '#/collections');
  await page.getByRole('button', { name: say('collections.new') }).click();
  await page.getByLabel(say('collections.form.name'), { exact: true }).fill(name);
  await page.getByRole('button', { name: say('collections.form.create') }).click();
  await expect(page.getByTestId('collection-name')).toHaveText(name);
  return new URL(page.url()).hash;
}

/** The heading of an alert's cameras once counted, and their list it names: "Cameras inside (3)". */
const insideCount = sayPattern('alerts.camerasInside', { count: ANY_NUMBER }, { anchor: 'whole' });
/** The Add button of the Add an image dialog and of Add to collection. */
const add = { name: say('collections.add.add'), exact: true };
/** The Add an image dialog's count of images added so far, whatever the last one was. */
const soFar = (count: number) => sayPattern('collections.add.added', { what: ANY_TEXT, count });

async function expectNoSeriousViolations(page: Page, within: Locator): Promise<void> {
  expect(await seriousViolations(page, within)).toEqual([]);
}

test('an alert opens on the map fitted to its area, and lists the cameras inside it', async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(`${roadcam.url}#/alerts`);
  const alerts = page.getByLabel(say('alerts.list')).getByRole('button');
  await expect(alerts.first()).toBeVisible();
  const detail = page.getByRole('article');
  // The first alert with a camera inside (the demo's world is small: some areas hold none).
  let cameras: Locator | null = null;
  for (let i = 0; i < Math.min(10, await alerts.count()); i++) {
    await alerts.nth(i).click();
    const heading = detail.getByRole('heading', { name: insideCount });
    await expect(heading).toBeVisible();
    if ((await heading.textContent())!.trim() !== say('alerts.camerasInside', { count: 0 })) {
      cameras = detail.getByRole('list', { name: insideCount }).getByRole('link');
      break;
    }
  }
  if (!cameras) throw new Error('None of the first ten alerts has a camera inside.');
  await cameras.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('alert-detail.png') });
  await expectNoSeriousViolations(page, detail);

  const headline = (await detail.getByRole('heading', { level: 2 }).textContent())!.trim();
  const alertId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
  await detail.getByRole('button', { name: say('search.showOnMap') }).click();
  await expect(page).toHaveURL(/#\/map\?alert=/);
  const panel = page.getByTestId('alert-panel');
  await expect(panel.getByRole('heading', { name: headline })).toBeVisible();
  await expect(panel.getByRole('list', { name: say('alerts.camerasInsideLabel') })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('alert-on-map.png') });

  // The map holds the alert's area, and not much more: not the whole continent it showed.
  const { bbox } = await fromService<{ bbox: number[] }>(
    page,
    roadcam.url,
    `/v1/alerts/${alertId}`,
  );
  const [west, south, east, north] = bbox as [number, number, number, number];
  const view = await mapViewBox(page, roadcam.url);
  expect(view[0]!).toBeLessThanOrEqual(west);
  expect(view[1]!).toBeLessThanOrEqual(south);
  expect(view[2]!).toBeGreaterThanOrEqual(east);
  expect(view[3]!).toBeGreaterThanOrEqual(north);
  expect(view[2]! - view[0]!).toBeLessThan(Math.max(4, 3 * (east - west)));

  // A camera of the list opens on the map, its panel open, and its recordings from there.
  await openView(page, roadcam.url, `#/alerts/${encodeURIComponent(alertId)}`);
  await expect(cameras.first()).toBeVisible();
  const name = (await cameras.first().textContent())!.trim();
  await cameras.first().click();
  const cameraPanel = page.getByTestId('camera-panel');
  await expect(cameraPanel.getByRole('heading', { name })).toBeVisible();
  const cameraId = (await cameraPanel.locator('.id').textContent())!.trim().split(/\s/)[0]!;
  // The map is where the camera is, close enough to show it among its neighbours.
  await expect(page.getByTestId('cameras-drawn')).toHaveAttribute('data-count', /^[1-9]\d*$/);
  await page.screenshot({ path: testInfo.outputPath('camera-panel.png') });
  await cameraPanel.getByRole('button', { name: say('map.camera.recordings') }).click();
  await expect(page).toHaveURL(/#\/downloads$/);
  await expect(page.getByLabel(say('downloads.col.camera'), { exact: true })).toHaveValue(cameraId);
  await expect(
    page.getByText(
      sayPattern(
        'downloads.search.match',
        { count: ANY_NUMBER, status: 'any' },
        { anchor: 'whole' },
      ),
    ),
  ).toBeVisible();
});

test('a recording plays on its page and its preview goes into a collection', async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.goto(`${roadcam.url}#/collections`);
  const collection = await newCollection(page, roadcam.url, 'Night drives');

  await openView(page, roadcam.url, '#/downloads');
  await page.getByLabel(say('downloads.filters.longest')).fill('2');
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await page.getByRole('link', { name: /^rec_/ }).first().click();
  const id = decodeURIComponent(new URL(page.url()).hash.split('/')[3]!);

  await expect(
    page.getByRole('img', { name: say('downloads.detail.frame', { id }) }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('recording-page.png') });
  await page.getByRole('button', { name: say('downloads.detail.play') }).click();
  const video = page.getByLabel(say('downloads.detail.video', { id }));
  // Playing: the service made the mp4, and the page decodes and advances it.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 90_000 })
    .toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('recording-playing.png') });

  await page.getByRole('button', { name: say('downloads.detail.addToCollection') }).click();
  await expect(page.getByRole('combobox', { name: say('collections.to.collection') })).toHaveValue(
    /.+/,
  );
  await page
    .getByRole('combobox', { name: say('collections.to.collection') })
    .selectOption({ label: 'Night drives' });
  await page.getByRole('button', add).click();
  const added = say('collections.to.added', {
    what: say('downloads.detail.frameWhat'),
    name: 'Night drives',
  });
  await expect(page.getByRole('status').filter({ hasText: added })).toHaveText(added);
  await expectNoSeriousViolations(
    page,
    page.getByRole('region', { name: say('downloads.detail.title', { id }) }),
  );

  await openView(page, roadcam.url, collection);
  await expect(page.getByTestId('thumb')).toHaveCount(1);
});

test('a collection is filled by finding cameras by words, and a wrong pick is said in words', async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(`${roadcam.url}#/collections`);
  await newCollection(page, roadcam.url, 'Around town');
  await page.getByRole('button', { name: say('collections.addImages') }).click();
  const dialog = page.getByRole('dialog', { name: say('collections.add.title') });

  // Words a person knows: a place. The answers are cameras by name, chosen with a click.
  await dialog.getByLabel(say('collections.add.findCamera'), { exact: true }).fill('Colorado');
  const found = dialog.getByRole('radiogroup', {
    name: say('collections.pick.results', { label: say('collections.add.findCamera') }),
  });
  await expect(found.getByRole('radio').first()).toBeVisible();
  const first = found.getByRole('radio').first();
  await first.check();
  await expect(
    dialog.getByRole('img', { name: sayPattern('collections.add.currentOf', { name: ANY_TEXT }) }),
  ).toBeVisible();
  await dialog.getByRole('button', add).click();
  const currentOf = sayPattern('collections.added.camera', { name: ANY_TEXT });
  const firstAdded = sayPattern(
    'collections.add.added',
    { what: currentOf, count: 1 },
    { anchor: 'whole' },
  );
  await expect(dialog.getByRole('status')).toHaveText(firstAdded);
  await expect(dialog.getByRole('status')).not.toContainText('.jpg');
  await found.getByRole('radio').nth(1).check();
  await dialog.getByRole('button', add).click();
  await expect(dialog.getByText(soFar(2))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('add-by-finding.png') });
  await expectNoSeriousViolations(page, dialog);

  // A named frame: the recording found by words, its frames listed once it is chosen.
  await dialog.getByLabel(say('collections.add.recordingFrame')).check();
  await chooseFound(page, say('collections.add.findRecording'), 'Colorado');
  await expect(dialog.getByText(framesListed)).toBeVisible({ timeout: 60_000 });
  await expect(
    dialog.getByRole('img', {
      name: sayPattern('collections.add.recordingPreview', { name: ANY_TEXT }),
    }),
  ).toBeVisible();
  await dialog.getByRole('button', add).click();
  await expect(dialog.getByText(soFar(3))).toBeVisible({ timeout: 30_000 });

  // A frame the recording does not have (its name edited): refused in words, no ids, no codes.
  await dialog.getByLabel(say('collections.add.frameName')).fill('no-such-frame.jpg');
  await dialog.getByLabel(say('collections.add.frameName')).press('Tab');
  await dialog.getByRole('button', add).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toHaveText(say('collections.refused.recordingFrame'));
  await dialog.getByRole('button', { name: say('collections.add.done') }).click();
  await expect(page.getByTestId('thumb')).toHaveCount(3);
});

test('Downloads names cameras, takes the map view as its area, and shows a new batch', async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(`${roadcam.url}#/map`);
  await expect(page.locator('.leaflet-container')).toBeVisible();
  const box = await mapViewBox(page, roadcam.url);
  expect(box[0]!).toBeLessThan(box[2]!);
  await page.getByLabel(say('downloads.filters.area')).fill('');

  await page.getByLabel(say('downloads.filters.longest')).fill('2');
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // The camera column: a camera's name, its id kept for the pointer (title).
  const camera = rows.nth(1).getByRole('cell').nth(2);
  await expect(camera).not.toHaveText(/^[A-Z]{2}-[A-Z]{2}-\d+$/);
  await expect(camera).toHaveAttribute('title', /^[A-Z]{2}-[A-Z]{2}-\d+$/);
  await expectNoSeriousViolations(page, page.getByRole('table'));

  for (const i of [1, 2, 3]) await rows.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: say('downloads.new.download', { count: 3 }) }).click();
  // The new batch: in view, and the keyboard's focus on its heading.
  const batch = page.getByTestId('download-batch').first();
  await expect(batch.locator('summary')).toBeFocused();
  await expect(batch.locator('summary')).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('new-batch.png') });
});
