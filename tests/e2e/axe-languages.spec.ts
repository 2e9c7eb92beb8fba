/**
 * axe in every language: each view, and the main dialogs and notices, opened in English,
 * Spanish, French, German and the pseudo-locale (the browser's language, which the app follows),
 * has no critical or serious axe-core violation and no text cut off its box
 * (tests/e2e/pseudo-text.ts); the page's lang and dir are the language's, there and after a
 * change in Settings › Language. I18N_SHOTS=DIR saves a screenshot of each place into DIR, for a
 * person to read.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { pickLanguage, type CatalogueLanguage } from '../../src/shared/i18n/languages.ts';
import type { Translator } from '../../src/shared/i18n/translator.ts';
import {
  downloadsInDataDir,
  expect,
  openView,
  smallDemo,
  startRoadcam,
  test,
  type RoadcamHost,
} from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { textCutOff } from './pseudo-text.ts';
import { translatorFor, VIEW_KEYS } from './say.ts';

const LOCALES = ['en-US', 'es-ES', 'fr-FR', 'de-DE', 'en-XA'] as const;

test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  roadcam = await startRoadcam(smallDemo, {}, { policy: downloadsInDataDir });
});
test.afterAll(async () => {
  await roadcam?.stop();
});

/** The page speaks `language`: its lang names it and its text runs the language's way. */
async function expectPageLanguage(page: Page, language: CatalogueLanguage) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
}

/** A place passes axe, none of its text is cut off, and its picture is kept when asked for. */
async function expectAccessible(page: Page, area: Locator, name: string) {
  await expect(area).toBeVisible();
  expect((await seriousViolations(page, area)).join('\n'), name).toBe('');
  expect(await textCutOff(area), name).toEqual([]);
  const shots = process.env['I18N_SHOTS'];
  if (shots) await area.screenshot({ path: join(shots, `${name}.png`) });
}

/** Every view, reached by the navigation's link of its name. */
async function everyView(page: Page, words: Translator) {
  await page.goto(`${roadcam.url}#/settings`);
  await expectPageLanguage(page, words.language);
  const nav = page.getByRole('navigation', { name: words.t('nav.label') });
  const navWidths = new Set<number>();
  for (const key of VIEW_KEYS) {
    await nav.getByRole('link', { name: words.t(key), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, page.locator('body'), `${words.language}-${key}`);
    await expectNoSidewaysScroll(page, key);
    // Each view's icon whole beside the longest name, and the bar as wide on every view.
    const icons = await nav
      .locator('a svg')
      .evaluateAll((all) => all.map((icon) => icon.getBoundingClientRect().width));
    expect(icons, key).toEqual(VIEW_KEYS.map(() => 18));
    navWidths.add((await nav.boundingBox())!.width);
  }
  expect(navWidths.size).toBe(1);
}

/** The page itself never scrolls sideways: whatever a view holds stays within the window. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `the page's width on ${where}`).toBeLessThanOrEqual(clientWidth);
}

/** A collection's dialogs: new, add images, export, empty and destroy (this one confirmed). */
async function collectionDialogs(page: Page, words: Translator) {
  const { language } = words;
  await openView(page, roadcam.url, '#/collections');
  await page.getByRole('button', { name: words.t('collections.new') }).click();
  const form = page.getByRole('dialog');
  await expectAccessible(page, form, `${language}-collection-new`);
  await form.getByLabel(words.t('collections.form.name'), { exact: true }).fill('Storm frames');
  await form.getByRole('button', { name: words.t('collections.form.create') }).click();
  await expect(page.getByTestId('collection-name')).toHaveText('Storm frames');
  await expectAccessible(page, page.locator('main'), `${language}-collection`);
  for (const [key, name] of [
    ['collections.addImages', 'add'],
    ['collections.export', 'export'],
    ['collections.empty', 'empty'],
    ['collections.destroy', 'destroy'],
  ] as const) {
    await page
      .locator('main')
      .getByRole('button', { name: words.t(key), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await expectAccessible(page, dialog, `${language}-collection-${name}`);
    if (name !== 'destroy') await page.keyboard.press('Escape');
  }
  const images = words.t('collections.op.images', { known: 'yes', count: 0 });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: words.t('collections.op.destroy', { images }) })
    .click();
  await expect(page.getByTestId('collection-name')).toBeHidden();
}

/** The map's search results and the dialog recording the cameras listed. */
async function mapDialogs(page: Page, words: Translator) {
  await openView(page, roadcam.url, '#/map');
  await page.getByRole('button', { name: words.t('search.tab'), exact: true }).click();
  await expect(page.getByTestId('result-total')).not.toHaveText('0');
  await expectAccessible(page, page.locator('main'), `${words.language}-map-results`);
  await expectNoSidewaysScroll(page, 'map with results');
  await page.getByRole('button', { name: words.t('search.results.record') }).click();
  await expectAccessible(page, page.getByRole('dialog'), `${words.language}-map-record`);
  await page.keyboard.press('Escape');
}

/** Notices a person meets: a route asked for without places, a setting refused as typed. */
async function notices(page: Page, words: Translator) {
  await openView(page, roadcam.url, '#/route');
  await page.getByRole('button', { name: words.t('route.places.find') }).click();
  await expect(page.getByRole('alert')).toHaveText(words.t('route.places.needBoth'));
  await expectAccessible(page, page.locator('main'), `${words.language}-route-needs-places`);
  const actions = page.getByRole('form', { name: words.t('route.actions.label') });
  await expectAccessible(page, actions, `${words.language}-route-actions`);
  await openView(page, roadcam.url, '#/settings');
  await page.getByLabel(words.t('settings.network.deadline')).fill('1');
  const network = page.locator('section:has(> #network-heading)');
  await expect(network.getByRole('alert')).toBeVisible();
  await expectAccessible(page, network, `${words.language}-setting-refused`);
  await page.reload();
}

for (const locale of LOCALES) {
  const words = translatorFor(pickLanguage([locale]));
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('every view passes axe and fits its words', async ({ page }) => {
      test.setTimeout(120_000);
      await everyView(page, words);
    });

    test('the main dialogs and notices pass axe and fit their words', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`${roadcam.url}#/map`);
      await collectionDialogs(page, words);
      await mapDialogs(page, words);
      await notices(page, words);
    });

    test('a page opened without its token says so in the language, accessibly', async ({
      page,
    }) => {
      await page.goto(new URL(roadcam.url).origin);
      await expect(page.getByRole('alert')).toHaveText(words.t('web.needsToken'));
      await expectPageLanguage(page, words.language);
      await expectAccessible(page, page.locator('body'), `${words.language}-needs-token`);
    });
  });
}

/** Chooses `choice` in Settings › Language, the page speaking `shown`'s language. */
async function chooseLanguage(page: Page, shown: Translator, choice: string) {
  const choices = page.getByRole('group', { name: shown.t('language.label') });
  await choices.getByText(choice, { exact: true }).click();
}

test.describe('a change in Settings › Language', () => {
  test.use({ locale: 'en-US' });

  test("the page's lang and dir follow it at once", async ({ page }) => {
    const [en, fr, es] = [translatorFor('en'), translatorFor('fr'), translatorFor('es')];
    await page.goto(`${roadcam.url}#/settings`);
    await expectPageLanguage(page, 'en');
    await chooseLanguage(page, en, en.t('language.name.fr'));
    await expectPageLanguage(page, 'fr');
    await chooseLanguage(page, fr, fr.t('language.name.es'));
    await expectPageLanguage(page, 'es');
    // Back to the system's language (English here), as the other tests expect to find it.
    const system = es.t('language.system', { language: es.t('language.name.en') });
    await chooseLanguage(page, es, system);
    await expectPageLanguage(page, 'en');
  });
});
