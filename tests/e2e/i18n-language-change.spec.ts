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
  await page.getByLabel('Import a GPX or GeoJSON file').setInputFiles({
    name: 'coast.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(gpx),
  });
  await expect(page.getByText('Imported Coast (3 points).')).toBeVisible();
  await page.getByLabel('Name').fill('Coast road');
  await page.getByRole('button', { name: 'Save route' }).click();
  await expect(page.getByText('Saved Coast road.')).toBeVisible();
  await page.getByRole('button', { name: 'Find the route' }).click();
  await expect(page.getByRole('alert')).toHaveText('Type a place to start from and one to go to.');
}

/** A collection made, then its link copied: "Link copied: …". */
async function collectionLinkShown(page: Page) {
  await openView(page, roadcam.url, '#/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Storm frames');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('collection-name')).toHaveText('Storm frames');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Link/ })).toHaveText(
    /^Link copied: roadcam:/,
  );
}

/** Settings: a deadline too short, refused at its field as it is typed. */
async function settingRefused(page: Page) {
  await openView(page, roadcam.url, '#/settings');
  await page.getByLabel(/^Answer deadline \(seconds\)/).fill('1');
  await expect(page.getByText(/^Give the service at least \d+ seconds/)).toBeVisible();
}

/** The map: an area drawn and watched for alerts ("Watching …"). */
async function areaWatched(page: Page) {
  await openView(page, roadcam.url, '#/map');
  await watchDrawnSquare(page, 'Middle of the map');
  await expect(page.getByRole('status').filter({ hasText: 'Watching "Middle' })).toBeVisible();
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
  await chooser!.getByRole('radio', { name: 'Deutsch' }).check();
  await expect(chooser!.locator('html')).toHaveAttribute('lang', 'de');

  // Each page shown before, untouched since: the texts it kept now read in German (each one
  // checked, so a failure names every text left in English).
  await expect.soft(route!.getByText('Coast road gespeichert.')).toBeVisible();
  await expect
    .soft(route!.getByRole('alert'))
    .toHaveText('Geben Sie einen Start- und einen Zielort ein.');
  await expect
    .soft(collection!.getByRole('status').filter({ hasText: /^Link/ }))
    .toHaveText(/^Link kopiert: roadcam:/);
  await expect
    .soft(settings!.getByText(/^Geben Sie dem Dienst mindestens \d+ Sekunden/))
    .toBeVisible();
  await expect
    .soft(map!.getByRole('status').filter({ hasText: '„Middle of the map“ wird überwacht' }))
    .toBeVisible();
});
