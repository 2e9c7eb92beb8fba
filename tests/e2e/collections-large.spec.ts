import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/engine/api/index.ts';
import { startService } from '../../src/service/index.ts';
import { seriousViolations } from './axe.ts';
import { startRoadcam, test, expect, type RoadcamHost } from './fixtures.ts';
import { say } from './say.ts';
import { testNetwork } from '../helpers/api.ts';

// A collection of thousands of frames in browser mode: the grid renders only the cells near
// the view (a few rows of each side), pages load as the end comes near, the last image is
// reached by scrolling and opened, Tab walks on past the first screen, and axe finds nothing.
const COUNT = 2500;
let service: Awaited<ReturnType<typeof startService>>;
let serviceDir: string;
let host: RoadcamHost;
let collectionId = '';
const names: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  serviceDir = mkdtempSync(join(tmpdir(), 'roadcam-large-collection-'));
  service = await startService({ dataDir: serviceDir, cameras: 200, hours: 2 });
  const client = new ApiClient({
    network: testNetwork(),
    baseUrl: service.url,
    credentials: () => Promise.resolve({ clientId: 'demo', clientSecret: 'demo-secret' }),
  });
  collectionId = (await client.collections.create({ name: 'Many frames' })).collection_id;
  // Archived frames: 10 cameras, one a minute for 250 minutes, added a few at a time.
  const cameras = (await client.cameras.search({ limit: 10, sort: 'city' })).features;
  const last = Math.floor(service.clock.now().getTime() / 60_000) * 60_000 - 2 * 60_000;
  let next = 0;
  const add = async () => {
    for (let i = next++; i < COUNT; i = next++) {
      const time = new Date(last - Math.floor(i / 10) * 60_000).toISOString().replace('.000Z', 'Z');
      await client.collections.addImage(collectionId, { camera_id: cameras[i % 10]!.id, time });
    }
  };
  await Promise.all([add(), add(), add(), add()]);
  for await (const name of client.collections.imageNames(collectionId)) names.push(name);
  expect(names).toHaveLength(COUNT);
  host = await startRoadcam(['--base-url', service.url, '--client-id', 'demo'], {
    ROADCAM_CLIENT_SECRET: 'demo-secret',
  });
});

test.afterAll(async () => {
  await host?.stop();
  await service?.close();
  rmSync(serviceDir, { recursive: true, force: true });
});

test('renders only the cells near the view; the last image is reached and opened', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${host.url}#/collections/${encodeURIComponent(collectionId)}`);
  await expect(page.getByTestId('collection-name')).toHaveText('Many frames');
  const thumbs = page.getByTestId('thumb');
  await expect(thumbs.first()).toBeVisible();

  // Scrolled down with the wheel until every page is in.
  const grid = page.getByRole('list', { name: say('collections.imagesList') });
  const all = page.getByText(say('collections.allShown', { count: COUNT }));
  await expect
    .poll(
      async () => {
        await grid.hover({ position: { x: 20, y: 20 }, force: true });
        await page.mouse.wheel(0, 200_000);
        return all.isVisible();
      },
      { timeout: 60_000, message: 'the end of the grid is reached' },
    )
    .toBe(true);
  // The last page made the grid longer: once more to its new end.
  await page.mouse.wheel(0, 200_000);
  await expect(thumbs.last()).toHaveAttribute('aria-posinset', String(COUNT));
  const rendered = await thumbs.count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(150);
  await expect(thumbs.last()).toHaveAttribute('aria-posinset', String(COUNT));
  await expect(thumbs.last()).toHaveAttribute('aria-setsize', String(COUNT));
  await page.screenshot({ path: testInfo.outputPath('grid-end.png') });

  const lastName = names.at(-1)!;
  await page.getByRole('button', { name: say('collections.open', { name: lastName }) }).click();
  await expect(page.getByTestId('lightbox-meta')).toContainText(lastName);
  const position = say('collections.position', { index: COUNT, count: COUNT, more: 'no' });
  await expect(page.getByText(position)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('lightbox-meta')).toContainText(names.at(-2)!);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lightbox-meta')).toBeHidden();
});

test('Tab walks on past the first screen of cells, and axe finds no violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${host.url}#/collections/${encodeURIComponent(collectionId)}`);
  await page.getByRole('button', { name: say('collections.open', { name: names[0]! }) }).focus();
  const firstScreen = await page.getByTestId('thumb').count();
  // Two stops a cell (open, remove): past every cell rendered at first.
  for (let i = 0; i < 2 * firstScreen + 20; i++) {
    await page.keyboard.press('Tab');
    if (i % 8 === 7) await page.waitForTimeout(50);
  }
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const index = names.findIndex((name) =>
    [say('collections.open', { name }), say('collections.remove', { name })].includes(
      focused ?? '',
    ),
  );
  expect(index, `focus is on ${focused}`).toBeGreaterThanOrEqual(firstScreen);

  expect((await seriousViolations(page)).join('\n')).toBe('');
});
