import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_CLIENT, DEMO_SEED, startService } from '../../src/service/index.ts';
import { startShapedLink, type ShapedLink } from '../helpers/link.ts';
import { startTinyproxy, tinyproxyMissing } from '../helpers/tinyproxy.ts';
import { smallDemo, startRoadcam, type RoadcamHost } from './fixtures.ts';
import {
  startAdminService,
  startRoadcamOn,
  videoTimes,
  wallRoute,
  watchLiveness,
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
  await expect(tile.getByRole('status')).toContainText(/new video|reconnecting/i);
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
  await page.getByRole('button', { name: 'Add cameras' }).click();
  const picker = page.getByRole('complementary', { name: 'Add cameras' });
  const camera = cams.video[10]!;
  await picker.getByLabel('Search cameras').fill(camera);
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
  await page.getByRole('button', { name: 'Save as a wall' }).click();
  await expect(page).toHaveURL(/#\/wall\/\d+$/);
  await page.getByLabel('Wall name').fill('Morning commute');
  await page.getByLabel('Wall name').press('Enter');
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
  await expect(page.getByLabel('Wall name')).toHaveValue('Morning commute');
  await expect(page.getByLabel('Saved walls')).toContainText('Morning commute');
  await page.screenshot({ path: testInfo.outputPath('wall-restored.png') });
});

test('rewind shows every tile at the same archived minute, steps and plays in sync, and returns to live', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const cameras = [cams.video[12]!, cams.still[5]!, cams.video[13]!, cams.still[6]!];
  await page.goto(`${host.url}${wallRoute(cameras, '2x2')}`);
  await expect(page.locator('[data-tile][data-state="live"]')).toHaveCount(4, { timeout: 45_000 });
  await page.getByRole('button', { name: 'Rewind' }).click();
  const rewinding = page.locator('[data-tile][data-state="rewind"]');
  await expect(rewinding).toHaveCount(4);
  await expect(page.locator('video')).toHaveCount(0);
  const frames = page.locator('[data-tile] img[alt^="Archived image"]');
  await expect(frames).toHaveCount(4);

  const frameTimes = () =>
    frames.evaluateAll((imgs) =>
      imgs.map((img) => /at (\S+)$/.exec((img as HTMLImageElement).alt)?.[1] ?? ''),
    );
  const newest = await frameTimes();
  expect(new Set(newest).size, 'one minute on every tile').toBe(1);

  await page.keyboard.press('Shift+Comma');
  await page.keyboard.press('Comma');
  const minutesBack = (iso: string) => (Date.parse(newest[0]!) - Date.parse(iso)) / 60_000;
  await expect.poll(async () => (await frameTimes()).map(minutesBack)).toEqual([11, 11, 11, 11]);
  const slider = page.getByRole('slider', { name: 'Rewind time' });
  await expect(slider).toHaveValue(String(Date.parse(newest[0]!) - 11 * 60_000));

  await page.getByRole('button', { name: '▶ 60×' }).click();
  await expect
    .poll(async () => Math.max(...(await frameTimes()).map(minutesBack)), { timeout: 20_000 })
    .toBeLessThanOrEqual(8);
  await page.getByRole('button', { name: /❚❚/ }).click();
  const paused = await frameTimes();
  expect(new Set(paused).size, 'tiles stay in step while playing').toBe(1);
  await page.screenshot({ path: testInfo.outputPath('wall-rewind.png') });

  await page.getByRole('button', { name: 'Back to live' }).click();
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
    .getByRole('button', { name: /Actions for/ })
    .or(tile.locator('summary'))
    .click();
  await page.getByRole('menuitem', { name: 'Snapshot to a collection…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').selectOption({ label: 'New collection…' });
  await dialog.getByLabel('Name of the new collection').fill('Wall e2e snapshots');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved the current image' }),
  ).toContainText('“Wall e2e snapshots”');
  const found = await service.get<{ results: { _id: string }[] }>(
    '/v1/collections?q=e2e%20snapshots',
  );
  const collection = await service.get<{ images: string[] }>(
    `/v1/collections/${found.results[0]!._id}`,
  );
  expect(collection.images).toHaveLength(1);

  await tile.locator('summary').click();
  await page.getByRole('menuitem', { name: 'Record the last minutes…' }).click();
  await dialog.getByLabel(/Minutes before now/).fill('2');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toContainText(
    '2 min from',
  );
  const recordings = await service.get<{
    features: { properties: { duration: number; start: string } }[];
  }>(`/v1/recordings?camera_id=${encodeURIComponent(camera)}`);
  expect(recordings.features.map((f) => f.properties.duration)).toContain(120);

  await tile.locator('summary').click();
  await page.getByRole('menuitem', { name: 'Open on the map' }).click();
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
  const grid = await page.getByRole('group', { name: /^Camera wall/ }).boundingBox();
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

test('a tile whose video stops moving while segments still arrive leaves Live within seconds and says how old its picture is', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const camera = cams.video[13]!;
  await page.goto(`${host.url}${wallRoute([camera], '1x1')}`);
  const tile = page.locator(`[data-camera-id="${camera}"]`);
  await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
  const liveness = await watchLiveness(page, camera);
  const segments: string[] = [];
  page.on('response', (r) => {
    if (/\/live\/.+\.ts/.test(r.url())) segments.push(r.url());
  });

  // Something outside the tile pauses playback again and again (as a media key or a power
  // policy may): the stream and its segments go on, the picture does not.
  const pausedAt = Date.now();
  await page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(`[data-camera-id="${id}"] video`)!;
    (window as unknown as Record<string, unknown>)['__pauser'] = setInterval(
      () => video.pause(),
      20,
    );
  }, camera);
  await expect(tile).not.toHaveAttribute('data-state', 'live', { timeout: 5000 });
  const leftLiveMs = Date.now() - pausedAt;
  await expect(tile.locator('.reason strong')).toHaveText(
    /^(Picture \d+ s old|Stalled \d+ s ago|Video not keeping up): /,
  );
  await page.waitForTimeout(5000);
  expect(segments.length, 'segments kept arriving while the picture stood still').toBeGreaterThan(
    0,
  );
  await expect(tile).not.toHaveAttribute('data-state', 'live');
  await page.screenshot({ path: testInfo.outputPath('wall-frozen.png') });

  await page.evaluate(() =>
    clearInterval((window as unknown as Record<string, number>)['__pauser']),
  );
  await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
  expect(await liveness.lies(), 'moments the tile said Live over a frozen video').toEqual([]);
  testInfo.annotations.push({ type: 'left Live after', description: `${leftLiveMs} ms` });
});

test('a still tile shows when its image was taken, and turns Stale when the camera sends no newer one', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const camera = cams.still[4]!;
  await page.goto(`${host.url}${wallRoute([camera], '1x1')}`);
  const tile = page.locator(`[data-camera-id="${camera}"]`);
  await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  // The service's images are taken once a minute: the capture time is on the minute.
  await expect(tile.locator('.age')).toHaveText(/^Taken \d\d:\d\d:00 \S+ · \d+ s ago$/);

  // The service's clock half an hour back: its newest image was taken half an hour ago.
  await service.advanceClock(-30 * 60_000);
  try {
    await page.reload();
    await expect(tile).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
    await expect(tile.locator('.pill')).toHaveText('Stale');
    await expect(tile.locator('.reason strong')).toHaveText(
      /^Picture (29|30|31) min old: no newer image$/,
    );
    await expect(tile.locator('.age')).toContainText('min ago');
    await page.screenshot({ path: testInfo.outputPath('wall-stale.png') });
  } finally {
    await service.advanceClock(30 * 60_000);
  }
});

test.describe('over a link that slows down', () => {
  // The link sits between the app and the service, as a far network does: the tile must say
  // that it waits for the network (not that the camera stalled), and play on once it recovers.
  let link: ShapedLink;
  let slowHost: RoadcamHost;

  test.beforeAll(async () => {
    const target = new URL(service.url);
    link = await startShapedLink({ host: target.hostname, port: Number(target.port) });
    slowHost = await startRoadcamOn(link);
  });
  test.afterAll(async () => {
    await slowHost?.stop();
    await link?.close();
  });

  test('a tile whose video arrives slower than it plays says it waits for the network, then plays on', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const camera = cams.video[12]!;
    await page.goto(`${slowHost.url}${wallRoute([camera], '1x1')}`);
    const tile = page.locator(`[data-camera-id="${camera}"]`);
    await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
    const liveness = await watchLiveness(page, camera);

    // 24 kbit/s: a 2 s segment takes many seconds to arrive.
    link.reshape({ bandwidthBps: 24_000 });
    await expect(tile).toHaveAttribute('data-state', 'network', { timeout: 60_000 });
    await expect(tile.locator('.pill')).toHaveText('Waiting for network');
    await expect(tile.locator('.reason')).toContainText('Waiting for the network:');
    await page.screenshot({ path: testInfo.outputPath('wall-network.png') });

    link.reshape({});
    await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
    const before = (await videoTimes(page))[camera] ?? 0;
    await expect
      .poll(async () => (await videoTimes(page))[camera] ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(before + 2);
    // Back within a segment of the target delay: caught up by playing faster or by a jump.
    await expect(tile.locator('.pill')).toHaveText('Live', { timeout: 30_000 });
    // Never Live over a frozen picture, from the slow link to the end: not while waiting for
    // a segment, not after the link recovered.
    expect(await liveness.samples()).toBeGreaterThan(100);
    expect(await liveness.lies(), 'moments the tile said Live over a frozen video').toEqual([]);
  });
});

test('through a real proxy (--proxy), a video tile plays, and its playlist and segments went through the proxy', async ({
  page,
}) => {
  const missing = tinyproxyMissing();
  test.skip(missing !== null, `SKIPPED: ${missing}`);
  test.setTimeout(120_000);
  const proxy = await startTinyproxy();
  const proxied = await startRoadcam(
    ['--base-url', service.url, '--client-id', 'demo', '--proxy', proxy.url],
    { ROADCAM_CLIENT_SECRET: 'demo-secret' },
  );
  try {
    const camera = cams.video[13]!;
    await page.goto(`${proxied.url}${wallRoute([camera], '1x1')}`);
    const tile = page.locator(`[data-camera-id="${camera}"]`);
    await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
    const before = (await videoTimes(page))[camera] ?? 0;
    await expect
      .poll(async () => (await videoTimes(page))[camera] ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(before + 2);
    // tinyproxy logs each request's absolute URL: the live files of this camera are there.
    const live = `GET ${service.url}/v1/cameras/${encodeURIComponent(camera)}/live/`;
    const seen = proxy.requests().filter((r) => r.startsWith(live));
    expect(
      seen.some((r) => r.includes('playlist.m3u8')),
      seen.join('\n'),
    ).toBe(true);
    expect(seen.filter((r) => !r.includes('.m3u8')).length, seen.join('\n')).toBeGreaterThan(1);
  } finally {
    await proxied.stop();
    await proxy.close();
  }
});

for (const variant of ['stranger-a', 'stranger-b'] as const) {
  test.describe(`against the ${variant} service`, () => {
    // Another service's choices (src/service/variants): live images on a CDN of another origin
    // (stranger-a: always a 302), HLS as a master playlist naming a chunk playlist whose segments carry a
    // session query. Demo mode runs that service; the same seed and size as the app's give the
    // same cameras to a service of the test's own, which tells which ones have video.
    let roadcam: RoadcamHost;
    let strangerCams: { video: string[]; still: string[] };

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      strangerCams = await demoCameras(200, 3);
      roadcam = await startRoadcam(['--demo-variant', variant, ...smallDemo]);
    });
    test.afterAll(async () => roadcam?.stop());

    test('a wall plays its video tiles and shows its still ones', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const cameras = [...strangerCams.video.slice(0, 2), ...strangerCams.still.slice(0, 2)];
      await page.goto(`${roadcam.url}${wallRoute(cameras, '2x2')}`);
      await expect(page.locator('[data-tile]')).toHaveCount(4);
      await expect(page.locator('[data-kind="video"][data-state="live"]')).toHaveCount(2, {
        timeout: 45_000,
      });
      await expect(page.locator('[data-kind="still"][data-state="live"]')).toHaveCount(2);
      // The variant is in effect: the first playlist is a master playlist.
      const origin = new URL(roadcam.url).origin;
      const master = await page.request.get(
        `${origin}/media/cameras/${encodeURIComponent(cameras[0]!)}/live/playlist.m3u8`,
      );
      expect(await master.text()).toContain('#EXT-X-STREAM-INF');
      const first = await videoTimes(page);
      await page.waitForTimeout(8_000);
      const later = await videoTimes(page);
      await page.screenshot({ path: testInfo.outputPath(`wall-${variant}.png`) });
      for (const id of cameras.slice(0, 2)) {
        expect(later[id], `video of ${id} advanced`).toBeGreaterThan((first[id] ?? 0) + 4);
      }
      // Still tiles show a decoded image (a redirect to the CDN, JPEG or PNG).
      for (const id of cameras.slice(2)) {
        const width = await page
          .locator(`[data-camera-id="${id}"] img[alt^="Live image"]`)
          .evaluate((img: HTMLImageElement) => img.naturalWidth);
        expect(width, `image of ${id}`).toBeGreaterThan(0);
      }
    });
  });
}

/** The cameras of demo mode's world of this size (the seed fixes them), with and without video. */
async function demoCameras(cameras: number, hours: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-demo-cameras-'));
  const service = await startService({ dataDir, seed: DEMO_SEED, cameras, hours });
  try {
    const token = await fetch(`${service.url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${DEMO_CLIENT.id}&client_secret=${DEMO_CLIENT.secret}`,
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const answer = await fetch(`${service.url}/v1/cameras?limit=100&sort=city`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    const page = (await answer.json()) as {
      features: { id: string; properties: { video: boolean } }[];
    };
    return {
      video: page.features.filter((f) => f.properties.video).map((f) => f.id),
      still: page.features.filter((f) => !f.properties.video).map((f) => f.id),
    };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('"Open all favourites" fills the wall with exactly the cameras starred on the map', async ({
  page,
}) => {
  // Starred first, on the map, so the list cannot be empty: the first three cameras found.
  await page.goto(`${host.url}#/map`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Results' }).locator('[data-id]');
  await expect(results.nth(2)).toBeVisible();
  const starred = (await results.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id'))))
    .slice(0, 3)
    .map(String);
  const panel = page.getByTestId('camera-panel');
  const favourite = panel.getByRole('button', { name: /Favourite/ });
  for (const camera of starred) {
    await page.getByRole('list', { name: 'Results' }).locator(`[data-id="${camera}"]`).click();
    await expect(panel).toContainText(camera);
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  }

  await page.goto(`${host.url}#/wall`);
  await page.getByRole('button', { name: 'Add cameras' }).first().click();
  const picker = page.getByRole('complementary', { name: 'Add cameras' });
  const favourites = picker.getByRole('region', { name: 'Favourites' });
  await expect(favourites.locator('small')).toHaveText(starred);
  await favourites.getByRole('button', { name: 'Open all favourites' }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.locator('[data-tile]')).toHaveCount(starred.length);
  const onWall = await page
    .locator('[data-tile]')
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-camera-id')));
  expect(onWall.sort()).toEqual([...starred].sort());
});
