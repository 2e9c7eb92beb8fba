import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { roadWeatherMenu } from './map-helpers.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { say } from './say.ts';

// The map's observation search against a service this test also queries over HTTP: a
// transition between ranges, and the facets of every aggregation interface 4.2 shows.
let own: OwnService;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  own = await startOwnService({ cameras: 200, hours: 3 });
});

test.afterAll(async () => {
  await own?.close();
});

/** The total on screen equals the service's answer to the same search. */
async function expectTotal(page: Page, params: object): Promise<number> {
  const expected = (await own.search('observations', params, 1)).properties.total;
  await expect(page.getByTestId('result-total')).toHaveText(expected.toLocaleString('en-US'));
  return expected;
}

test('a transition between ranges sends [data] and [prev] ranges', async ({ page }, testInfo) => {
  await own.openMap(page);
  await page.getByText(say('map.layer.observations'), { exact: true }).first().click();
  await page.getByLabel(roadWeatherMenu('search.sensor.filter')).selectOption('transitionRange');
  await page.getByLabel(roadWeatherMenu('search.sensor.prevMin')).selectOption('0');
  await page.getByLabel(roadWeatherMenu('search.sensor.prevMax')).selectOption('1');
  await page.getByLabel(roadWeatherMenu('search.sensor.currentMin')).selectOption('1');
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const total = await expectTotal(page, {
    sensors: { road_weather: { data: { min: 1 }, prev: { min: 0, max: 1 } } },
  });
  // Neither the whole of the observations nor nothing: the ranges narrowed the search.
  const all = (await own.search('observations', {}, 1)).properties.total;
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(all);
  await page.screenshot({ path: testInfo.outputPath('map-transition-range.png') });
});

test('the facets count by time and previous values, and narrow the search', async ({ page }) => {
  await own.openMap(page);
  await page.getByText(say('map.layer.observations'), { exact: true }).first().click();
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await expectTotal(page, {});
  const answer = (await own.search(
    'observations',
    {
      aggs: ['time', 'sensors.precip.prev'],
    },
    1,
  )) as unknown as { properties: { aggs: Record<string, { key: string | number }[]> } };
  const marks = answer.properties.aggs['time']!;
  expect(marks.length).toBeGreaterThan(1);

  const facets = page.getByLabel(say('search.facets'));
  await expect(facets).toContainText(say('search.facet.before', { sensor: say('sensor.precip') }));
  const mark = String(marks[0]!.key);
  const chip = facets.getByRole('button', { name: mark.slice(5, 16).replace('T', ' ') });
  await chip.first().click();
  const atMark = await expectTotal(page, { time_min: mark, time_max: mark });
  expect(atMark).toBeGreaterThan(0);
});
