import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { localeDistanceUnit, unitLabel } from '../../src/shared/units.ts';
import { roadWeatherMenu } from './map-helpers.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { E2E_LOCALE, say, sayWithin } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, sayPattern } from './say-pattern.ts';

// The app in browser mode against a service this test also queries over HTTP, so that each
// result on screen is checked against the service's own answer.
let own: OwnService;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  own = await startOwnService({ cameras: 200, hours: 3 });
});

test.afterAll(async () => {
  await own?.close();
});

const serviceSearch = (kind: string, params: object) => own.search(kind, params, 100);
const openMap = (page: Page) => own.openMap(page);

async function spatialParams(page: Page): Promise<Record<string, unknown>> {
  const text = await page.getByTestId('spatial').getAttribute('data-params');
  return JSON.parse(text ?? '{}') as Record<string, unknown>;
}

/** The total and first ids on screen equal the service's answer to the same search. */
async function expectSameAsService(page: Page, kind: string, params: object) {
  const expected = await serviceSearch(kind, params);
  await expect(page.getByTestId('result-total')).toHaveText(
    expected.properties.total.toLocaleString('en-US'),
  );
  const firstIds = expected.features.slice(0, 5).map((f) => f.id);
  const rows = page.getByRole('list', { name: say('search.results.label') }).locator('[data-id]');
  await expect(rows.first()).toBeVisible();
  const shownIds = await rows.evaluateAll((els) =>
    els.slice(0, 5).map((e) => e.getAttribute('data-id')),
  );
  expect(shownIds).toEqual(firstIds);
  return expected;
}

test('cameras are on the map after start, with the layer control and alerts', async ({
  page,
}, testInfo) => {
  // The synthetic weather may have no alert at this hour: one is added, so that the alert
  // checks below always run.
  own.service.control.addAlert({
    event: 'Dense Fog Advisory',
    headline: 'Dense fog on the plains (e2e)',
    polygon: [
      [-104, 38],
      [-96, 38],
      [-96, 42],
      [-104, 42],
      [-104, 38],
    ],
    states: [['KS', 'Kansas']],
  });
  await openMap(page);
  const drawn = Number(await page.getByTestId('cameras-drawn').getAttribute('data-count'));
  expect(drawn).toBeGreaterThan(50);
  expect(drawn).toBeLessThanOrEqual(200);
  for (const layer of ['cameras', 'observations', 'alerts', 'recordings'] as const) {
    const name = say(`map.layer.${layer}` as const);
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
  const alerts = await serviceSearch('alerts', {});
  expect(alerts.properties.total).toBeGreaterThan(0);
  await expect(page.locator('path.alert-area')).toHaveCount(alerts.properties.total);
  // The tooltip holds the service's words as text (DOM nodes, never parsed as HTML).
  await page.locator('path.alert-area').first().dispatchEvent('mouseover');
  const tooltip = page.locator('.leaflet-tooltip strong');
  await expect(tooltip).toHaveCount(1);
  const events = alerts.features.map((a) => `${a.properties.event} (${a.properties.severity})`);
  expect(events).toContain(await tooltip.textContent());
  await page.locator('path.alert-area').first().dispatchEvent('mouseout');
  await page.getByRole('tab', { name: sayWithin('view.alerts') }).click();
  await expect(
    page.getByRole('list', { name: say('alerts.current') }).getByRole('listitem'),
  ).toHaveCount(alerts.properties.total);
  await expect(page.getByRole('list', { name: say('alerts.current') })).toContainText(
    'Dense Fog Advisory',
  );
  await page.screenshot({ path: testInfo.outputPath('map-start.png') });
  await page
    .getByRole('list', { name: say('alerts.current') })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('alert-panel')).toContainText(
    sayPattern('alerts.camerasInside', { count: ANY_NUMBER }),
  );
  await page.screenshot({ path: testInfo.outputPath('map-alert.png') });
});

test('"Search this area" searches the bbox of the view', async ({ page }, testInfo) => {
  await openMap(page);
  await page.getByRole('button', { name: say('search.searchArea') }).click();
  const params = await spatialParams(page);
  expect(params.bbox).toHaveLength(4);
  await expectSameAsService(page, 'cameras', params);
  await page.screenshot({ path: testInfo.outputPath('map-bbox.png') });
});

test('the map follows its box: narrowed, it keeps its centre and shows less; widened, all again', async ({
  page,
}) => {
  await openMap(page);
  const map = page.getByRole('application', { name: say('view.map') });
  const bounds = async () => {
    const [w, s, e, n] = ((await map.getAttribute('data-bounds')) ?? '').split(',').map(Number);
    return { lon: (w! + e!) / 2, lat: (s! + n!) / 2, span: e! - w! };
  };
  const before = await bounds();
  const width = (await map.boundingBox())!.width;
  // A panel or the sidebar changing the map's box, not the window: Leaflet alone never hears it.
  await map.evaluate((el, w) => (el.style.width = `${w}px`), Math.round(width / 2));
  await expect.poll(async () => (await bounds()).span / before.span).toBeCloseTo(0.5, 2);
  const narrowed = await bounds();
  expect(narrowed.lon).toBeCloseTo(before.lon, 1);
  expect(narrowed.lat).toBeCloseTo(before.lat, 1);
  await map.evaluate((el) => (el.style.width = ''));
  await expect.poll(async () => (await bounds()).span).toBeCloseTo(before.span, 2);
  expect((await bounds()).lon).toBeCloseTo(before.lon, 1);
});

test('a sensor range search lists the observations the service finds', async ({
  page,
}, testInfo) => {
  await openMap(page);
  await page.getByText(say('map.layer.observations'), { exact: true }).first().click();
  await page.getByLabel(roadWeatherMenu('search.sensor.filter')).selectOption('range');
  await page.getByLabel(roadWeatherMenu('search.sensor.min')).selectOption('1');
  await page.getByLabel(roadWeatherMenu('search.sensor.max')).selectOption('3');
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await expectSameAsService(page, 'observations', {
    sensors: { road_weather: { min: 1, max: 3 } },
  });
  await page.screenshot({ path: testInfo.outputPath('map-sensor-range.png') });
});

/** Clicks on the map at points given as fractions of its size. */
async function clickMap(page: Page, points: [number, number][]) {
  const box = (await page.getByRole('application', { name: say('view.map') }).boundingBox())!;
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    // Apart enough that two clicks never read as a double click (which finishes the shape).
    await page.waitForTimeout(400);
  }
}

test('a route search sends the drawn route as a polyline', async ({ page }, testInfo) => {
  await openMap(page);
  await page.getByRole('button', { name: say('search.draw.route') }).click();
  await clickMap(page, [
    [0.2, 0.45],
    [0.5, 0.5],
    [0.8, 0.42],
  ]);
  await page.getByRole('button', { name: say('search.draw.finish') }).click();
  await expect(page.getByTestId('spatial')).toContainText(
    sayPattern('search.area.route', { count: 3, distance: ANY_TEXT }),
  );
  // In en-US distances are in miles, and the buffer goes out in exact km; in a language of a
  // country of kilometres (the pseudo-locale's) it goes out as typed.
  const unit = localeDistanceUnit(E2E_LOCALE);
  const buffer = page.getByLabel(say('search.buffer', { unit: unitLabel(unit, E2E_LOCALE) }));
  await buffer.fill('150');
  await buffer.press('Enter');
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const params = await spatialParams(page);
  expect(params.polyline_radius).toBe(unit === 'mi' ? 241.4016 : 150);
  const expected = await expectSameAsService(page, 'cameras', params);
  expect(expected.properties.total).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('map-route.png') });
});

test('a polygon search lists the cameras inside the drawn polygon', async ({ page }, testInfo) => {
  await openMap(page);
  await page.getByRole('button', { name: say('search.draw.polygon') }).click();
  await clickMap(page, [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
  ]);
  // Finish rather than a double click: on a busy machine two clicks may not pair up.
  await expect(
    page.getByRole('status').filter({ hasText: say('search.draw.points', { count: 4 }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: say('search.draw.finish') }).click();
  await expect(page.getByTestId('spatial')).toContainText(say('search.area.polygon', { count: 4 }));
  const params = await spatialParams(page);
  const expected = await expectSameAsService(page, 'cameras', params);
  expect(expected.properties.total).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('map-polygon.png') });
});

test('the camera panel shows a live image and a chart, and records', async ({ page }, testInfo) => {
  await openMap(page);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await page
    .getByRole('list', { name: say('search.results.label') })
    .locator('[data-id]')
    .first()
    .click();
  const panel = page.getByTestId('camera-panel');
  const live = panel.getByRole('img', { name: sayPattern('map.image.liveAlt', { id: ANY_TEXT }) });
  await expect(live).toBeVisible();
  await expect
    .poll(() => live.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(panel.getByTestId('image-age')).toContainText(
    sayPattern('map.image.updated', { age: ANY_TEXT }),
  );
  await expect(
    panel
      .getByRole('img', {
        name: sayPattern('map.chart.of', { id: ANY_TEXT, count: ANY_NUMBER }),
      })
      .locator('canvas'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({ path: testInfo.outputPath('map-camera-panel.png') });

  await panel.getByRole('button', { name: say('map.camera.record') }).click();
  await panel.getByLabel(say('map.record.duration')).fill('2');
  await panel.getByLabel(say('map.record.start')).fill('-10');
  await panel.getByLabel(say('map.record.tags')).fill('e2e, map');
  await panel.getByRole('button', { name: say('map.record.create') }).click();
  const created = sayPattern('map.record.created', { id: /(.+?)/ });
  const status = panel.getByRole('status').filter({ hasText: created });
  await expect(status).toBeVisible();
  const id = created.exec((await status.textContent()) ?? '')![1]!;
  const response = await own.get(`/v1/recordings/${encodeURIComponent(id)}`);
  const recording = (await response.json()) as {
    properties: { duration: number; tags: string[] };
  };
  expect(recording.properties.duration).toBe(120);
  expect(recording.properties.tags).toEqual(['e2e', 'map']);
  await page.screenshot({ path: testInfo.outputPath('map-recording.png') });
});
