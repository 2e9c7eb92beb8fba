/**
 * Units and time: the distance unit reaches the search the page sends, the time zone setting
 * changes the times shown, and a camera's panel says the time at the camera. The page's
 * language and zone are fixed (en-GB reads kilometres; Denver is never UTC), so the test
 * passes wherever it runs.
 */
import type { Page } from '@playwright/test';
import { pickLanguage } from '../../src/shared/i18n/languages.ts';
import { expect, openView, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { translatorFor } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

const LOCALE = 'en-GB';
test.use({ locale: LOCALE, timezoneId: 'America/Denver' });
// The page speaks its own locale's language, whatever the suite's.
const words = translatorFor(pickLanguage([LOCALE]));
/** Patterns of messages in the page's language. */
const inPage = { language: words.language };

// One app for the file (its start is the slow part); the tests run in order on its settings.
test.describe.configure({ mode: 'serial' });
let roadcam: RoadcamHost;
test.beforeAll(async () => {
  roadcam = await startRoadcam(smallDemo);
});
test.afterAll(async () => {
  await roadcam?.stop();
});

/** What the page sent to the core (browser mode speaks over one WebSocket). */
function sentFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') frames.push(frame.payload);
    }),
  );
  return frames;
}

async function choose(page: Page, url: string, name: string) {
  await openView(page, url, '#/settings');
  const section = page.getByRole('region', { name: words.t('settings.units') });
  await section.getByRole('radio', { name }).check();
  await expect(section.getByRole('radio', { name })).toBeChecked();
}

async function openMap(page: Page, url: string) {
  await openView(page, url, '#/map?at=39.5,-98.35,4');
  await expect(page.getByTestId('cameras-drawn')).not.toHaveAttribute('data-count', '0', {
    timeout: 30_000,
  });
}

test('in miles, the radius field and the radius the page sends are in miles', async ({
  page,
}, testInfo) => {
  const frames = sentFrames(page);
  await page.goto(`${roadcam.url}#/settings`);
  const section = page.getByRole('region', { name: words.t('settings.units') });
  await expect(
    section.getByRole('radio', { name: words.t('settings.units.automatic', { unit: 'km' }) }),
  ).toBeChecked();
  await expect(
    section.getByRole('radio', {
      name: words.t('settings.units.local', { zone: 'America/Denver' }),
    }),
  ).toBeChecked();
  await section.screenshot({ path: testInfo.outputPath('units-section.png') });
  await choose(page, roadcam.url, words.t('settings.units.mi'));

  await openMap(page, roadcam.url);
  await page.getByRole('button', { name: words.t('search.draw.radius') }).click();
  const box = (await page.getByRole('application', { name: words.t('view.map') }).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  const radiusLabel = words.t('search.radius', { unit: 'mi' });
  await expect(page.getByLabel(radiusLabel)).toHaveValue('15');
  const within = sayPattern('search.area.radius', { distance: '15 mi', place: ANY_TEXT }, inPage);
  await expect(page.getByTestId('spatial')).toContainText(within);
  await expect(page.getByTestId('result-total')).toBeVisible();
  // The search the page asked for carries the unit as typed: the service reads miles.
  expect(frames.some((f) => f.includes('"radius":"15mi"'))).toBe(true);
  expect(frames.some((f) => /"radius":"[\d.]+km"/.test(f))).toBe(false);
  await page.getByLabel(radiusLabel).fill('5');
  await page.getByLabel(radiusLabel).press('Enter');
  await page.getByRole('button', { name: words.t('search.tab'), exact: true }).click();
  await expect.poll(() => frames.some((f) => f.includes('"radius":"5mi"'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('UTC changes the times shown to say UTC', async ({ page }) => {
  await openMap(page, roadcam.url);
  await page.getByText(words.t('map.layer.observations'), { exact: true }).first().click();
  await page.getByRole('button', { name: words.t('search.tab'), exact: true }).click();
  const meta = page
    .getByRole('list', { name: words.t('search.results.label') })
    .locator('[data-id] .meta')
    .first();
  await expect(meta).toContainText(/\d\d:\d\d (GMT-[67]|MST|MDT)/);
  await expect(meta).not.toContainText('UTC');

  // Back on the map (the search form kept its kind), the times shown now say UTC.
  await choose(page, roadcam.url, words.t('settings.units.utc'));
  await openMap(page, roadcam.url);
  await page.getByRole('button', { name: words.t('search.tab'), exact: true }).click();
  await expect(meta).toContainText(/\d\d:\d\d UTC/);
});

test("a camera's panel says the time at the camera, in the camera's own zone", async ({
  page,
}, testInfo) => {
  await openMap(page, roadcam.url);
  await page.getByRole('button', { name: words.t('search.tab'), exact: true }).click();
  await page
    .getByRole('list', { name: words.t('search.results.label') })
    .locator('[data-id]')
    .first()
    .click();
  const shown = page.getByTestId('camera-time');
  // "Now 10:32 at the camera (America/Chicago)"
  const cameraNow = (clock: RegExp, zone: RegExp) =>
    sayPattern(
      'map.camera.now',
      { time: sayPattern('common.cameraTime', { time: clock, zone }, inPage) },
      { ...inPage, anchor: 'whole' },
    );
  await expect(shown).toHaveText(cameraNow(/\d\d:\d\d/, /[A-Za-z_]+\/[A-Za-z_/]+/));
  const [, clock, zone] = cameraNow(/(\d\d:\d\d)/, /(.+)/).exec(
    (await shown.textContent())!.trim(),
  )!;
  // The clock is the camera zone's, not the page's (Denver) unless the camera is there.
  const at = (t: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(t);
  expect([at(Date.now()), at(Date.now() - 60_000), at(Date.now() - 30_000)]).toContain(clock);
  // The times around it follow the UTC chosen before: the archive line and the chart's axis.
  const panel = page.getByTestId('camera-panel');
  const since = sayPattern('map.image.since', { count: /\d+/, time: /.* UTC/ }, inPage);
  await expect(panel).toContainText(since);
  await expect(panel.getByText(words.t('map.chart.time', { zone: 'UTC' }))).toBeVisible();
  await page.getByTestId('camera-panel').screenshot({ path: testInfo.outputPath('camera.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Units and time settings have no critical or serious violation', async ({ page }) => {
  await page.goto(`${roadcam.url}#/settings`);
  await expect(page.getByRole('region', { name: words.t('settings.units') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

// Evaluated rather than added as a script tag: the app's content security policy refuses it.
