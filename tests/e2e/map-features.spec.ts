import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { say, sayWithin } from './say.ts';

// The Map view's weather replay, favourites and complete fetch, against a world of more
// cameras than paging reaches (4,100), so that "Fetch all" is offered.
const CAMERAS = 4500;
const TEN_MINUTES = 10 * 60_000;

let own: OwnService;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  own = await startOwnService({ cameras: CAMERAS, hours: 2 });
});

test.afterAll(async () => {
  await own?.close();
});

const serviceSearch = (kind: string, params: object) => own.search(kind, params, 1);
const openMap = (page: Page) => own.openMap(page);

/** How the replay bar writes a snapshot's time, in the page's locale and time zone, named. */
function replayLabel(page: Page, time: number): Promise<string> {
  return page.evaluate(
    (t) =>
      new Date(t).toLocaleString(undefined, {
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
    time,
  );
}

test('the weather replay steps through the snapshots of the last 48 hours', async ({
  page,
}, testInfo) => {
  await openMap(page);
  const newest = await serviceSearch('observations', { sort: 'time', sort_dir: 'desc' });
  const latest = Date.parse(newest.features[0]!.properties.time!);
  // The newest mark is the one before the newest observation's (snapshots lag ten minutes).
  const newestMark = Math.floor(latest / TEN_MINUTES) * TEN_MINUTES - TEN_MINUTES;

  await page.getByRole('button', { name: say('map.replay') }).click();
  const bar = page.getByRole('region', { name: say('map.replay') });
  const slider = bar.getByRole('slider', { name: say('map.replay.time') });
  await expect(slider).toHaveAttribute('max', String(48 * 6 - 1));
  await expect(slider).toHaveValue(String(48 * 6 - 1));
  await expect(bar.getByTestId('replay-time')).toHaveText(await replayLabel(page, newestMark));
  // Every camera of the snapshot is a dot on the replay's canvas, above the camera tiles.
  await expect(page.locator('.leaflet-replay-pane > canvas.leaflet-zoom-animated')).toHaveCount(1);
  // Drawn from the snapshot's columns, not a layer per camera: the canvas says how many dots.
  await expect(page.locator('.leaflet-replay-pane > canvas')).toHaveAttribute(
    'data-dots',
    /^[1-9]\d*$/,
  );

  // One hour back, with the keyboard: six ten-minute steps.
  await slider.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue(String(48 * 6 - 7));
  await expect(bar.getByTestId('replay-time')).toHaveText(
    await replayLabel(page, newestMark - 6 * TEN_MINUTES),
  );
  await expect(bar.getByRole('alert')).toHaveCount(0);

  // Play moves forward by itself, one mark every 0.7 s.
  await bar.getByRole('button', { name: say('map.replay.play'), exact: true }).click();
  await expect(slider).not.toHaveValue(String(48 * 6 - 7), { timeout: 5_000 });
  await bar.getByRole('button', { name: say('map.replay.pause'), exact: true }).click();
  await page.screenshot({ path: testInfo.outputPath('map-replay.png') });

  await bar.getByRole('button', { name: say('map.replay.close') }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.locator('.leaflet-replay-pane > canvas.leaflet-zoom-animated')).toHaveCount(0);
});

/** The ids of the alerts in the service's own file of a mark (alerts/_all, yyyyddmmThhmmZ). */
async function serviceAlertIds(mark: number): Promise<string[]> {
  const iso = new Date(mark).toISOString();
  const name = `${iso.slice(0, 4)}${iso.slice(8, 10)}${iso.slice(5, 7)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
  const answer = await own.get(`/v1/alerts/_all/${name}.json`);
  expect(answer.status).toBe(200);
  const file = (await answer.json()) as { features: { id: string }[] };
  return file.features.map((f) => f.id).sort();
}

test('the weather replay plays the alert polygons of each mark', async ({ page }, testInfo) => {
  await openMap(page);
  const newest = await serviceSearch('observations', { sort: 'time', sort_dir: 'desc' });
  const latest = Date.parse(newest.features[0]!.properties.time!);
  const newestMark = Math.floor(latest / TEN_MINUTES) * TEN_MINUTES - TEN_MINUTES;
  // The marks of the world's two hours, newest first; the test needs one with alerts and an
  // earlier one whose alerts differ (the service's storms and its own alerts come and go).
  const files: string[][] = [];
  for (let back = 0; back < 10; back++)
    files.push(await serviceAlertIds(newestMark - back * TEN_MINUTES));
  expect(files[0]!.length).toBeGreaterThan(0);
  const other = files.findIndex((ids) => ids.join() !== files[0]!.join());
  expect(other).toBeGreaterThan(0);

  await page.getByRole('button', { name: say('map.replay') }).click();
  const bar = page.getByRole('region', { name: say('map.replay') });
  const drawn = page.locator('path.replay-alert');
  const drawnIds = async () =>
    (await drawn.evaluateAll((paths) => paths.map((p) => p.getAttribute('data-alert-id')))).sort();
  const count = bar.getByTestId('replay-alerts');
  await expect(count).toHaveAttribute('data-time', new Date(newestMark).toISOString());
  await expect(drawn).toHaveCount(files[0]!.length);
  expect(await drawnIds()).toEqual(files[0]);
  await expect(count).toHaveText(say('map.replay.alerts', { count: files[0]!.length }));
  // Under the replay's dots: the polygons are in the overlay pane, the dots in the replay pane above.
  await expect(page.locator('.leaflet-overlay-pane path.replay-alert').first()).toBeAttached();

  const slider = bar.getByRole('slider', { name: say('map.replay.time') });
  await slider.focus();
  for (let i = 0; i < other; i++) await page.keyboard.press('ArrowLeft');
  const otherMark = newestMark - other * TEN_MINUTES;
  await expect(count).toHaveAttribute('data-time', new Date(otherMark).toISOString());
  await expect(drawn).toHaveCount(files[other]!.length);
  expect(await drawnIds()).toEqual(files[other]);
  await page.screenshot({ path: testInfo.outputPath('map-replay-alerts.png') });

  // The toggle takes them off and puts them back; the dots stay.
  const toggle = bar.getByRole('checkbox', { name: say('map.layer.alerts') });
  await toggle.uncheck();
  await expect(drawn).toHaveCount(0);
  await expect(page.locator('.leaflet-replay-pane > canvas.leaflet-zoom-animated')).toHaveCount(1);
  await toggle.check();
  await expect(drawn).toHaveCount(files[other]!.length);

  await bar.getByRole('button', { name: say('map.replay.close') }).click();
  await expect(drawn).toHaveCount(0);
});

test('a replay alert opens in the Alerts view, clicked through the dots above it', async ({
  page,
}) => {
  await openMap(page);
  // The current alerts off, so that the click can only reach the replay's polygon.
  const layers = page.locator('.leaflet-control-layers');
  await layers.hover();
  await layers.getByLabel(say('map.layer.alerts')).uncheck();
  await expect(page.locator('path.alert-area')).toHaveCount(0);
  await page.getByRole('button', { name: say('map.replay') }).click();
  await expect(page.locator('path.replay-alert').first()).toBeAttached();
  // A polygon whose middle the pointer reaches (through the replay's canvas of dots above it).
  const target = await page.evaluate(() => {
    for (const path of document.querySelectorAll('path.replay-alert')) {
      const r = path.getBoundingClientRect();
      const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
      if (document.elementFromPoint(x, y) === path)
        return { id: path.getAttribute('data-alert-id')!, x, y };
    }
    return null;
  });
  expect(target).not.toBeNull();
  const { id, x, y } = target!;
  await page.mouse.click(x, y);
  await expect(page).toHaveURL(new RegExp(`#/alerts/${encodeURIComponent(id)}$`));
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
});

test('a favourite camera stays one after a reload, until it is removed', async ({ page }) => {
  await openMap(page);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const first = page
    .getByRole('list', { name: say('search.results.label') })
    .locator('[data-id]')
    .first();
  const id = await first.getAttribute('data-id');
  await first.click();
  const panel = page.getByTestId('camera-panel');
  const favourite = panel.getByRole('button', { name: sayWithin('map.camera.favourite') });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(panel.getByRole('status')).toHaveText(say('map.camera.favouriteAdded'));
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveText(`★ ${say('map.camera.favourite')}`);

  // Kept by the main process (SQLite), not by the page.
  await openMap(page);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await page
    .getByRole('list', { name: say('search.results.label') })
    .locator(`[data-id="${id}"]`)
    .click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  await favourite.click();
  await expect(panel.getByRole('status')).toHaveText(say('map.camera.favouriteRemoved'));
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await openMap(page);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await page
    .getByRole('list', { name: say('search.results.label') })
    .locator(`[data-id="${id}"]`)
    .click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
});

test('over 4,100 results, "Fetch all" lists every camera', async ({ page }, testInfo) => {
  const expected = await serviceSearch('cameras', {});
  expect(expected.properties.total).toBe(CAMERAS);
  await openMap(page);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const total = page.getByTestId('result-total');
  await expect(total).toHaveText(CAMERAS.toLocaleString('en-US'));
  await expect(page.getByText(say('search.results.over', { ceiling: 4100 }))).toBeVisible();

  await page.getByRole('button', { name: say('search.results.fetchAll') }).click();
  const summary = page.getByRole('status').filter({ has: total });
  await expect(summary).toContainText(
    say('search.results.total', { kind: 'cameras', count: CAMERAS, complete: 'true' }),
    { timeout: 60_000 },
  );
  await expect(total).toHaveText(CAMERAS.toLocaleString('en-US'));
  await expect(
    page.getByRole('progressbar', { name: say('search.results.fetchingLabel') }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: say('search.results.fetchAll') })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The list holds all of them (rows of 46 px), past the 4,100 that paging reaches.
  const list = page.getByRole('list', { name: say('search.results.label') });
  expect(await list.evaluate((el) => el.scrollHeight)).toBeGreaterThanOrEqual(CAMERAS * 46);
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(list.locator('[data-id]').last()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-fetch-all.png') });
});
