/**
 * The wall in the pseudo-locale: every word from the catalogue and every word fitting its box
 * (tests/e2e/pseudo-text.ts), step by step: a wall from a link (a camera the service does not
 * know, live video and still tiles with their sensor badges, one stream stopped), the toolbar
 * and its menus (copy link, the Custom layout's columns, a saved wall's name), a tile's menu
 * and dialog, the camera picker (empty, no match, with results), the choice a full wall asks
 * for, and the notice an edit leaves. Then the same steps in German, the longest words, through
 * axe, with screenshots of 4 × 4 and 6 × 6 walls for a person to read (/tmp/43-shots/wa/).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import type { RoadcamHost } from './fixtures.ts';
import { textCutOff, wordsNotFromCatalogue } from './pseudo-text.ts';
import { startAdminService, startRoadcamOn, wallRoute, type AdminService } from './wall-helpers.ts';

const SHOTS = '/tmp/43-shots/wa';

test.describe.configure({ mode: 'serial' });
let service: AdminService;
let host: RoadcamHost;
let cams: { video: string[]; still: string[] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startAdminService();
  host = await startRoadcamOn(service);
  const [first, second] = [await service.cameras(), await service.cameras(100)];
  cams = { video: [...first.video, ...second.video], still: [...first.still, ...second.still] };
});
test.afterAll(async () => {
  await host?.stop();
  await service?.stop();
});

type Each = (area: Locator, name: string) => Promise<void>;

const view = (page: Page) => page.locator('.wall-view');
const toolbar = (page: Page) => page.locator('.wall-view [role="toolbar"]');
const picker = (page: Page) => page.locator('aside.picker');
/** The wall's notice (a status: the link's error before it is an alert). */
const notice = (page: Page) => page.locator('.wall-view > .banner[role="status"]');

/**
 * A 2 × 2 wall from a link: two video and two still cameras, and one the service does not
 * know; once playing, one stream stops and its tile says so.
 */
async function openLinkWall(page: Page, videos: string[], stills: string[], each: Each) {
  const cameras = [...videos.slice(0, 2), ...stills.slice(0, 2)];
  await page.goto(`${host.url}${wallRoute([...cameras, 'CAMNOPE1'], '2x2')}`);
  await expect(page.locator('[data-tile]')).toHaveCount(4);
  await expect(page.locator('[data-state="live"]')).toHaveCount(4, { timeout: 60_000 });
  await expect(page.locator('[data-tile] [data-sensor]').first()).toBeVisible({ timeout: 30_000 });
  await service.setStreamStopped(videos[1]!, true);
  const stopped = page.locator(`[data-camera-id="${videos[1]}"]`);
  await expect(stopped).toHaveAttribute('data-state', 'reconnecting', { timeout: 45_000 });
  await expect(stopped.locator('.reason')).toBeVisible();
  await each(view(page), 'wall-link');
  await service.setStreamStopped(videos[1]!, false);
}

/** The toolbar's menus: the links to copy, the Custom layout's columns, a saved wall named. */
async function openToolbarMenus(page: Page, each: Each) {
  // The link wall saved: the name field, its answer and the Delete button show.
  await page.locator('.wall-view .banner button').first().click();
  await expect(toolbar(page).locator('button.subtle').first()).toBeVisible();
  const name = toolbar(page).locator('input.name');
  await name.fill('Pass e2e');
  await name.press('Enter');
  await expect(toolbar(page).locator('.name-status.saved')).toBeVisible();
  await toolbar(page).locator('.actions button').nth(1).click();
  await expect(page.locator('.links')).toBeVisible();
  await toolbar(page).locator('[role="radio"]').last().click();
  await expect(toolbar(page).locator('.columns select')).toBeVisible();
  await each(view(page), 'wall-toolbar');
  await toolbar(page).locator('[role="radio"]').nth(1).click();
  await page.locator('.links button').click();
}

/** A still tile's menu, then its snapshot dialog with a new collection, then the notice. */
async function openTileDialog(page: Page, still: string, each: Each) {
  const tile = page.locator(`[data-camera-id="${still}"]`);
  await tile.locator('summary').click();
  await each(tile.locator('details'), 'tile-menu');
  await tile.locator('[role="menuitem"]').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('select').selectOption({ value: '' });
  await expect(dialog.locator('input')).toBeVisible();
  await each(dialog, 'tile-dialog');
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toBeVisible();
  await each(view(page), 'wall-saved-notice');
}

/** The picker: no favourites and no search, words matching nothing, then results. */
async function openPicker(page: Page, camera: string, each: Each) {
  await toolbar(page).locator('.actions button').first().click();
  await expect(picker(page).locator('#picker-room')).toBeVisible();
  await expect(picker(page).locator('section p.muted')).toBeVisible();
  await each(picker(page), 'picker-empty');
  await picker(page).locator('input[type="search"]').fill('zzzz-no-such-place');
  await expect(page.locator('aside.picker > p.muted')).toHaveText(/zzzz-no-such-place/, {
    timeout: 30_000,
  });
  await each(picker(page), 'picker-no-match');
  await picker(page).locator('input[type="search"]').fill(camera);
  await expect(picker(page).locator('ul li').first()).toBeVisible({ timeout: 30_000 });
  await each(picker(page), 'picker-results');
}

/** The full wall's choice, a tile replaced from it, and the notice that edit leaves. */
async function chooseOnFullWall(page: Page, replaced: string, each: Each) {
  await picker(page).locator('ul li button').first().click();
  const choice = page.locator('.choice');
  await expect(choice).toBeVisible();
  await each(choice, 'full-choice');
  await choice.locator('button:not(.primary):not(.subtle)').click();
  await expect(page.locator('button.replace').first()).toBeVisible();
  await each(view(page), 'full-replacing');
  const before = await notice(page).textContent();
  await page.locator(`.cell:has([data-camera-id="${replaced}"]) button.replace`).click();
  await expect(notice(page)).not.toHaveText(before ?? '');
  await each(view(page), 'wall-edit-notice');
}

/** Every step above, in order, on one page. */
async function walkTheWall(page: Page, each: Each) {
  const videos = cams.video.slice(0, 2);
  const stills = cams.still.slice(0, 2);
  await openLinkWall(page, videos, stills, each);
  await openToolbarMenus(page, each);
  await openTileDialog(page, stills[0]!, each);
  await openPicker(page, cams.still[5]!, each);
  await chooseOnFullWall(page, stills[1]!, each);
}

test.describe('in the pseudo-locale', () => {
  test.use({ locale: 'en-XA', viewport: { width: 1280, height: 900 } });

  test('the wall, its toolbar, tile dialog, picker and choices speak the pseudo-locale', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await walkTheWall(page, async (area) => {
      await expect(area).toBeVisible();
      expect(await wordsNotFromCatalogue(area)).toEqual([]);
      expect(await textCutOff(area)).toEqual([]);
    });
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test('every step passes axe, and nothing is cut off', async ({ page }) => {
    test.setTimeout(240_000);
    await walkTheWall(page, async (area, name) => {
      await expect(area).toBeVisible();
      expect(await seriousViolations(page, area), name).toEqual([]);
      expect(await textCutOff(area), name).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
    });
  });

  for (const [layout, count] of [
    ['4x4', 16],
    ['6x6', 36],
  ] as const) {
    test(`a ${layout} wall of still tiles, some not moving, fits its words`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1920, height: 1080 });
      // Two video tiles whose streams stop: their headlines are what a small tile keeps.
      const stopped = cams.video.slice(20, 22);
      const cameras = [...stopped, ...cams.still.slice(10, 10 + count - 2)];
      expect(cameras).toHaveLength(count);
      await page.goto(`${host.url}${wallRoute(cameras, layout)}`);
      await expect(page.locator('[data-tile]')).toHaveCount(count);
      await expect(page.locator('[data-kind="video"][data-state="live"]')).toHaveCount(2, {
        timeout: 60_000,
      });
      for (const id of stopped) await service.setStreamStopped(id, true);
      await expect(page.locator('[data-kind="video"][data-state="reconnecting"]')).toHaveCount(2, {
        timeout: 45_000,
      });
      await expect(page.locator('[data-tile] [data-sensor]').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/wall-${layout}.png` });
      for (const id of stopped) await service.setStreamStopped(id, false);
      expect(await textCutOff(page.locator('.wall-view .area'))).toEqual([]);
      expect(await seriousViolations(page, view(page))).toEqual([]);
    });
  }
});
