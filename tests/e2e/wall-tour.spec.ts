/**
 * The wall tour in a real Chromium, against the service with its test controls behind a proxy
 * that breaks chosen cameras' live images: a tour from a link goes through its cameras in order,
 * skips a camera whose image arrives cut off and one whose image is refused without ever showing
 * them, pauses, goes page by page, and leaves no video player behind when a tile changes camera.
 */
import { expect, test, type Page } from '@playwright/test';
import { liveImageMode } from '../../src/service/media/services.ts';
import { startImageFaultProxy, type ImageFaultProxy } from '../helpers/image-fault-proxy.ts';
import { openView, type RoadcamHost } from './fixtures.ts';
import { startAdminService, startRoadcamOn, type AdminService } from './wall-helpers.ts';
import { seriousViolations } from './axe.ts';
import { docsScreenshot, say } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, sayPattern } from './say-pattern.ts';

let service: AdminService;
let proxy: ImageFaultProxy;
let host: RoadcamHost;
let cams: { video: string[]; still: string[] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startAdminService();
  proxy = await startImageFaultProxy(service.url);
  host = await startRoadcamOn(proxy);
  cams = await service.cameras();
});

test.afterAll(async () => {
  await host?.stop();
  await proxy?.close();
  await service?.stop();
});

interface Sample {
  at: number;
  tiles: { id: string; state: string }[];
  notice: string;
}

/** Records the grid's tiles (camera and state) and the tour's notice ten times a second. */
async function recordTiles(page: Page): Promise<() => Promise<Sample[]>> {
  await page.evaluate(() => {
    const log: Sample[] = [];
    (window as unknown as { tourLog: Sample[] }).tourLog = log;
    setInterval(() => {
      const tiles = [...document.querySelectorAll<HTMLElement>('[data-tile]')].map((el) => ({
        id: el.dataset['cameraId'] ?? '',
        state: el.dataset['state'] ?? '',
      }));
      const notice = document.querySelector('[data-testid="tour-notice"]')?.textContent ?? '';
      log.push({ at: performance.now(), tiles, notice: notice.trim() });
    }, 100);
  });
  return () => page.evaluate(() => (window as unknown as { tourLog: Sample[] }).tourLog);
}

/** The first tile's cameras in the order they appeared, each once per appearance. */
function sequence(samples: Sample[], tile = 0): string[] {
  const out: string[] = [];
  for (const s of samples) {
    const id = s.tiles[tile]?.id;
    if (id && out.at(-1) !== id) out.push(id);
  }
  return out;
}

const firstTile = (page: Page) => page.locator('[data-tile="0"]');
const cameraOf = (n: number, steps: number) =>
  sayPattern('wall.tour.cameraOf', { n, steps, name: ANY_TEXT });
const paused = sayPattern('wall.tour.paused', { where: ANY_TEXT });
const dwellProblem = (text: string) => say('wall.tour.problem.dwell', { min: 5, max: 600, text });

test('a tour from a link goes through its cameras in order, skips failing ones, and pauses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Cameras whose live image is a JPEG of the service's own (not a redirect to its CDN).
  const jpegs = cams.still.filter((id) => liveImageMode(id) === 'jpeg');
  const [a, b, c, d, e] = jpegs.slice(0, 5) as [string, string, string, string, string];
  proxy.faults.set(b, 'cut');
  proxy.faults.set(d, 'error');
  try {
    await page.goto(`${host.url}#/wall`);
    const log = await recordTiles(page);
    // The link followed inside the page, so that the sampler above stays.
    const link = `#/wall?tour=cameras:${[a, b, c, d, e].join(',')}&dwell=5&mode=tile`;
    await openView(page, host.url, link);
    await expect(page.getByTestId('tour-position')).toContainText(cameraOf(1, 5));
    await expect(firstTile(page)).toHaveAttribute('data-camera-id', a);
    await expect(firstTile(page)).toHaveAttribute('data-camera-id', c, { timeout: 9_000 });
    await expect(firstTile(page)).toHaveAttribute('data-camera-id', e, { timeout: 9_000 });
    await expect(firstTile(page)).toHaveAttribute('data-camera-id', a, { timeout: 9_000 });
    // The sampler runs on its own timer: its next sample sees what the page already shows.
    await expect.poll(async () => sequence(await log()), { timeout: 5_000 }).toEqual([a, c, e, a]);
    const samples = await log();
    // Each skip was said in words.
    const notices = [...new Set(samples.map((s) => s.notice))].join('\n');
    const cutOff = say('wall.tour.skip.cutOff');
    expect(notices).toMatch(
      sayPattern('wall.tour.skipped', { mode: 'tile', name: ANY_TEXT, page: 0, reason: cutOff }),
    );
    // The media server's own words for a refused image, inside the app's (the notice's reason).
    const refused = say('service.failed', {
      operation: say('media.what.live', { id: d }),
      message: `Camera ${d} sent no usable image`,
      ...{ status: '422', code: 'invalid_request', parameter: 'none' },
      ...{ wait: 'none', seconds: 0, minutes: 0 },
    });
    expect(notices).toContain(refused);
    // The failing cameras were asked for, never reached the screen, and no tile showed an error.
    expect(proxy.faulted).toEqual(expect.arrayContaining([b, d]));
    expect(samples.some((s) => s.tiles.some((t) => t.id === b || t.id === d))).toBe(false);
    const states = samples.flatMap((s) => s.tiles.map((t) => t.state));
    expect(states.filter((s) => ['error', 'offline', 'reconnecting'].includes(s))).toEqual([]);

    await expect(page.locator('[data-tile="0"][data-state="live"]')).toHaveCount(1);
    await page.locator('body').press(' ');
    await expect(page.getByTestId('tour-position')).toContainText(paused);
    const held = await firstTile(page).getAttribute('data-camera-id');
    await page.screenshot({ path: docsScreenshot('wall-tour.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForTimeout(7_000);
    await expect(firstTile(page)).toHaveAttribute('data-camera-id', held!);
    await page.locator('body').press(' ');
    await expect(page.getByTestId('tour-position')).not.toContainText(paused);
    await page.locator('body').press('ArrowRight');
    await expect(firstTile(page)).not.toHaveAttribute('data-camera-id', held!, { timeout: 3_000 });
  } finally {
    proxy.faults.clear();
  }
});

test('page mode shows the list a layout at a time', async ({ page }) => {
  test.setTimeout(90_000);
  const ids = cams.still.slice(4, 10);
  await page.goto(`${host.url}#/wall?tour=cameras:${ids.join(',')}&dwell=5&mode=page&layout=2x2`);
  const shown = () =>
    page
      .locator('[data-tile]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset['cameraId']));
  await expect.poll(shown).toEqual(ids.slice(0, 4));
  await expect(page.getByTestId('tour-position')).toContainText(
    sayPattern('wall.tour.pageOf', { n: 1, steps: 2, count: ANY_NUMBER }),
  );
  await expect.poll(shown, { timeout: 9_000 }).toEqual(ids.slice(4, 6));
  await expect.poll(shown, { timeout: 9_000 }).toEqual(ids.slice(0, 4));
});

test('a link with a wrong tour says what is wrong, and starts nothing', async ({ page }) => {
  await page.goto(`${host.url}#/wall?tour=everything&dwell=2&mode=grid`);
  const notice = page.getByTestId('tour-notice');
  await expect(notice).toContainText(say('wall.tour.problem.unknown', { text: 'everything' }));
  await expect(notice).toContainText(dwellProblem('2'));
  await expect(notice).toContainText(say('wall.tour.problem.mode', { text: 'grid' }));
  await expect(page.getByRole('region', { name: say('wall.tour.region') })).toHaveCount(0);
});

test('a toured video tile leaves no player behind when it changes camera', async ({ page }) => {
  test.setTimeout(120_000);
  // Counts the page's media sources that are still open: each hls.js player holds one.
  await page.addInitScript(() => {
    const made: MediaSource[] = [];
    (window as unknown as { openMediaSources: () => number }).openMediaSources = () =>
      made.filter((m) => m.readyState !== 'closed').length;
    const Original = window.MediaSource;
    window.MediaSource = class extends Original {
      constructor() {
        super();
        made.push(this);
      }
    } as typeof MediaSource;
  });
  const ids = cams.video.slice(0, 3);
  await page.goto(`${host.url}#/wall?tour=cameras:${ids.join(',')}&dwell=5&mode=tile`);
  const open = () =>
    page.evaluate(() =>
      (window as unknown as { openMediaSources: () => number }).openMediaSources(),
    );
  const seen: string[] = [];
  for (const id of [...ids, ids[0]!]) {
    await expect(firstTile(page)).toHaveAttribute('data-camera-id', id, { timeout: 12_000 });
    await expect(page.locator('[data-tile="0"][data-kind="video"]')).toHaveCount(1);
    await expect.poll(open, { timeout: 5_000 }).toBe(1);
    seen.push(id);
  }
  expect(seen).toEqual([...ids, ids[0]]);
  expect(await page.locator('video').count()).toBe(1);
});

test('the Tour form starts a tour, full screen and back, and offers the last one again', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const ids = cams.still.slice(10, 12);
  await page.goto(`${host.url}#/wall`);
  const tourButton = page.getByRole('button', { name: say('wall.toolbar.tour'), exact: true });
  await tourButton.click();
  const form = page.getByRole('form', { name: say('wall.tour.setup.label') });
  const through = form.getByLabel(say('wall.tour.setup.through'));
  const cameraIds = form.getByLabel(say('wall.tour.setup.ids'));
  const dwell = form.getByLabel(say('wall.tour.setup.dwell', { min: 5, max: 600 }));
  await through.selectOption('cameras');
  await cameraIds.fill(ids.join(','));
  await dwell.fill('3');
  await form.getByRole('button', { name: say('wall.tour.setup.start') }).click();
  await expect(form.getByRole('alert')).toHaveText(dwellProblem('3'));
  await dwell.fill('6');
  await page.screenshot({ path: testInfo.outputPath('tour-form.png') });
  await form.getByRole('button', { name: say('wall.tour.setup.start') }).click();
  await expect(page.getByTestId('tour-position')).toContainText(cameraOf(1, 2));
  await expect(firstTile(page)).toHaveAttribute('data-camera-id', ids[1]!, { timeout: 10_000 });
  // Full screen is the wall view alone: the toolbar leaves, the tour bar stays.
  const toolbar = page.getByRole('toolbar', { name: say('wall.title') });
  await page.getByRole('button', { name: say('wall.tour.fullScreen') }).click();
  await expect(toolbar).toHaveCount(0);
  expect(await page.evaluate(() => document.fullscreenElement?.className ?? '')).toContain(
    'wall-view',
  );
  await page.getByRole('button', { name: say('wall.tour.leaveFullScreen') }).click();
  await expect(toolbar).toHaveCount(1);
  await page.getByRole('button', { name: say('wall.tour.stop') }).click();
  await expect(page.getByRole('region', { name: say('wall.tour.region') })).toHaveCount(0);

  await page.reload();
  await tourButton.click();
  await expect(through).toHaveValue('cameras');
  await expect(cameraIds).toHaveValue(ids.join(','));
  await expect(dwell).toHaveValue('6');
});
