/**
 * A control room's wall: 36 cameras on one 1920 × 1080 screen (6 × 6), every tile a video tile
 * (none past the video cap) in Chromium against the service with its test controls. Each
 * tile's title, state and bars must fit its small box, whatever state it is in; the screenshot
 * is the wall's picture in docs/wall.md. Whether 36 streams play on a machine is a question of
 * its cores (the page decodes 36 streams): `WALL_TILES=36 npm run bench:wall` measures it,
 * this test does not wait for it.
 */
import { expect, test } from '@playwright/test';
import { type RoadcamHost } from './fixtures.ts';
import { startAdminService, startRoadcamOn, wallRoute, type AdminService } from './wall-helpers.ts';
import { docsScreenshot } from './say.ts';

let service: AdminService;
let host: RoadcamHost;
let video: string[];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startAdminService();
  host = await startRoadcamOn(service);
  video = [...(await service.cameras()).video, ...(await service.cameras(100)).video];
});

test.afterAll(async () => {
  await host?.stop();
  await service?.stop();
});

test('a 6 × 6 wall has 36 video tiles, each saying its name and state within its box', async ({
  page,
}) => {
  test.setTimeout(240_000);
  expect(video.length).toBeGreaterThanOrEqual(36);
  const cameras = video.slice(0, 36);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${host.url}${wallRoute(cameras, '6x6')}`);
  await expect(page.getByRole('radio', { name: '6 × 6' })).toHaveAttribute('aria-checked', 'true');
  const tiles = page.locator('[data-tile]');
  await expect(tiles).toHaveCount(36);
  // Video in every tile: none is past the video cap.
  await expect(page.locator('[data-kind="video"]')).toHaveCount(36);
  await expect(page.locator('.capped')).toHaveCount(0);
  // Each tile has said something beyond Starting, and its sensor badges have come.
  await expect(page.locator('[data-kind="video"][data-state="starting"]')).toHaveCount(0, {
    timeout: 60_000,
  });
  await expect(page.locator('[data-tile] [data-sensor]').first()).toBeVisible();
  await page.screenshot({ path: docsScreenshot('wall-6x6.png') });

  const boxes = await tiles.evaluateAll((els) =>
    els.map((tile) => {
      const box = tile.getBoundingClientRect();
      const inside = (el: Element | null) => {
        if (!el) return false;
        const b = el.getBoundingClientRect();
        return b.left >= box.left - 1 && b.right <= box.right + 1 && b.bottom <= box.bottom + 1;
      };
      const title = tile.querySelector('h3')!;
      return {
        id: (tile as HTMLElement).dataset['cameraId'],
        titleOneLine: title.getClientRects().length === 1 && title.clientHeight < 24,
        pillInside: inside(tile.querySelector('.pill')),
        pictureShare: tile.querySelector('video')!.getBoundingClientRect().height / box.height,
      };
    }),
  );
  for (const b of boxes) {
    expect(b, `tile ${b.id}`).toMatchObject({ titleOneLine: true, pillInside: true });
    expect(b.pictureShare, `the picture's share of ${b.id}`).toBeGreaterThan(0.45);
  }
});
