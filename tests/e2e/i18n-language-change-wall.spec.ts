/**
 * A wall's tiles say why they are not live in the language chosen, as soon as it is chosen: a
 * video tile whose stream stopped (Stalled or Reconnecting, and why) and a still tile whose
 * camera went offline after its first image (Stale: the last image kept) are shown in English;
 * then the wall page's clock is stopped, so no tile checks its picture again (a video tile
 * every 0.5 s, a still tile every 5 s and at each refresh), and Settings › Language is set to
 * Deutsch in another browser. Each tile's reason must read in German with the clock still
 * stopped: the bound is "before the tile's next check", whatever the machine's load, where a
 * bound in seconds would pass the old tile by luck (its next check came first) or fail a slow
 * machine. A third tile's reason is the service's own text: it stays as the service sent it.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openView, test, type RoadcamHost } from './fixtures.ts';
import { say, translatorFor } from './say.ts';
import { sayPattern } from './say-pattern.ts';
import { startAdminService, startRoadcamOn, wallRoute, type AdminService } from './wall-helpers.ts';

test.describe.configure({ mode: 'serial' });
let service: AdminService;
let host: RoadcamHost;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startAdminService(40);
  host = await startRoadcamOn(service);
});
test.afterAll(async () => {
  await host?.stop();
  await service?.stop();
});

const german = translatorFor('de');
const SHOTS = '/tmp/43-shots/T';

async function setOffline(cameraId: string, offline: boolean): Promise<void> {
  const answer = await fetch(
    `${service.url}/_admin/cameras/${encodeURIComponent(cameraId)}/offline?offline=${offline}`,
    { method: 'POST' },
  );
  if (!answer.ok) throw new Error(`offline control failed: ${await answer.text()}`);
}

/** The words under a tile's headline: its reason. */
const reasonOf = (tile: Locator) => tile.locator('.reason[role="status"] span');

/** A stopped video tile's reason in German, by the English one it showed (with its figure). */
function stoppedInGerman(english: string): string {
  if (english === say('wall.reason.reload')) return german.t('wall.reason.reload');
  if (english === say('wall.reason.stopped')) return german.t('wall.reason.stopped');
  const seconds = Number(/\d+/.exec(english)?.[0]);
  expect(english).toBe(say('wall.reason.idle', { seconds }));
  return german.t('wall.reason.idle', { seconds });
}

/** An offline camera's live image refused (HTTP 503), said in German with the service's message. */
function liveImageFailedInGerman(cameraId: string, shown: { refused: string }): string {
  const answer = { status: 503, code: 'unavailable', parameter: 'none', wait: 'none' } as const;
  const figures = { ...answer, seconds: 0, minutes: 0 };
  const operation = say('media.what.live', { id: cameraId });
  const pattern = sayPattern('service.failed', { ...figures, operation, message: /(.+)/ });
  const message = pattern.exec(shown.refused)?.[1];
  expect(message, `the refused tile's reason: ${shown.refused}`).toBeDefined();
  const inGerman = german.t('media.what.live', { id: cameraId });
  return german.t('service.failed', { ...figures, operation: inGerman, message: message! });
}

/** Settings › Language set to Deutsch in a browser of its own (its clock runs). */
async function chooseGerman(browser: Browser): Promise<void> {
  const other = await browser.newContext();
  const chooser = await other.newPage();
  await openView(chooser, host.url, '#/settings');
  await chooser.getByRole('radio', { name: say('language.name.de') }).check();
  await expect(chooser.locator('html')).toHaveAttribute('lang', 'de');
  await other.close();
}

/** Stops the page's clock: from then on no timer of the page fires. */
async function stopClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  // A moment ahead of the page clock as read (it runs on while this call travels).
  await page.clock.pauseAt(now + 3000);
}

test("every tile's reason turns to German at once, before any tile checks again", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { video, still } = await service.cameras();
  const [stopped, gone, refused] = [video[0]!, still[0]!, still[1]!];
  await setOffline(refused, true);
  // The page's timers run on a clock the test can stop; until then it runs as a real one.
  await page.clock.install();
  await page.goto(`${host.url}${wallRoute([stopped, gone, refused], '2x2')}`);
  const tile = (id: string) => page.locator(`[data-camera-id="${id}"]`);
  await expect(tile(stopped)).toHaveAttribute('data-state', 'live', { timeout: 90_000 });
  await expect(tile(gone)).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(tile(refused)).toHaveAttribute('data-state', /offline|error/, { timeout: 60_000 });

  await service.setStreamStopped(stopped, true);
  await setOffline(gone, true);
  await expect(tile(stopped)).toHaveAttribute('data-state', /stalled|reconnecting/, {
    timeout: 60_000,
  });
  await expect(reasonOf(tile(gone))).toHaveText(say('wall.reason.unreachable'), {
    timeout: 60_000,
  });
  await stopClock(page);
  const shown = {
    stopped: (await reasonOf(tile(stopped)).textContent()) ?? '',
    refused: (await reasonOf(tile(refused)).textContent()) ?? '',
  };

  await chooseGerman(browser);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Each checked on its own, so a failure names every tile left in English.
  await expect.soft(reasonOf(tile(stopped))).toHaveText(stoppedInGerman(shown.stopped));
  await expect.soft(reasonOf(tile(gone))).toHaveText(german.t('wall.reason.unreachable'));
  // The offline camera's reason: the app's words in German around the service's own message.
  await expect.soft(reasonOf(tile(refused))).toHaveText(liveImageFailedInGerman(refused, shown));
  await expect.soft(tile(gone).locator('footer .pill')).toHaveText(german.t('wall.state.stale'));
  // For a person to read: the German reasons fit their tiles.
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/wall-reasons-de.png` });
});
