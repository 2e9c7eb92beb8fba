/**
 * The Route view in the pseudo-locale (en-XA): empty, drawing, with a stop, a route found from
 * Denver to Colorado Springs in the demo world with its camera cards, saved and being renamed,
 * and a place several share; every word from the catalogue (the cards' pictures, captions and
 * sensor badges too), none cut off, and axe-core clean. Leaflet's own controls are left out.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openView, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { textCutOff, wordsNotFromCatalogue } from './pseudo-text.ts';

/** Where the German screenshots go for a person to look at (not kept in the repository). */
const SHOTS = process.env.ROUTE_SHOTS_DIR;

test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  roadcam = await startRoadcam(smallDemo);
});
test.afterAll(async () => {
  await roadcam?.stop();
});

// The map's own controls (Leaflet's) are not ours to word.
const notOurs = { ignore: ['.leaflet-container'] };

async function expectAllWordsOurs(area: Locator) {
  await expect(area).toBeVisible();
  expect(await wordsNotFromCatalogue(area, notOurs)).toEqual([]);
  expect(await textCutOff(area)).toEqual([]);
}

async function expectNoSeriousViolations(page: Page) {
  expect((await seriousViolations(page, page.locator('.route-view'))).join('\n')).toBe('');
}

async function findRoute(page: Page, from: string, to: string) {
  const places = page.locator('form.places');
  await places.locator('input').first().fill(from);
  await places.locator('input').last().fill(to);
  await places.locator('button[type=submit]').click();
}

test.describe('in the pseudo-locale', () => {
  test.use({ locale: 'en-XA' });

  test('the Route view, empty, drawing and with a stop, speaks the pseudo-locale', async ({
    page,
  }) => {
    await openView(page, roadcam.url, '#/route');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    const view = page.locator('.route-view');
    await expect(view.locator('#saved-routes')).toBeVisible();
    await expectAllWordsOurs(view);
    const draw = view.locator('.draw button');
    await draw.click();
    await expect(draw).toHaveClass(/primary/);
    await expectAllWordsOurs(view.locator('.route-map'));
    await draw.click();
    await view.locator('form.places .buttons button[type=button]').click();
    await expectAllWordsOurs(view.locator('form.places .stop'));
    await expectNoSeriousViolations(page);
  });

  test('a route from Denver to Colorado Springs: its strip, cards and actions', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openView(page, roadcam.url, '#/route');
    const buffer = page.locator('#route-buffer');
    await buffer.fill('20');
    await buffer.press('Enter');
    await findRoute(page, 'Denver', 'Colorado Springs');
    const cards = page.locator('ol.cameras > li');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.route-view p[role=status]')).toBeVisible();
    await expectAllWordsOurs(page.locator('.route-view'));

    await page.locator('form.actions button[type=submit]').click();
    const saved = page.locator('.plain-list li');
    await expect(saved).toHaveCount(1);
    await expectAllWordsOurs(page.locator('.route-view .side'));
    await saved.locator('button').nth(1).click();
    await expect(saved.locator('form.rename')).toBeVisible();
    await expectAllWordsOurs(saved);
    await expectNoSeriousViolations(page);
  });

  test('a place several share asks which one, in the pseudo-locale', async ({ page }) => {
    await openView(page, roadcam.url, '#/route');
    await findRoute(page, 'Denver', 'Springfield');
    const choice = page.locator('section.choice');
    await expect(choice.locator('li').first()).toBeVisible();
    await expectAllWordsOurs(choice);
    await expectNoSeriousViolations(page);
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the Route view with a route found passes axe', async ({ page }) => {
    test.setTimeout(120_000);
    await openView(page, roadcam.url, '#/route');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/route-empty.png`, fullPage: true });
    // A wide buffer: the straight line between the two cities passes cameras.
    await page.locator('#route-buffer').fill('20');
    await page.locator('#route-buffer').press('Enter');
    await findRoute(page, 'Denver', 'Colorado Springs');
    await expect(page.locator('ol.cameras > li').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: /Kameras? entlang/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/route-found.png`, fullPage: true });
    await expectNoSeriousViolations(page);
  });
});
