/**
 * A newcomer's first hour on the map, done as a person would: search "Denver" and choose a
 * result, open an alert and a camera inside it, spin the wheel over an empty place with no
 * background map, play a camera's video in its panel and add it to the wall, record a camera
 * twice. Each outcome is checked against the service's own answers and the map's view.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { decodePolyline } from '../../src/shared/geo.ts';
import { cameraPin } from './map-helpers.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

let own: OwnService;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  own = await startOwnService({ cameras: 200, hours: 3 });
});

test.afterAll(async () => {
  await own?.close();
});

/** Zooms of background-map tiles the page asked for: every one is refused, as offline. */
let basemapZooms: number[] = [];

test.beforeEach(async ({ page }) => {
  basemapZooms = [];
  await page.route('**/basemap/**', (route) => {
    const z = /\/basemap\/(\d+)\//.exec(route.request().url())?.[1];
    if (z !== undefined) basemapZooms.push(Number(z));
    return route.abort('internetdisconnected');
  });
});

const map = (page: Page) => page.getByRole('application', { name: say('view.map') });

/** [west, south, east, north] the map shows, from its element (set at each move's end). */
async function mapBounds(page: Page): Promise<number[]> {
  return ((await map(page).getAttribute('data-bounds')) ?? '').split(',').map(Number);
}

async function expectInView(page: Page, [lon, lat]: readonly number[]) {
  await expect
    .poll(async () => {
      const [w = 0, s = 0, e = 0, n = 0] = await mapBounds(page);
      return lon! >= w && lon! <= e && lat! >= s && lat! <= n;
    })
    .toBe(true);
}

async function zoom(page: Page): Promise<number> {
  return Number(await map(page).getAttribute('data-zoom'));
}

/** A close-up camera marker, seen inside the map (not under the panel or off the edge). */
async function expectMarkerShown(page: Page, id: string) {
  const pin = cameraPin(page, id);
  await expect(pin).toHaveCount(1, { timeout: 20_000 });
  const box = (await map(page).boundingBox())!;
  const at = (await pin.boundingBox())!;
  expect(at.x).toBeGreaterThan(box.x);
  expect(at.x + at.width).toBeLessThan(box.x + box.width);
  expect(at.y).toBeGreaterThan(box.y);
  expect(at.y + at.height).toBeLessThan(box.y + box.height);
}

/** Drags the map by (dx, dy) pixels from its left part (clear of the panel). */
async function dragMap(page: Page, dx: number, dy: number) {
  const box = (await map(page).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 100 + dx, box.y + 100 + dy, { steps: 8 });
  await page.mouse.up();
}

const drawnCount = async (page: Page) =>
  Number(await page.getByTestId('cameras-drawn').getAttribute('data-count'));

test('searching "Denver" and choosing a result moves the map there', async ({ page }, testInfo) => {
  await own.openMap(page);
  const continent = await drawnCount(page);
  await page.getByLabel(say('search.text')).fill('Denver');
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const expected = await own.search('cameras', { q: 'Denver' }, 100);
  expect(expected.properties.total).toBeGreaterThan(1);
  const results = page.getByRole('list', { name: say('search.results.label') }).getByRole('button');
  await expect(results).toHaveCount(expected.properties.total);
  const [first, second] = expected.features as unknown as {
    id: string;
    geometry: { coordinates: [number, number] };
  }[];

  // A click: the camera's panel, and the map at street level (as close as it can show) on it.
  await results.first().click();
  await expect(page.getByTestId('camera-panel')).toContainText(first!.id);
  await expectMarkerShown(page, first!.id);
  expect(await zoom(page)).toBeGreaterThanOrEqual(12);
  await expectInView(page, first!.geometry.coordinates);
  await expect.poll(() => drawnCount(page)).toBeGreaterThan(0);
  expect(await drawnCount(page)).toBeLessThan(continent);
  await page.screenshot({ path: testInfo.outputPath('denver-result.png') });

  // Enter on the next result, then a double-click: each time the map goes to the camera.
  await results.nth(1).focus();
  await page.keyboard.press('Enter');
  await expectMarkerShown(page, second!.id);
  await dragMap(page, 250, 150);
  await results.first().dblclick();
  await expectMarkerShown(page, first!.id);

  // "Show all results" fits every result.
  await page.getByRole('button', { name: say('search.results.showAll') }).click();
  for (const f of expected.features as unknown as { geometry: { coordinates: number[] } }[]) {
    await expectInView(page, f.geometry.coordinates);
  }
  await page.screenshot({ path: testInfo.outputPath('denver-all.png') });
  expect(
    await seriousViolations(page, page.getByRole('list', { name: say('search.results.label') })),
  ).toEqual([]);
  expect(await seriousViolations(page, page.locator('.summary'))).toEqual([]);
});

test('an alert from the list is fitted, and a camera inside it opens up close', async ({
  page,
}, testInfo) => {
  own.service.control.addAlert({
    event: 'Snow Squall Warning (e2e)',
    headline: 'Snow on the Front Range (e2e)',
    polygon: [
      [-105.6, 39.3],
      [-104.6, 39.3],
      [-104.6, 40.1],
      [-105.6, 40.1],
      [-105.6, 39.3],
    ],
    states: [['CO', 'Colorado']],
  });
  await own.openMap(page);
  await page.getByRole('tab', { name: sayWithin('view.alerts') }).click();
  await page
    .getByRole('list', { name: say('alerts.current') })
    .getByRole('button', { name: /Snow Squall Warning \(e2e\)/ })
    .click();
  // Fitted, not left at the continent: the alert fills much of the map. Waited for first: the
  // continent has the alert's corners in view too, and the fit ends a moment after the click.
  await expect
    .poll(async () => {
      const [w = 0, , e = 0] = await mapBounds(page);
      return e - w;
    })
    .toBeLessThan(10);
  for (const corner of [
    [-105.6, 39.3],
    [-104.6, 40.1],
  ]) {
    await expectInView(page, corner);
  }
  const panel = page.getByTestId('alert-panel');
  const inside = panel
    .getByRole('list', { name: say('alerts.camerasInsideLabel') })
    .getByRole('button');
  await expect(inside.first()).toBeVisible({ timeout: 20_000 });
  await inside.first().click();
  const camera = page.getByTestId('camera-panel');
  const id = (await camera.locator('.id').textContent())!.trim().split(/\s/)[0]!;
  await expectMarkerShown(page, id);
  await page.screenshot({ path: testInfo.outputPath('alert-camera.png') });
});

test('a drawn route, once the map has moved away, is shown whole again', async ({ page }) => {
  await own.openMap(page);
  const box = (await map(page).boundingBox())!;
  await page.getByRole('button', { name: say('search.draw.route') }).click();
  for (const [fx, fy] of [
    [0.3, 0.4],
    [0.6, 0.55],
  ] as const) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    // Apart enough that two clicks never read as a double click (which finishes the shape).
    await page.waitForTimeout(400);
  }
  await page.getByRole('button', { name: say('search.draw.finish') }).click();
  const params = JSON.parse(
    (await page.getByTestId('spatial').getAttribute('data-params')) ?? '{}',
  ) as { polyline: string };
  const line = decodePolyline(params.polyline);
  await wheelBurst(page, -300, 6);
  await dragMap(page, 300, 200);
  await page.getByRole('button', { name: say('search.showOnMap') }).click();
  for (const point of line) await expectInView(page, point);
});

/** Spins the wheel over the map's centre, faster than the map can follow. */
async function wheelBurst(page: Page, dy: number, times: number) {
  const box = (await map(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < times; i++) await page.mouse.wheel(0, dy);
}

test('with no background map, a wheel burst stops where the outlines show, and an empty place offers a way out', async ({
  page,
}, testInfo) => {
  // The sandhills of Nebraska: no camera of the small world within the view once zoomed in.
  await page.goto(`${own.host.url}#/map?at=42.3,-101.2,6`);
  const notice = page.getByTestId('basemap-notice');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(say('map.basemapFailing'));
  await wheelBurst(page, -400, 30);
  await expect(page.getByTestId('no-cameras')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('cameras-drawn')).toHaveAttribute('data-count', '0');
  expect(await zoom(page)).toBeLessThanOrEqual(12);
  expect(Math.max(...basemapZooms)).toBeLessThanOrEqual(12);
  // The outline is drawn under the missing tiles, and the notice is said once, not per tile.
  expect(await page.locator('canvas.outline-tile').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('basemap-notice')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('empty-place.png') });
  expect(await seriousViolations(page, page.locator('.notices'))).toEqual([]);

  await page.getByRole('button', { name: say('map.showAllCameras') }).click();
  await expect(page.getByTestId('no-cameras')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => drawnCount(page), { timeout: 20_000 }).toBeGreaterThan(150);
  await page.screenshot({ path: testInfo.outputPath('all-cameras.png') });
});

test("a camera's live video plays in its panel; adding it to the wall says so and offers the way there", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const cameras = (await own.search('cameras', {}, 100)).features as unknown as {
    id: string;
    properties: { video: boolean; description: string };
  }[];
  const video = cameras.find((c) => c.properties.video)!;
  // The wall's "Show on map" link: the camera selected, up close.
  await page.goto(`${own.host.url}#/map?camera=${encodeURIComponent(video.id)}`);
  const panel = page.getByTestId('camera-panel');
  await expect(panel).toContainText(video.id);
  await expectMarkerShown(page, video.id);

  await panel.getByRole('button', { name: say('map.image.play') }).click();
  await expect(panel.getByTestId('video-state')).toHaveAttribute('data-state', 'live', {
    timeout: 45_000,
  });
  await expect
    .poll(() => panel.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(1);
  await expectBelow(panel.getByTestId('video-state'), panel.locator('video'));
  await page.screenshot({ path: testInfo.outputPath('panel-video.png') });
  expect(await seriousViolations(page, panel)).toEqual([]);

  await panel.getByRole('button', { name: say('map.camera.addToWall') }).click();
  await expect(panel.getByRole('status')).toContainText(
    say('map.camera.addedToWall', { count: 1, capacity: 4 }),
  );
  await expect(map(page)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('panel-added.png') });
  await panel.getByRole('button', { name: say('map.camera.goToWall') }).click();
  await expect(
    page.locator('[data-tile]').filter({ hasText: video.properties.description }),
  ).toHaveCount(1);
});

/** `lower` starts below the bottom of `upper`: neither covers the other. */
async function expectBelow(lower: Locator, upper: Locator) {
  // The status line comes once the picture's age is known, and the picture may be redrawn (a
  // newer image, the panel's camera filled in) between two reads: both boxes are read together
  // until both are drawn, and then the line must sit under the picture.
  await expect
    .poll(
      async () => {
        const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
        return a && b ? b.y - (a.y + a.height) : Number.NaN; // NaN: one is not drawn yet
      },
      { message: 'the status line under the picture', timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(0);
}

test("REC pins do not cover each other, nor does the panel's status cover the picture", async ({
  page,
}, testInfo) => {
  // Two recordings made through the form and a search again: some twenty steps, which on a
  // machine at load 20 took a minute (each click waits for the page to be still).
  test.setTimeout(120_000);
  await own.openMap(page);
  await page.getByLabel(say('search.text')).fill('Denver');
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await page
    .getByRole('list', { name: say('search.results.label') })
    .getByRole('button')
    .first()
    .click();
  const panel = page.getByTestId('camera-panel');
  const live = panel.getByRole('img', { name: sayPattern('map.image.liveAlt', { id: ANY_TEXT }) });
  await expect(live).toBeVisible();
  await expectBelow(panel.getByTestId('image-age'), live);
  for (const start of ['-20', '-10']) {
    await panel.getByRole('button', { name: say('map.camera.record') }).click();
    await panel.getByLabel(say('map.record.duration')).fill('2');
    await panel.getByLabel(say('map.record.start')).fill(start);
    await panel.getByRole('button', { name: say('map.record.create') }).click();
    await expect(
      panel
        .getByRole('status')
        .filter({ hasText: sayPattern('map.record.created', { id: ANY_TEXT }) }),
    ).toBeVisible();
  }
  // A new answer to the search draws the recordings of its place.
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const pins = page.locator('.recording-pin');
  await expect(pins.first()).toBeVisible({ timeout: 20_000 });
  // "●REC" is a recorder's sign, shown as it is in every language (not a catalogue word).
  await expect(pins.filter({ hasText: '●REC 2' })).toHaveCount(1);
  const boxes = await pins.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]),
  );
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a[0]! < b[2]! && b[0]! < a[2]! && a[1]! < b[3]! && b[1]! < a[3]!;
      expect(overlap, `pins at ${a.join(',')} and ${b.join(',')} overlap`).toBe(false);
    }
  }
  await pins.filter({ hasText: '●REC 2' }).click();
  await expect(
    page.getByRole('list', { name: say('map.recording.here') }).getByRole('link'),
  ).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('rec-pins.png') });
});
