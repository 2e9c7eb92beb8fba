/**
 * A notice already on the screen follows a change of language: a route saved, an operation's
 * error, a collection's link, a setting refused, an area watched are each shown in English in
 * a page of their own; Settings › Language is then set to Deutsch in another page (every page
 * follows the settings' change at once), and each text already shown reads in German, with no
 * view opened again.
 */
import type { Page } from '@playwright/test';
import { expect, openView, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { watchDrawnSquare } from './map-helpers.ts';
import { translatorFor } from './say.ts';
import { ANY_NUMBER, sayPattern } from './say-pattern.ts';
import type { Translator } from '../../src/shared/i18n/translator.ts';

// The change is from English to German, whatever language the rest of the suite speaks.
test.use({ locale: 'en-US' });
const en = translatorFor('en');
const de = translatorFor('de');

test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  roadcam = await startRoadcam(smallDemo);
});
test.afterAll(async () => {
  await roadcam?.stop();
});

const COAST = [
  [-117.15, 32.7],
  [-117.25, 33.2],
  [-117.9, 33.75],
];
const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="a routing app"><trk><name>Coast</name><trkseg>
${COAST.map(([lon, lat]) => `<trkpt lat="${lat}" lon="${lon}"></trkpt>`).join('\n')}
</trkseg></trk></gpx>`;

/** My route: a route saved ("Saved …") and an operation's error (no places typed). */
async function routeSavedAndRefused(page: Page) {
  await openView(page, roadcam.url, '#/route');
  await page.getByLabel(en.t('route.places.import')).setInputFiles({
    name: 'coast.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(gpx),
  });
  await expect(
    page.getByText(en.t('route.state.imported', { name: 'Coast', count: 3 })),
  ).toBeVisible();
  await page.getByLabel(en.t('route.actions.name')).fill('Coast road');
  await page.getByRole('button', { name: en.t('route.actions.save') }).click();
  await expect(page.getByText(en.t('route.state.saved', { name: 'Coast road' }))).toBeVisible();
  await page.getByRole('button', { name: en.t('route.places.find') }).click();
  await expect(page.getByRole('alert')).toHaveText(en.t('route.places.needBoth'));
}

/** A collection made, then its link copied: "Link copied: …". */
async function collectionLinkShown(page: Page) {
  await openView(page, roadcam.url, '#/collections');
  await page.getByRole('button', { name: en.t('collections.new') }).click();
  await page.getByLabel(en.t('collections.form.name'), { exact: true }).fill('Storm frames');
  await page.getByRole('button', { name: en.t('collections.form.create') }).click();
  await expect(page.getByTestId('collection-name')).toHaveText('Storm frames');
  await page.getByRole('button', { name: en.t('collections.copyLink') }).click();
  await expect(page.getByRole('status').filter({ hasText: linkCopied(en) })).toHaveText(
    linkCopied(en),
  );
}

/** Settings: a deadline too short, refused at its field as it is typed. */
async function settingRefused(page: Page) {
  await openView(page, roadcam.url, '#/settings');
  await page.getByLabel(en.t('settings.network.deadline')).fill('1');
  await expect(page.getByText(deadlineTooShort(en))).toBeVisible();
}

/** The map: an area drawn and watched for alerts ("Watching …"). */
async function areaWatched(page: Page) {
  await openView(page, roadcam.url, '#/map');
  await watchDrawnSquare(page, 'Middle of the map', 'en');
  await expect(
    page.getByRole('status').filter({ hasText: watching(en, 'Middle of the map') }),
  ).toBeVisible();
}

test('every notice and error already shown reads in German once Deutsch is chosen', async ({
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [route, collection, settings, map, chooser] = await Promise.all(
    Array.from({ length: 5 }, () => context.newPage()),
  );
  await routeSavedAndRefused(route!);
  await collectionLinkShown(collection!);
  await settingRefused(settings!);
  await areaWatched(map!);

  await openView(chooser!, roadcam.url, '#/settings');
  await chooser!.getByRole('radio', { name: en.t('language.name.de') }).check();
  await expect(chooser!.locator('html')).toHaveAttribute('lang', 'de');

  // Each page shown before, untouched since: the texts it kept now read in German (each one
  // checked, so a failure names every text left in English).
  await expect
    .soft(route!.getByText(de.t('route.state.saved', { name: 'Coast road' })))
    .toBeVisible();
  await expect.soft(route!.getByRole('alert')).toHaveText(de.t('route.places.needBoth'));
  await expect
    .soft(collection!.getByRole('status').filter({ hasText: linkCopied(de) }))
    .toHaveText(linkCopied(de));
  await expect.soft(settings!.getByText(deadlineTooShort(de))).toBeVisible();
  await expect
    .soft(map!.getByRole('status').filter({ hasText: watching(de, 'Middle of the map') }))
    .toBeVisible();
});

/** "Link copied: roadcam:…", a collection's link in the notice. */
function linkCopied(words: Translator): RegExp {
  const link = /roadcam:.*/;
  return sayPattern(
    'collections.linkCopied',
    { link },
    { anchor: 'start', language: words.language },
  );
}

/** "Give the service at least N seconds…", whatever the least is. */
function deadlineTooShort(words: Translator): RegExp {
  const min = ANY_NUMBER;
  return sayPattern(
    'settings.rule.deadlineLow',
    { min },
    { anchor: 'start', language: words.language },
  );
}

/** 'Watching "NAME"', as the notice says it with or without a count of alerts. */
function watching(words: Translator, name: string): string {
  const counted = words.t('search.watch.added', { name, count: 1 });
  const bare = words.t('search.watch.addedNoCount', { name });
  let same = 0;
  while (same < bare.length && counted[same] === bare[same]) same++;
  return bare.slice(0, same);
}
