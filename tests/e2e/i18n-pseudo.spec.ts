/**
 * Every word from the catalogue, and every word fits: the app in the pseudo-locale (each message
 * accented, bracketed and 40% longer), each view and dialog opened in turn, fails on a word
 * written inline (plain ASCII outside brackets) and on text cut off its box. Each area lists
 * here what it has moved to the catalogue; the rest of the app is still English (docs/development.md,
 * "Strings and languages").
 */
import type { Locator } from '@playwright/test';
import { expect, openView, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { textCutOff, wordsNotFromCatalogue } from './pseudo-text.ts';

// The system's language is the page's (browser mode): the pseudo-locale, as a tester's machine.
test.use({ locale: 'en-XA' });
test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  roadcam = await startRoadcam(smallDemo);
});
test.afterAll(async () => {
  await roadcam?.stop();
});

async function expectAllWordsOurs(area: Locator) {
  await expect(area).toBeVisible();
  expect(await wordsNotFromCatalogue(area)).toEqual([]);
  expect(await textCutOff(area)).toEqual([]);
}

test('the frame and its navigation speak the pseudo-locale', async ({ page }) => {
  await openView(page, roadcam.url, '#/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expectAllWordsOurs(page.getByRole('navigation'));
});

// Every section of Settings but the route's, which has its own words (docs/development.md).
const SETTINGS_SECTIONS = [
  'connection',
  'accounts',
  'network',
  'storage',
  'language',
  'units',
  'desktop',
  'updates',
  'prefs',
  'help',
];

test('Settings: every section', async ({ page }) => {
  await openView(page, roadcam.url, '#/settings');
  // Answers that come after the first paint: the cache's size, the update status.
  await expect(page.getByText(/\[Çáçĥé/)).toBeVisible();
  for (const heading of SETTINGS_SECTIONS) {
    await expectAllWordsOurs(page.locator(`section:has(> #${heading}-heading)`));
  }
});

test('the checker sees a word written inline', async ({ page }) => {
  await openView(page, roadcam.url, '#/settings');
  const nav = page.getByRole('navigation');
  await nav.evaluate((el) =>
    el.append(Object.assign(document.createElement('p'), { textContent: 'Inline words' })),
  );
  expect(await wordsNotFromCatalogue(nav)).toEqual([{ where: 'p', text: 'Inline words' }]);
});

test('the checker sees text cut off its box', async ({ page }) => {
  await openView(page, roadcam.url, '#/settings');
  const nav = page.getByRole('navigation');
  await nav.evaluate((el) => {
    const box = Object.assign(document.createElement('p'), { textContent: '[Ŝéţţîñĝš ~~~~]' });
    box.style.cssText = 'width: 2em; white-space: nowrap; overflow: hidden';
    el.append(box);
  });
  expect(await textCutOff(nav)).toEqual([{ where: 'p.', text: '[Ŝéţţîñĝš ~~~~]' }]);
});
