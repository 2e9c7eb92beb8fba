/**
 * The Map and the Alerts in the pseudo-locale: every word from the catalogue and every word
 * fitting its box (tests/e2e/pseudo-text.ts), panel by panel: a camera's, an observation's
 * and an alert's panel, the search with its results and facets, the spatial tools and the
 * watched area's form, the legend and the replay bar; the Alerts view with its filters, an
 * alert's detail, the watched areas, the road conditions and a watch's changes. Then the same
 * in German, where the words are longest, through axe, saving a screenshot of each for a
 * person to read (/tmp/43-shots/43-ren-a/).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { textCutOff, wordsNotFromCatalogue } from './pseudo-text.ts';

const SHOTS = '/tmp/43-shots/43-ren-a';

/**
 * Leaflet's own controls (its zoom buttons' titles, the tiles' attribution), and the date range
 * fields of src/renderer/lib, whose words are the shared controls' and checked with them.
 */
const LEAFLET = {
  ignore: ['.leaflet-control-zoom', '.leaflet-control-attribution', '.date-range'],
};

test.describe.configure({ mode: 'serial' });
let own: OwnService;
let alertId: string;
let cameraId: string;

test.beforeAll(async () => {
  own = await startOwnService({ cameras: 200, hours: 3 });
  // The synthetic weather may have no alert at this hour: one, so that its panel opens.
  alertId = own.service.control.addAlert({
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
  cameraId = (await own.search('cameras', { state: 'KS' }, 1)).features[0]!.id;
});
test.afterAll(async () => {
  await own?.close();
});

async function expectAllWordsOurs(area: Locator) {
  await expect(area).toBeVisible();
  expect(await wordsNotFromCatalogue(area, LEAFLET)).toEqual([]);
  expect(await textCutOff(area)).toEqual([]);
  expect(await controlsOutside(area.page().locator('.sidebar'))).toEqual([]);
}

/**
 * The sidebar's buttons and fields that stick out of it: the search form scrolls, so a line
 * made too wide by longer words is hidden by the form rather than cut off inside a box.
 */
async function controlsOutside(sidebar: Locator): Promise<string[]> {
  if ((await sidebar.count()) === 0) return [];
  return sidebar.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return (
      [...element.querySelectorAll('button, input, select')]
        // Shown: the kind toggle's radio buttons are see-through, their labels are the controls.
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).opacity !== '0')
        .filter((el) => el.getBoundingClientRect().right > right + 1)
        .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.outerHTML)
    );
  });
}

/** The map with the search run (results and facets), one area searched, and the replay open. */
async function openSearchedMap(page: Page) {
  await own.openMap(page);
  const form = page.locator('.sidebar form').first();
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('result-total')).not.toHaveText('0');
  await expect(page.locator('.facets')).toBeVisible();
  // "Search this area": the first of the spatial tools; the watch form then shows.
  await page.locator('fieldset .buttons button').first().click();
  await page.locator('.watch > button').click();
  await page.locator('header button[aria-pressed]').click();
  await expect(page.getByTestId('replay-time')).not.toHaveText('…', { timeout: 30_000 });
}

/** Each panel of the map in turn: the camera's, an observation's, the alert's. */
async function openPanels(page: Page, each: (panel: Locator, name: string) => Promise<void>) {
  await page.goto(`${own.host.url}#/map?camera=${encodeURIComponent(cameraId)}`);
  const camera = page.getByTestId('camera-panel');
  await expect(camera.locator('figure img')).toBeVisible({ timeout: 30_000 });
  await expect(camera.locator('section h3 + *')).not.toHaveClass(/muted/, { timeout: 30_000 });
  await each(camera, 'camera');

  await page.locator('.sidebar .kind label').nth(1).click();
  await page.locator('.sidebar form button[type="submit"]').click();
  // An observation's row carries its road weather chip (a camera's only a video one).
  await page.locator('.list [data-id]:has(.chip:not(.video))').first().click();
  const observation = page.getByTestId('observation-panel');
  await expect(observation.locator('table')).toBeVisible();
  await each(observation, 'observation');

  await page.goto(`${own.host.url}#/map?alert=${encodeURIComponent(alertId)}`);
  const alert = page.getByTestId('alert-panel');
  await expect(alert.locator('ul li').first()).toBeVisible({ timeout: 30_000 });
  await each(alert, 'alert');
}

/** The Alerts view: its list and filters, an alert's detail, then the cards beside the list. */
async function openAlerts(
  page: Page,
  watchName: string,
  each: (area: Locator, name: string) => Promise<void>,
) {
  await page.goto(`${own.host.url}#/alerts`);
  const view = page.locator('.alerts-view');
  await expect(view.locator('.list li').first()).toBeVisible({ timeout: 30_000 });
  await view.locator('.list li button').first().click();
  await expect(view.locator('#alert-cameras')).toHaveText(/\d/, { timeout: 30_000 });
  await each(view, 'alerts-detail');
  await view.locator('article header button').click();
  const conditions = view.locator('section:has(#conditions-heading)');
  const form = conditions.locator('form');
  await form.locator('input').nth(0).fill(watchName);
  await form.locator('input').nth(1).fill('-104,38,-96,42');
  await form.locator('button[type="submit"]').click();
  const watch = conditions.locator('li', { hasText: watchName });
  await expect(watch).toBeVisible({ timeout: 60_000 });
  await each(view, 'alerts');
  await watch.locator('button').first().click();
  await expect(view.locator('.changes .columns')).toBeVisible({ timeout: 60_000 });
  await each(view, 'condition-changes');
}

test.describe('in the pseudo-locale', () => {
  test.use({ locale: 'en-XA' });

  test('the Map, its search, legend, replay and spatial tools speak the catalogue', async ({
    page,
  }) => {
    await openSearchedMap(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expectAllWordsOurs(page.locator('.map-view'));
    await page.locator('.sidebar .tabs button').nth(1).click();
    await expect(page.locator('.sidebar li').first()).toBeVisible();
    await expectAllWordsOurs(page.locator('.sidebar'));
  });

  test("the Map's camera, observation and alert panels speak the catalogue", async ({ page }) => {
    await openPanels(page, (panel) => expectAllWordsOurs(panel));
  });

  test('the Alerts view, its detail, watches and condition changes speak the catalogue', async ({
    page,
  }) => {
    await openAlerts(page, 'Kansas plains', (area) => expectAllWordsOurs(area));
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });

  async function checkAndShoot(page: Page, area: Locator, name: string) {
    await expect(area).toBeVisible();
    expect((await seriousViolations(page, area)).join('\n')).toBe('');
    expect(await textCutOff(area)).toEqual([]);
    expect(await controlsOutside(page.locator('.sidebar'))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }

  test('the Map and its panels pass axe, and nothing is cut off', async ({ page }) => {
    // The map and five panels, each through axe and a screenshot: at load 20 (the whole
    // pseudo-locale run beside others' tests) that was more than a minute.
    test.setTimeout(150_000);
    await openSearchedMap(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await checkAndShoot(page, page.locator('.map-view'), 'map');
    await openPanels(page, (panel, name) => checkAndShoot(page, panel, `map-${name}`));
  });

  test('the Alerts view passes axe, and nothing is cut off', async ({ page }) => {
    await openAlerts(page, 'Kansas Ebene', (area, name) => checkAndShoot(page, area, name));
  });
});
