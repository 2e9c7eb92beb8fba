/**
 * The video wall in a real Chromium against the service with its test controls: playback of
 * video and still tiles, a hidden window, a stream that stops and recovers, the heap over add and
 * remove cycles, saved walls, rewind, tile actions, the keyboard, walls from links. Liveness, slow
 * links, proxies and other services: wall-network.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { type RoadcamHost } from './fixtures.ts';
import { say, sayWithin } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, eitherOf, sayPattern } from './say-pattern.ts';
import {
  startAdminService,
  startRoadcamOn,
  videoTimes,
  wallRoute,
  type AdminService,
} from './wall-helpers.ts';

let service: AdminService;
let host: RoadcamHost;
let cams: { video: string[]; still: string[] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startAdminService();
  host = await startRoadcamOn(service);
  cams = await service.cameras();
});

test.afterAll(async () => {
  await host?.stop();
  await service?.stop();
});

test('a 3x3 wall of video and still cameras plays every video tile', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const cameras = [...cams.video.slice(0, 6), ...cams.still.slice(0, 3)];
  await page.goto(`${host.url}${wallRoute(cameras, '3x3')}`);
  const tiles = page.locator('[data-tile]');
  await expect(tiles).toHaveCount(9);
  await expect(page.locator('[data-kind="video"][data-state="live"]')).toHaveCount(6, {
    timeout: 45_000,
  });
  await expect(page.locator('[data-kind="still"][data-state="live"]')).toHaveCount(3);
  const first = await videoTimes(page);
  await page.waitForTimeout(20_000);
  const later = await videoTimes(page);
  await page.screenshot({ path: testInfo.outputPath('wall-3x3.png') });
  for (const id of cameras.slice(0, 6)) {
    expect(later[id], `video of ${id} advanced`).toBeGreaterThan((first[id] ?? 0) + 10);
  }
});

test('a hidden window stops every tile loading video, and showing it again resumes them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cameras = cams.video.slice(10, 12);
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-kind="video"][data-state="live"]')).toHaveCount(2, {
    timeout: 45_000,
  });
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/live/')) requests.push(r.url());
  });
  // What a minimised window or a background tab tells the page.
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (h ? 'hidden' : 'visible'),
      });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await page.waitForTimeout(3000); // tiles stop 1.5 s after they are hidden
  const whileHidden = requests.length;
  const hiddenAt = await videoTimes(page);
  await page.waitForTimeout(6000); // a live playlist is reloaded every 1-2 s while playing
  expect(requests.slice(whileHidden), 'no playlist or segment while hidden').toEqual([]);
  // Nothing decodes either: no video moved on.
  expect(await videoTimes(page)).toEqual(hiddenAt);

  await setHidden(false);
  await expect(page.locator('[data-kind="video"][data-state="live"]')).toHaveCount(2, {
    timeout: 45_000,
  });
  expect(requests.length).toBeGreaterThan(whileHidden);
  const before = await videoTimes(page);
  await expect
    .poll(async () => (await videoTimes(page))[cameras[0]!] ?? 0, { timeout: 20_000 })
    .toBeGreaterThan((before[cameras[0]!] ?? 0) + 2);
});

test('stopping one camera stream makes its tile reconnect and recover; the others keep playing', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const cameras = cams.video.slice(6, 10);
  const [victim, ...others] = cameras as [string, ...string[]];
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  const live = page.locator('[data-kind="video"][data-state="live"]');
  await expect(live).toHaveCount(4, { timeout: 45_000 });

  await service.setStreamStopped(victim, true);
  const tile = page.locator(`[data-camera-id="${victim}"]`);
  await expect(tile).toHaveAttribute('data-state', 'reconnecting', { timeout: 40_000 });
  await page.screenshot({ path: testInfo.outputPath('wall-reconnecting.png') });
  // The reason the player gives, or the headline's why (once it has shown a picture).
  await expect(tile.getByRole('status')).toContainText(
    eitherOf(
      sayPattern('wall.reason.stopped'),
      sayPattern('wall.reason.idle', { seconds: ANY_NUMBER }),
      sayPattern('wall.why.reconnecting'),
    ),
  );
  const before = await videoTimes(page);
  await page.waitForTimeout(4000);
  const during = await videoTimes(page);
  for (const id of others) {
    expect(during[id], `${id} keeps playing`).toBeGreaterThan(before[id]! + 2);
    await expect(page.locator(`[data-camera-id="${id}"]`)).toHaveAttribute('data-state', 'live');
  }

  await service.setStreamStopped(victim, false);
  await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  const resumed = (await videoTimes(page))[victim]!;
  await page.waitForTimeout(3000);
  expect((await videoTimes(page))[victim]).toBeGreaterThan(resumed + 1);
  await page.screenshot({ path: testInfo.outputPath('wall-recovered.png') });
});

test('50 add/remove cycles of video tiles leave the JS heap within 20 MB', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${host.url}${wallRoute(cams.still.slice(0, 1), '2x2')}`);
  await expect(page.locator('[data-tile]')).toHaveCount(1);
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  await page.getByRole('button', { name: say('wall.addCameras') }).click();
  const picker = page.getByRole('complementary', { name: say('wall.addCameras') });
  const camera = cams.video[10]!;
  await picker.getByLabel(say('wall.picker.search')).fill(camera);
  const add = picker.getByRole('listitem').filter({ hasText: camera }).getByRole('button');
  const tile = page.locator(`[data-camera-id="${camera}"]`);

  const cycle = async () => {
    await add.click();
    // The player must really run (playlist, segments, decoded frames) before it is torn down.
    await expect
      .poll(() => tile.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), {
        timeout: 30_000,
        intervals: [100],
      })
      .toBeGreaterThanOrEqual(2);
    await tile.focus();
    await page.keyboard.press('Delete');
    await expect(tile).toHaveCount(0);
  };
  for (let i = 0; i < 3; i++) await cycle();
  const start = await heap();
  for (let i = 0; i < 50; i++) await cycle();
  const end = await heap();
  const growthMB = (end - start) / 1024 / 1024;
  console.log(
    `heap ${(start / 1048576).toFixed(1)} MB -> ${(end / 1048576).toFixed(1)} MB after 50 cycles`,
  );
  expect(growthMB).toBeLessThan(20);
  expect(await page.locator('video').count()).toBe(0);
});

test('a saved wall is restored after a reload, with its layout and order', async ({
  page,
}, testInfo) => {
  const cameras = [cams.still[3]!, cams.still[4]!, cams.video[11]!];
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-tile]')).toHaveCount(3);
  await page.getByRole('button', { name: say('wall.saveLinkWall') }).click();
  await expect(page).toHaveURL(/#\/wall\/\d+$/);
  await page.getByLabel(say('wall.toolbar.name')).fill('Morning commute');
  await page.getByLabel(say('wall.toolbar.name')).press('Enter');
  await page.getByRole('radio', { name: '3 × 3' }).click();
  // Drag the third tile onto the first: the order is saved with the wall.
  await page
    .locator(`[data-camera-id="${cameras[2]}"] header`)
    .dragTo(page.locator(`[data-camera-id="${cameras[0]}"]`));
  const order = [cameras[2], cameras[0], cameras[1]];
  await expect(page.locator('[data-tile]').first()).toHaveAttribute('data-camera-id', order[0]!);
  await page.waitForTimeout(800);

  await page.goto(`${host.url}#/wall`);
  await page.reload();
  await expect(page.locator('[data-tile]')).toHaveCount(3);
  const ids = await page
    .locator('[data-tile]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['cameraId']));
  expect(ids).toEqual(order);
  await expect(page.getByRole('radio', { name: '3 × 3' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel(say('wall.toolbar.name'))).toHaveValue('Morning commute');
  await expect(page.getByLabel(say('wall.toolbar.saved'))).toContainText('Morning commute');
  await page.screenshot({ path: testInfo.outputPath('wall-restored.png') });
});

test('rewind shows every tile at the same archived minute, steps and plays in sync, and returns to live', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const cameras = [cams.video[12]!, cams.still[5]!, cams.video[13]!, cams.still[6]!];
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-tile][data-state="live"]')).toHaveCount(4, { timeout: 45_000 });
  await page.getByRole('button', { name: say('wall.toolbar.rewind') }).click();
  const rewinding = page.locator('[data-tile][data-state="rewind"]');
  await expect(rewinding).toHaveCount(4);
  await expect(page.locator('video')).toHaveCount(0);
  // Each frame's alt says its time: "Archived image of <name> at <ISO time>". The name is
  // matched greedily: a camera's name may say " at " too ("A8 at Junction 31").
  const archived = sayPattern('wall.tile.archived', { name: /.*/, time: /(\S+)/ });
  const frames = page.locator('[data-tile]').getByAltText(archived);
  await expect(frames).toHaveCount(4);

  const frameTimes = () =>
    frames.evaluateAll(
      (imgs, source) =>
        imgs.map((img) => new RegExp(source).exec((img as HTMLImageElement).alt)?.[1] ?? ''),
      archived.source,
    );
  const newest = await frameTimes();
  expect(new Set(newest).size, 'one minute on every tile').toBe(1);

  await page.keyboard.press('Shift+Comma');
  await page.keyboard.press('Comma');
  const minutesBack = (iso: string) => (Date.parse(newest[0]!) - Date.parse(iso)) / 60_000;
  await expect.poll(async () => (await frameTimes()).map(minutesBack)).toEqual([11, 11, 11, 11]);
  const slider = page.getByRole('slider', { name: say('wall.rewind.slider') });
  await expect(slider).toHaveValue(String(Date.parse(newest[0]!) - 11 * 60_000));

  await page.getByRole('button', { name: say('wall.rewind.play', { speed: 60 }) }).click();
  await expect
    .poll(async () => Math.max(...(await frameTimes()).map(minutesBack)), { timeout: 20_000 })
    .toBeLessThanOrEqual(8);
  await page.getByRole('button', { name: say('wall.rewind.pause', { speed: 60 }) }).click();
  const paused = await frameTimes();
  expect(new Set(paused).size, 'tiles stay in step while playing').toBe(1);
  await page.screenshot({ path: testInfo.outputPath('wall-rewind.png') });

  await page.getByRole('button', { name: say('wall.rewind.live') }).click();
  await expect(page.locator('[data-kind="video"]')).toHaveCount(2);
  await expect(page.locator('[data-tile][data-state="live"]')).toHaveCount(4, { timeout: 45_000 });
});

test('tile actions: snapshot to a new collection, record the last minutes, open on the map', async ({
  page,
}) => {
  const camera = cams.still[7]!;
  await page.goto(`${host.url}${wallRoute([camera], '1x1')}`);
  const tile = page.locator(`[data-camera-id="${camera}"]`);
  await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 30_000 });

  await tile
    .getByRole('button', { name: sayPattern('wall.menu.actions', { name: ANY_TEXT }) })
    .or(tile.locator('summary'))
    .click();
  await page.getByRole('menuitem', { name: say('wall.menu.snapshot') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').selectOption({ label: say('wall.dialog.newCollection') });
  await dialog.getByLabel(say('wall.dialog.newName')).fill('Wall e2e snapshots');
  await dialog.getByRole('button', { name: say('wall.dialog.save') }).click();
  const saved = { frame: 'no', name: ANY_TEXT } as const;
  await expect(
    page.getByRole('status').filter({
      hasText: sayPattern('wall.dialog.saved', { ...saved, collection: ANY_TEXT }),
    }),
  ).toContainText(sayPattern('wall.dialog.saved', { ...saved, collection: 'Wall e2e snapshots' }));
  const found = await service.get<{ results: { _id: string }[] }>(
    '/v1/collections?q=e2e%20snapshots',
  );
  const collection = await service.get<{ images: string[] }>(
    `/v1/collections/${found.results[0]!._id}`,
  );
  expect(collection.images).toHaveLength(1);

  await tile.locator('summary').click();
  await page.getByRole('menuitem', { name: say('wall.menu.record') }).click();
  await dialog.getByLabel(sayWithin('wall.dialog.minutes')).fill('2');
  await dialog.getByRole('button', { name: say('wall.dialog.recordButton') }).click();
  const requested = { id: ANY_TEXT, name: ANY_TEXT, time: ANY_TEXT };
  await expect(
    page.getByRole('status').filter({
      hasText: sayPattern('wall.dialog.recordingFrom', { ...requested, minutes: 2 }),
    }),
  ).toHaveCount(1);
  const recordings = await service.get<{
    features: { properties: { duration: number; start: string } }[];
  }>(`/v1/recordings?camera_id=${encodeURIComponent(camera)}`);
  expect(recordings.features.map((f) => f.properties.duration)).toContain(120);

  await tile.locator('summary').click();
  await page.getByRole('menuitem', { name: say('wall.menu.map') }).click();
  await expect(page).toHaveURL(new RegExp(`#/map\\?camera=${camera}$`));
});

test('keyboard: arrows move between tiles, Enter fills the wall with one, Escape restores', async ({
  page,
}) => {
  const cameras = cams.still.slice(8, 12);
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-tile]')).toHaveCount(4);
  await page.locator('[data-tile="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-tile="1"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-tile="3"]')).toBeFocused();
  await page.keyboard.press('Enter');
  const box = await page.locator('[data-tile="3"]').boundingBox();
  const grid = await page.getByRole('group', { name: say('wall.grid.label') }).boundingBox();
  expect(box!.width).toBeGreaterThan(grid!.width * 0.95);
  await page.keyboard.press('Escape');
  const restored = await page.locator('[data-tile="3"]').boundingBox();
  expect(restored!.width).toBeLessThan(grid!.width * 0.55);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.locator('[data-tile="2"]')).toHaveAttribute('data-camera-id', cameras[3]!);
});

test('a camera added from elsewhere (#/wall?add=ID) joins the last wall once', async ({ page }) => {
  await page.goto(`${host.url}#/wall`);
  await page.waitForLoadState('networkidle');
  const before = await page.locator('[data-camera-id]').count();
  const camera = cams.still[12]!;
  await page.goto(`${host.url}#/wall?add=${camera}`);
  await expect(page.locator(`[data-camera-id="${camera}"]`)).toHaveCount(1);
  await expect(page).toHaveURL(/#\/wall\/\d+$/);
  await page.reload();
  await expect(page.locator(`[data-camera-id="${camera}"]`)).toHaveCount(1);
  expect(await page.locator('[data-camera-id]').count()).toBe(before + 1);
});

test('a custom layout from a link keeps its columns and spans; sizes change from the tile menu', async ({
  page,
}, testInfo) => {
  const cameras = cams.still.slice(13, 17);
  await page.goto(`${host.url}${wallRoute(cameras, 'custom')}&columns=3&spans=2x2,1x1,1x1,3x1`);
  await expect(page.locator('[data-tile]')).toHaveCount(4);
  const width = async (i: number) => (await page.locator(`[data-tile="${i}"]`).boundingBox())!;
  const [big, small, wide] = [await width(0), await width(1), await width(3)];
  expect(big.width).toBeGreaterThan(small.width * 1.8);
  expect(big.height).toBeGreaterThan(small.height * 1.8);
  expect(wide.width).toBeGreaterThan(small.width * 2.7);
  await page.locator('[data-tile="1"] summary').click();
  await page.getByRole('menuitemradio', { name: '2×1' }).click();
  await expect.poll(async () => (await width(1)).width).toBeGreaterThan(small.width * 1.8);
  await page.screenshot({ path: testInfo.outputPath('wall-custom.png') });
});
