/**
 * Units and time: the distance unit reaches the search the page sends, the time zone setting
 * changes the times shown, and a camera's panel says the time at the camera. The page's
 * language and zone are fixed (en-GB reads kilometres; Denver is never UTC), so the test
 * passes wherever it runs.
 */
import type { Page } from '@playwright/test';
import { expect, openView, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

test.use({ locale: 'en-GB', timezoneId: 'America/Denver' });

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
  const section = page.getByRole('region', { name: 'Units and time' });
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
  const section = page.getByRole('region', { name: 'Units and time' });
  await expect(section.getByRole('radio', { name: 'Automatic (kilometres here)' })).toBeChecked();
  await expect(section.getByRole('radio', { name: 'My time zone (America/Denver)' })).toBeChecked();
  await section.screenshot({ path: testInfo.outputPath('units-section.png') });
  await choose(page, roadcam.url, 'Miles');

  await openMap(page, roadcam.url);
  await page.getByRole('button', { name: 'Radius around a point' }).click();
  const box = (await page.getByRole('application', { name: 'Map' }).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(page.getByLabel('Radius (mi)')).toHaveValue('15');
  await expect(page.getByTestId('spatial')).toContainText('Within 15 mi of');
  await expect(page.getByTestId('result-total')).toBeVisible();
  // The search the page asked for carries the unit as typed: the service reads miles.
  expect(frames.some((f) => f.includes('"radius":"15mi"'))).toBe(true);
  expect(frames.some((f) => /"radius":"[\d.]+km"/.test(f))).toBe(false);
  await page.getByLabel('Radius (mi)').fill('5');
  await page.getByLabel('Radius (mi)').press('Enter');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => frames.some((f) => f.includes('"radius":"5mi"'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('UTC changes the times shown to say UTC', async ({ page }) => {
  await openMap(page, roadcam.url);
  await page.getByText('Observations', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const meta = page.getByRole('list', { name: 'Results' }).locator('[data-id] .meta').first();
  await expect(meta).toContainText(/\d\d:\d\d (GMT-[67]|MST|MDT)/);
  await expect(meta).not.toContainText('UTC');

  // Back on the map (the search form kept its kind), the times shown now say UTC.
  await choose(page, roadcam.url, 'UTC');
  await openMap(page, roadcam.url);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(meta).toContainText(/\d\d:\d\d UTC/);
});

test("a camera's panel says the time at the camera, in the camera's own zone", async ({
  page,
}, testInfo) => {
  await openMap(page, roadcam.url);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Results' }).locator('[data-id]').first().click();
  const shown = page.getByTestId('camera-time');
  await expect(shown).toHaveText(/^Now \d\d:\d\d at the camera \([A-Za-z_]+\/[A-Za-z_/]+\)$/);
  const [, clock, zone] = /^Now (\d\d:\d\d) at the camera \((.+)\)$/.exec(
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
  await expect(panel).toContainText(/archived images since .* UTC/);
  await expect(panel.getByText('Time (UTC)')).toBeVisible();
  await page.getByTestId('camera-panel').screenshot({ path: testInfo.outputPath('camera.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Units and time settings have no critical or serious violation', async ({ page }) => {
  await page.goto(`${roadcam.url}#/settings`);
  await expect(page.getByRole('region', { name: 'Units and time' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

// Evaluated rather than added as a script tag: the app's content security policy refuses it.
