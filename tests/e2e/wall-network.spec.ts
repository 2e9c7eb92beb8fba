/**
 * The video wall's promises under what a network and a service do: a tile says Live only while
 * its picture moves (a stream that stops moving, a still camera that sends nothing newer), waits
 * in words over a slow link, plays through a real proxy and against other services' choices; and
 * the favourites fill a wall. Playback, rewind and tile actions: wall.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_CLIENT, DEMO_SEED, startService } from '../../src/service/index.ts';
import { FULL_RENDITION, SMALL_RENDITION } from '../../src/service/media/live-renditions.ts';
import { tokenPath } from '../../src/shared/web-paths.ts';
import { startShapedLink, type ShapedLink } from '../helpers/link.ts';
import { startTinyproxy, tinyproxyMissing } from '../helpers/tinyproxy.ts';
import { smallDemo, startRoadcam, type RoadcamHost } from './fixtures.ts';
import { say, sayWithin } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, eitherOf, sayPattern } from './say-pattern.ts';
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

/** A pattern matching the whole text, from its parts. */
const whole = (...parts: RegExp[]) => new RegExp(`^(?:${eitherOf(...parts).source})$`);
const seconds = sayPattern('wall.age.seconds', { count: ANY_NUMBER });

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
  const why = ANY_TEXT;
  await expect(tile.locator('.reason strong')).toHaveText(
    whole(
      sayPattern('wall.headline.old', { age: seconds, why }),
      sayPattern('wall.headline.stalled', { age: seconds, why }),
      sayPattern('wall.headline.stutter', { why }),
    ),
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
  const time = /\d\d:\d\d:00 \S+/;
  await expect(tile.locator('.age')).toHaveText(
    whole(sayPattern('wall.caption', { taken: 'yes', time, age: seconds })),
  );

  // The service's clock half an hour back: its newest image was taken half an hour ago.
  await service.advanceClock(-30 * 60_000);
  try {
    await page.reload();
    await expect(tile).toHaveAttribute('data-state', 'stale', { timeout: 30_000 });
    await expect(tile.locator('.pill')).toHaveText(say('wall.state.stale'));
    const age = eitherOf(...[29, 30, 31].map((count) => sayPattern('wall.age.minutes', { count })));
    await expect(tile.locator('.reason strong')).toHaveText(
      whole(sayPattern('wall.headline.old', { age, why: say('wall.why.stale') })),
    );
    const minutes = sayPattern('wall.age.minutes', { count: ANY_NUMBER });
    await expect(tile.locator('.age')).toContainText(
      sayPattern('wall.caption', { taken: 'yes', time: ANY_TEXT, age: minutes }),
    );
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
    await expect(tile.locator('.pill')).toHaveText(say('wall.state.network'));
    // Every wall.net message opens with this clause; the figures after it vary.
    const waiting = say('wall.net.slower').split(':')[0]!;
    await expect(tile.locator('.reason')).toContainText(`${waiting}:`);
    await page.screenshot({ path: testInfo.outputPath('wall-network.png') });

    link.reshape({});
    await expect(tile).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
    const before = (await videoTimes(page))[camera] ?? 0;
    await expect
      .poll(async () => (await videoTimes(page))[camera] ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(before + 2);
    // Back within a segment of the target delay: caught up by playing faster or by a jump.
    await expect(tile.locator('.pill')).toHaveText(say('wall.state.live'), { timeout: 30_000 });
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
    // (stranger-a: always a 302); HLS as one media playlist (stranger-a) or, as ours, a master
    // playlist naming chunk playlists whose segments carry a session query (stranger-b). Demo
    // mode runs that service; the same seed and size as the app's give the same cameras to a
    // service of the test's own, which tells which ones have video.
    const master = variant === 'stranger-b';
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
      // The variant is in effect: the first playlist is a master or a media playlist.
      const { origin, searchParams } = new URL(roadcam.url);
      const playlist = `cameras/${encodeURIComponent(cameras[0]!)}/live/playlist.m3u8`;
      const first = await (
        await page.request.get(
          `${origin}${tokenPath('media', searchParams.get('token')!, playlist)}`,
        )
      ).text();
      expect(first).toContain(master ? '#EXT-X-STREAM-INF' : '#EXTINF');
      expect(first).not.toContain(master ? '#EXTINF' : '#EXT-X-STREAM-INF');
      const before = await videoTimes(page);
      await page.waitForTimeout(8_000);
      const later = await videoTimes(page);
      await page.screenshot({ path: testInfo.outputPath(`wall-${variant}.png`) });
      for (const id of cameras.slice(0, 2)) {
        expect(later[id], `video of ${id} advanced`).toBeGreaterThan((before[id] ?? 0) + 4);
      }
      // Still tiles show a decoded image (a redirect to the CDN, JPEG or PNG).
      for (const id of cameras.slice(2)) {
        const width = await page
          .locator(`[data-camera-id="${id}"]`)
          .getByAltText(sayPattern('wall.still.alt', { name: ANY_TEXT }))
          .evaluate((img: HTMLImageElement) => img.naturalWidth);
        expect(width, `image of ${id}`).toBeGreaterThan(0);
      }
    });

    // Only a master playlist offers renditions to choose from (stranger-a: one media playlist).
    if (!master) return;
    test('small tiles load the small rendition only: its chunk playlist and its segments', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      // A 3 × 3 wall: a picture about 440 × 230, which the 320 × 180 rendition fills (tile-size.ts).
      const cameras = strangerCams.video.slice(0, 9);
      const names: string[] = [];
      page.on('request', (r) => {
        const path = decodeURIComponent(new URL(r.url()).pathname);
        if (path.includes('/live/')) names.push(path.split('/').pop()!);
      });
      await page.goto(`${roadcam.url}${wallRoute(cameras, '3x3')}`);
      await expect(page.locator('[data-kind="video"][data-state="live"]')).toHaveCount(9, {
        timeout: 90_000,
      });
      const small = `b${SMALL_RENDITION.bandwidth}`;
      // Every tile loads its chunk playlist and segments of the small rendition...
      await expect
        .poll(() => names.filter((n) => n.endsWith('.ts') && n.includes(`_${small}_`)).length, {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(2 * cameras.length);
      expect(names.filter((n) => n.includes(`~${small}.m3u8`)).length).toBeGreaterThanOrEqual(
        cameras.length,
      );
      // ...and nothing of the large one: not its chunk playlist, not a segment (a player that
      // loaded both would hold two of browser mode's 6 connections for one picture).
      const large = names.filter(
        (n) =>
          n.includes(`~b${FULL_RENDITION.bandwidth}.m3u8`) ||
          (n.endsWith('.ts') && !n.includes(`_${small}_`)),
      );
      expect(large, names.join('\n')).toEqual([]);
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
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const list = page.getByRole('list', { name: say('search.results.label') });
  const results = list.locator('[data-id]');
  await expect(results.nth(2)).toBeVisible();
  const starred = (await results.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id'))))
    .slice(0, 3)
    .map(String);
  const panel = page.getByTestId('camera-panel');
  const favourite = panel.getByRole('button', { name: sayWithin('map.camera.favourite') });
  for (const camera of starred) {
    await list.locator(`[data-id="${camera}"]`).click();
    await expect(panel).toContainText(camera);
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  }

  await page.goto(`${host.url}#/wall`);
  await page
    .getByRole('button', { name: say('wall.addCameras') })
    .first()
    .click();
  const picker = page.getByRole('complementary', { name: say('wall.addCameras') });
  const favourites = picker.getByRole('region', { name: say('wall.favourites') });
  await expect(favourites.locator('small')).toHaveText(starred);
  await favourites.getByRole('button', { name: say('wall.picker.openAll') }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.locator('[data-tile]')).toHaveCount(starred.length);
  const onWall = await page
    .locator('[data-tile]')
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-camera-id')));
  expect(onWall.sort()).toEqual([...starred].sort());
});
