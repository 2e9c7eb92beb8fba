/**
 * The wall's tour and rewind in the pseudo-locale (en-XA) and in German: the Tour form with each
 * source's field and its rule errors, a running tour's bar (paused, on its next camera, with a
 * skipped camera's notice), a tour link with problems, a tour that cannot start, and the rewind
 * bar while scrubbing and playing; every word from the catalogue, none cut off, axe-core clean.
 * A camera is skipped for real: the page's request for its live image gets a cut-off JPEG.
 * The tiles and the toolbar are the wall's own words, checked with the wall.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { english } from '../../src/shared/i18n/english.ts';
import { pseudoMessage } from '../../src/shared/i18n/pseudo.ts';
import type { Catalogue, MessageKey } from '../../src/shared/i18n/translator.ts';
import { expect, openView, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { textCutOff, wordsNotFromCatalogue } from './pseudo-text.ts';

/** Where the German screenshots go for a person to look at (not kept in the repository). */
const SHOTS = process.env.TOUR_SHOTS_DIR;
const german: unknown = JSON.parse(
  readFileSync(new URL('../../src/shared/i18n/messages/de.json', import.meta.url), 'utf8'),
);

test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  roadcam = await startRoadcam(smallDemo);
});
test.afterAll(async () => {
  await roadcam?.stop();
});

/**
 * A toolbar button by its catalogue key, in whichever of this file's languages the page speaks
 * (English, its pseudo-locale form, German): the toolbar is the wall's, worded with the wall.
 */
function toolbarButton(page: Page, key: MessageKey): Locator {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const words = english.messages[key];
  const said = [words, pseudoMessage(words), (german as Catalogue)[key]];
  const name = new RegExp(`^(${said.map(escape).join('|')})$`);
  return page.getByRole('toolbar').getByRole('button', { name });
}

async function expectAllWordsOurs(area: Locator) {
  await expect(area).toBeVisible();
  expect(await wordsNotFromCatalogue(area)).toEqual([]);
  expect(await textCutOff(area)).toEqual([]);
}

async function expectNoSeriousViolations(page: Page, area: Locator) {
  expect((await seriousViolations(page, area)).join('\n')).toBe('');
}

/**
 * The first camera whose live image the page asks for gets a JPEG cut off on the way: the tour
 * skips it. Returns the id of the camera cut.
 */
async function cutFirstLiveImage(page: Page): Promise<() => string | null> {
  let cut: string | null = null;
  await page.route(/\/cameras\/[^/]+\/live(\?|$)/, async (route) => {
    const id = decodeURIComponent(/\/cameras\/([^/]+)\/live/.exec(route.request().url())![1]!);
    cut ??= id;
    if (id !== cut) return route.continue();
    const header = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
    await route.fulfill({ status: 200, contentType: 'image/jpeg', body: Buffer.from(header) });
  });
  return () => cut;
}

const tourBar = (page: Page) => page.locator('.tour-bar');
const notice = (page: Page) => page.getByTestId('tour-notice');
const form = (page: Page) => page.locator('form.tour-setup');

/** A tour of a search from a link, its first camera skipped; then paused, and on to the next. */
async function runTour(
  page: Page,
  check: (area: Locator) => Promise<void>,
  shot?: string,
): Promise<string[]> {
  const cut = await cutFirstLiveImage(page);
  await openView(page, roadcam.url, '#/wall?tour=search:US&dwell=600&mode=tile');
  await expect(page.locator('[data-tile="0"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(notice(page)).toBeVisible({ timeout: 30_000 });
  expect(cut()).not.toBeNull();
  await check(tourBar(page));
  await check(notice(page));
  const pause = tourBar(page).locator('.controls button').nth(1);
  const running = await pause.innerText();
  await pause.click();
  await expect(pause).not.toHaveText(running);
  await check(tourBar(page));
  if (shot) await page.screenshot({ path: shot });
  const first = await page.locator('[data-tile="0"]').getAttribute('data-camera-id');
  await tourBar(page).locator('.controls button').nth(2).click();
  await expect(page.locator('[data-tile="0"]')).not.toHaveAttribute('data-camera-id', first!, {
    timeout: 30_000,
  });
  await check(tourBar(page));
  const second = await page.locator('[data-tile="0"]').getAttribute('data-camera-id');
  await tourBar(page).locator('.controls button.stop').click();
  await page.unroute(/\/cameras\/[^/]+\/live(\?|$)/);
  return [first!, second!];
}

/** The Tour form: every source's field, and the rules a wrong value breaks, said at the form. */
async function fillTourForm(page: Page, check: (area: Locator) => Promise<void>, shot?: string) {
  await openView(page, roadcam.url, '#/wall');
  await toolbarButton(page, 'wall.toolbar.tour').click();
  await check(form(page));
  const kind = form(page).locator('select').first();
  const submit = form(page).locator('button[type=submit]');
  const dwell = form(page).locator('input.seconds');
  for (const [source, value] of [
    ['search', 'x'],
    ['area', '1,2,3'],
    ['cameras', ''],
    ['collection', null],
    ['route', null],
  ] as const) {
    await kind.selectOption(source);
    if (value !== null) await form(page).locator('input').first().fill(value);
    await dwell.fill('3');
    if (value !== null) await submit.click();
    if (value !== null) await expect(form(page).locator('.error').first()).toBeVisible();
    await check(form(page));
    if (shot && source === 'search') await page.screenshot({ path: shot });
  }
}

/** The wall of two cameras rewound: a step back, playing, paused. */
async function rewindWall(page: Page, ids: string[], check: (area: Locator) => Promise<void>) {
  await openView(page, roadcam.url, `#/wall?cameras=${ids.join(',')}&layout=2x2`);
  await expect(page.locator('[data-tile]')).toHaveCount(2, { timeout: 30_000 });
  await toolbarButton(page, 'wall.toolbar.rewind').click();
  const bar = page.locator('div.rewind');
  await expect(bar.getByRole('slider')).toBeVisible({ timeout: 30_000 });
  await check(bar);
  await bar.locator('.controls button').nth(0).click();
  await expect(bar.locator('output span').first()).toContainText('10');
  await check(bar);
  await bar.locator('.controls button').nth(3).click();
  await check(bar);
  await bar.locator('.controls button').nth(2).click();
  return bar;
}

test.describe('in the pseudo-locale', () => {
  test.use({ locale: 'en-XA' });
  let ids: string[] = [];

  test('a running tour: its bar, paused and on its next camera, and a skipped camera said', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    ids = await runTour(page, expectAllWordsOurs);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  });

  test('a tour link with problems, and a tour that cannot start, say so', async ({ page }) => {
    test.setTimeout(60_000);
    await openView(page, roadcam.url, '#/wall?tour=everything&dwell=2&mode=grid');
    await expectAllWordsOurs(notice(page));
    // Three problems, each one of the catalogue's, joined by it.
    await expect(notice(page)).toContainText('"everything"');
    await expect(notice(page)).toContainText('"grid"');
    await expectNoSeriousViolations(page, notice(page));
    await openView(page, roadcam.url, '#/wall?tour=favourites');
    await expect(notice(page)).toContainText('ƒáṽöûŕîţéš', { timeout: 30_000 });
    await expectAllWordsOurs(notice(page));
  });

  test('the Tour form: every source and its rule errors', async ({ page }) => {
    test.setTimeout(90_000);
    await fillTourForm(page, expectAllWordsOurs);
    await expectNoSeriousViolations(page, form(page));
  });

  test('the rewind bar: scrubbing, playing and its times', async ({ page }) => {
    test.setTimeout(90_000);
    expect(ids).toHaveLength(2);
    const bar = await rewindWall(page, ids, expectAllWordsOurs);
    await expectNoSeriousViolations(page, bar);
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  const fits = async (area: Locator) => {
    await expect(area).toBeVisible();
    expect(await textCutOff(area)).toEqual([]);
  };
  let ids: string[] = [];

  test('the tour bar, its notices and the Tour form pass axe and fit', async ({ page }) => {
    test.setTimeout(150_000);
    const check = async (area: Locator) => {
      await fits(area);
      await expectNoSeriousViolations(page, area);
    };
    ids = await runTour(page, check, SHOTS && `${SHOTS}/tour-paused-skipped.png`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await openView(page, roadcam.url, '#/wall?tour=everything&dwell=2&mode=grid');
    await check(notice(page));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tour-link-problems.png` });
    const shot = SHOTS ? `${SHOTS}/tour-form.png` : undefined;
    await fillTourForm(page, fits, shot);
    await expectNoSeriousViolations(page, form(page));
  });

  test('the rewind bar passes axe and fits', async ({ page }) => {
    test.setTimeout(90_000);
    expect(ids).toHaveLength(2);
    const bar = await rewindWall(page, ids, fits);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rewind.png` });
    await expectNoSeriousViolations(page, bar);
  });
});
