/**
 * Browser mode's "Open in a new window": each saved wall in a window of its own (two pages of
 * one context), each showing its wall alone. The new window's address holds no token: it gets
 * the tab's copy of session storage, where the token is kept, and a page opened at the same
 * address any other way has none.
 */
import type { Page } from '@playwright/test';
import { expect, openView, test } from './fixtures.ts';
import { say } from './say.ts';
import { sayPattern } from './say-pattern.ts';

const picker = (page: Page) => page.getByRole('complementary', { name: say('wall.addCameras') });
const tileIds = (page: Page) =>
  page
    .locator('[data-tile]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['cameraId']));

/** Still cameras of the demo world, found as a user finds them: by searching. */
async function stillCameras(page: Page, count: number): Promise<string[]> {
  await page
    .getByRole('button', { name: say('wall.addCameras') })
    .first()
    .click();
  await picker(page)
    .getByRole('searchbox', { name: say('wall.picker.search') })
    .fill('US');
  const results = picker(page)
    .getByRole('list', { name: say('wall.picker.results') })
    .locator('small');
  await expect(results.first()).toBeVisible();
  const still = new RegExp(` · (\\S+) · ${sayPattern('wall.picker.stills').source}$`);
  const ids = (await results.allTextContents())
    .map((text) => still.exec(text)?.[1])
    .filter((id): id is string => id !== undefined);
  await picker(page)
    .getByRole('button', { name: say('common.close') })
    .click();
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

/** Makes a saved wall of `cameras` named `name`; its id. */
async function saveWall(page: Page, url: string, name: string, cameras: string[]) {
  await openView(page, url, `#/wall?cameras=${cameras.join(',')}&layout=2x2`);
  await expect(page.locator('[data-tile]')).toHaveCount(cameras.length);
  await page.getByRole('button', { name: say('wall.saveLinkWall') }).click();
  await expect(page).toHaveURL(/#\/wall\/\d+$/);
  await page.getByLabel(say('wall.toolbar.name')).fill(name);
  await page.getByLabel(say('wall.toolbar.name')).press('Enter');
  await expect(page.getByLabel(say('wall.toolbar.saved'))).toContainText(name);
  return Number(/#\/wall\/(\d+)$/.exec(page.url())![1]);
}

async function openInNewWindow(page: Page): Promise<Page> {
  const opening = page.context().waitForEvent('page');
  await page.getByRole('button', { name: say('wallDisplays.newWindow') }).click();
  const opened = await opening;
  await opened.waitForLoadState();
  return opened;
}

test('two saved walls, each alone in its own window, with no token in their addresses', async ({
  page,
  roadcam,
}) => {
  test.setTimeout(120_000);
  const token = new URL(roadcam.url).searchParams.get('token')!;
  await page.goto(`${roadcam.url}#/wall`);
  const [a, b, c, d] = await stillCameras(page, 4);
  const north = await saveWall(page, roadcam.url, 'North', [a!, b!]);
  const south = await saveWall(page, roadcam.url, 'South', [c!, d!]);

  const southWindow = await openInNewWindow(page);
  await page.getByLabel(say('wall.toolbar.saved')).selectOption(String(north));
  await expect(page).toHaveURL(new RegExp(`#/wall/${north}$`));
  const northWindow = await openInNewWindow(page);

  for (const [window, id, cameras] of [
    [southWindow, south, [c, d]],
    [northWindow, north, [a, b]],
  ] as const) {
    expect(window.url()).toMatch(new RegExp(`#/wall/${id}\\?window=only$`));
    expect(window.url()).not.toContain(token);
    await expect(window.locator('[data-tile]')).toHaveCount(2);
    expect(await tileIds(window)).toEqual(cameras);
    // The wall alone: no navigation, no status bar.
    await expect(window.getByRole('navigation')).toHaveCount(0);
    await expect(window.getByRole('contentinfo', { name: say('shell.status') })).toHaveCount(0);
  }

  // The address alone is no way in: a page opened at it otherwise (typed, shared) has no token.
  const typed = await page.context().newPage();
  await typed.goto(northWindow.url());
  await expect(typed.getByRole('alert')).toHaveText(say('web.needsToken'));
});
