import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ApiClient } from '../../src/engine/api/index.ts';
import { RecordingFrames } from '../../src/engine/collections/frames.ts';
import { startService } from '../../src/service/index.ts';
import { startRoadcam, test, expect, type RoadcamHost } from './fixtures.ts';
import { browseAll, cellAt, chooseFound, decodedWidth } from './collection-helpers.ts';
import { say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';
import { testNetwork } from '../helpers/api.ts';

// The Collections view in browser mode against a service the test owns, so that it can build
// a collection through the UI and the API, keep it offline, and then stop the service.
let service: Awaited<ReturnType<typeof startService>> | null;
let serviceDir: string;
let home: string;
let host: RoadcamHost;
let client: ApiClient;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  serviceDir = mkdtempSync(join(tmpdir(), 'roadcam-collections-service-'));
  // Exports go to ~/Downloads: a throwaway home keeps them out of the real one.
  home = mkdtempSync(join(tmpdir(), 'roadcam-collections-home-'));
  service = await startService({ dataDir: serviceDir, cameras: 200, hours: 3 });
  host = await startRoadcam(['--base-url', service.url, '--client-id', 'demo'], {
    ROADCAM_CLIENT_SECRET: 'demo-secret',
    HOME: home,
  });
  client = new ApiClient({
    network: testNetwork(),
    baseUrl: service.url,
    credentials: () => Promise.resolve({ clientId: 'demo', clientSecret: 'demo-secret' }),
  });
});

test.afterAll(async () => {
  await host?.stop();
  await service?.close();
  rmSync(serviceDir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function open(page: Page, route: string) {
  await page.goto(`${host.url}#${route}`);
}

/** The Add an image dialog's count of images added so far, whatever the last one was. */
const soFar = (count: number) => sayPattern('collections.add.added', { what: ANY_TEXT, count });
/** The state of a collection kept offline: every image of it on this computer. */
const keptAll = (count: number) =>
  sayPattern('collections.sync.kept', { done: count, total: count, size: ANY_TEXT });
/** The Add button of the dialog and of the map's panel. */
const add = { name: say('collections.add.add'), exact: true };
const findCamera = say('collections.add.findCamera');
/** "5 images", as the confirmations count them. */
const images = (count: number) => say('collections.op.images', { known: 'yes', count });
/** The lightbox's place in the collection: "14 of 35". */
const position = (index: number) =>
  say('collections.position', { index, count: total, more: 'no' });

let collectionId = '';
let total = 0;

test('builds a collection from several sources, keeps it offline', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await open(page, '/collections');
  await page.getByRole('button', { name: say('collections.new') }).click();
  await page.getByLabel(say('collections.form.name'), { exact: true }).fill('Storm frames');
  await page
    .getByLabel(say('collections.form.description'))
    .fill('Frames gathered by the e2e test');
  await page.getByLabel(say('collections.form.tags')).fill('storm, e2e');
  await page.getByRole('button', { name: say('collections.form.create') }).click();
  await expect(page.getByTestId('collection-name')).toHaveText('Storm frames');
  collectionId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
  await expect(page.getByText(say('collections.expiresIn', { days: 89 }))).toBeVisible();

  // Two sources through the dialog: a camera's current image and an observation's preview.
  const cameras = (await client.cameras.search({ limit: 6, sort: 'city' })).features;
  const observation = (await client.observations.search({ limit: 1 })).features[0]!;
  await page.getByRole('button', { name: say('collections.addImages') }).click();
  await chooseFound(page, findCamera, cameras[0]!.id);
  await page.getByRole('button', add).click();
  await expect(page.getByText(soFar(1))).toBeVisible();
  await page.getByLabel(say('collections.add.observation')).check();
  await page.getByLabel(say('collections.add.observationId')).fill(observation.id);
  await page.getByRole('button', add).click();
  await expect(page.getByText(soFar(2))).toBeVisible();
  // An archived frame chosen on the scrubber.
  await page.getByLabel(say('collections.add.archive')).check();
  await chooseFound(page, findCamera, cameras[1]!.id);
  await page.getByLabel(say('collections.add.archiveTime')).fill('400');
  await page.getByRole('button', add).click();
  await expect(page.getByText(soFar(3))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('add-dialog.png') });
  await page.getByRole('button', { name: say('collections.add.done') }).click();

  // The bulk through the API: archived frames, a recording's preview and frames, another
  // collection's images, more current images.
  const times = (await client.cameras.images(cameras[2]!.id, { limit: 500 })).times;
  for (let i = 0; i < 20; i++) {
    const camera = cameras[2 + (i % 3)]!;
    await client.collections.addImage(collectionId, { camera_id: camera.id, time: times[i * 7]! });
  }
  const recording = (
    await client.recordings.search({ status: 'complete', sort: 'duration', limit: 1 })
  ).features[0]!;
  await client.collections.addImage(collectionId, { recording_id: recording.id });
  // Frames by the names the service gives them: its zip's entries.
  const frames = await new RecordingFrames(client, serviceDir).list(recording.id);
  for (const s of [0, 5, 10]) {
    const image = frames.names[s]!;
    await client.collections.addImage(collectionId, { recording_id: recording.id, image });
  }
  const { collection_id: other } = await client.collections.create({ name: 'Source' });
  for (const time of [times[300]!, times[301]!]) {
    await client.collections.addImage(other, { camera_id: cameras[5]!.id, time });
  }
  for await (const image of client.collections.imageNames(other)) {
    await client.collections.addImage(collectionId, { collection_id: other, image });
  }
  for (const camera of cameras.slice(3, 6)) {
    await client.collections.addImage(collectionId, { camera_id: camera.id });
  }
  for await (const name of client.collections.imageNames(collectionId)) total += name ? 1 : 0;
  expect(total).toBeGreaterThanOrEqual(30);

  await page.reload();
  await page.getByLabel(say('collections.keep')).check();
  await expect(page.getByTestId('offline-state')).toHaveText(keptAll(total), { timeout: 60_000 });
  await browseAll(page, total);
  await page.screenshot({ path: testInfo.outputPath('online-grid.png'), fullPage: true });

  await open(page, '/collections');
  const card = page.getByTestId('collection-card').filter({ hasText: 'Storm frames' });
  await expect(card).toContainText(keptAll(total));
  await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
  await page.getByRole('button', { name: /^e2e/ }).first().click();
  await expect(page.getByTestId('collection-card')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('list-online.png'), fullPage: true });
});

test('an image added from the map reaches a collection kept offline at once', async ({
  page,
}, testInfo) => {
  // The map adds through the collections' own channel, which syncs a kept collection on the
  // spot; a separate map channel once skipped that, and the image waited up to 5 minutes.
  await page.goto(`${host.url}#/map?at=39.5,-98.35,4`);
  await expect(page.getByTestId('cameras-drawn')).not.toHaveAttribute('data-count', '0', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await page
    .getByRole('list', { name: say('search.results.label') })
    .locator('[data-id]')
    .first()
    .click();
  const panel = page.getByTestId('camera-panel');
  await panel.getByRole('button', { name: say('map.camera.addToCollection') }).click();
  await panel.getByLabel(say('collections.to.collection')).selectOption({ label: 'Storm frames' });
  await panel.getByRole('button', add).click();
  await expect(panel.getByRole('status')).toHaveText(
    say('collections.to.added', { what: say('map.camera.currentImage'), name: 'Storm frames' }),
  );
  await page.screenshot({ path: testInfo.outputPath('map-add-to-collection.png') });
  total += 1;
  await open(page, `/collections/${encodeURIComponent(collectionId)}`);
  await expect(page.getByTestId('offline-state')).toHaveText(keptAll(total), { timeout: 30_000 });
});

test('the list warns when a collection has fewer than 7 days left', async ({ page }, testInfo) => {
  const oldest = (await client.collections.search({ sort: 'created_at', limit: 24 })).results;
  // The SERVICE's clock moves on until the oldest collection has 4 days left: days are counted
  // on the service's clock (learnt from its answers' Date), not on the machine's or the page's.
  const day = 86_400_000;
  const expires = (c: { created_at: string }) => Date.parse(c.created_at) + 90 * day;
  const now = expires(oldest[0]!) - 4 * day - 3_600_000;
  service!.control.setClock(new Date(now));
  await open(page, '/collections');
  await page.getByLabel(say('collections.search.sort')).selectOption('created_at');
  await page.getByLabel(say('collections.search.order')).selectOption('asc');
  const cards = page.getByTestId('collection-card');
  await expect(cards).toHaveCount(oldest.length);
  await expect(cards.first().getByTestId('expiry')).toHaveText(
    sayWithin('collections.expiresIn', { days: 4 }),
  );
  for (const [i, c] of oldest.entries()) {
    const days = Math.floor((expires(c) - now) / day);
    const expiry = cards.nth(i).getByTestId('expiry');
    if (days < 7) await expect(expiry).toHaveClass(/soon/);
    else await expect(expiry).not.toHaveClass(/soon/);
  }
  await page.screenshot({ path: testInfo.outputPath('list-expiring.png'), fullPage: true });
});

test('exports, empties and destroys with their confirmations', async ({ page }, testInfo) => {
  const { collection_id: id } = await client.collections.create({ name: 'Throwaway' });
  const camera = (await client.cameras.search({ limit: 1 })).features[0]!;
  const times = (await client.cameras.images(camera.id, { limit: 500 })).times;
  for (const time of times.slice(0, 5))
    await client.collections.addImage(id, { camera_id: camera.id, time });
  await open(page, `/collections/${id}`);
  await expect(page.getByTestId('thumb')).toHaveCount(5);

  await page.getByRole('button', { name: say('collections.export') }).click();
  await page
    .getByRole('button', { name: say('collections.export'), exact: true })
    .last()
    .click();
  await expect(
    page.getByText(
      sayPattern('collections.export.done', { count: 5, size: ANY_TEXT, path: ANY_TEXT }),
    ),
  ).toBeVisible();
  await expect(page.getByText(/Roadcam collections\/Throwaway \(col_\w+\)\.zip/)).toBeVisible();
  await page
    .getByRole('button', { name: say('common.close'), exact: true })
    .last()
    .click();

  await page.getByRole('button', { name: say('collections.empty') }).click();
  await page
    .getByRole('button', { name: say('collections.op.remove', { images: images(5) }) })
    .click();
  await expect(page.getByText(say('collections.removedImages', { count: 5 }))).toBeVisible();
  await expect(page.getByText(say('collections.noImages'))).toBeVisible();

  await client.collections.addImage(id, { camera_id: camera.id, time: times[9]! });
  await page.reload();
  await page.getByRole('button', { name: say('collections.destroy') }).click();
  await expect(
    page.getByText(
      say('collections.op.destroyAsk', {
        name: 'Throwaway',
        images: images(1),
        known: 'yes',
        count: 1,
      }),
    ),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('destroy-confirm.png') });
  await page
    .getByRole('button', { name: say('collections.op.destroy', { images: images(1) }) })
    .click();
  await expect(page).toHaveURL(/#\/collections$/);
  await expect(client.collections.show(id)).rejects.toThrow(/404/);
});

test('offline: the kept collection is listed and browsed from disk', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await service!.close();
  service = null;
  await open(page, `/collections/${collectionId}`);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('collection-name')).toHaveText('Storm frames');
  await browseAll(page, total);
  await page.screenshot({ path: testInfo.outputPath('offline-grid.png'), fullPage: true });

  const meta = page.getByTestId('lightbox-meta');
  const loaded = () => decodedWidth(page.locator('dialog.lightbox figure').getByRole('img'));
  for (const index of [0, 14, total - 1]) {
    const cell = await cellAt(page, index);
    const name = await cell.getByRole('img').getAttribute('aria-label');
    await cell
      .getByRole('button', { name: sayPattern('collections.open', { name: ANY_TEXT }) })
      .click();
    await expect(meta).toContainText(name!);
    await expect(meta).toContainText(say('collections.camera'));
    await expect.poll(loaded).toBe(640);
    await expect(page.getByText(position(index + 1))).toBeVisible();
    if (index === 14) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText(position(16))).toBeVisible();
      await expect.poll(loaded).toBe(640);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByText(position(14))).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('offline-lightbox.png') });
    }
    await page.keyboard.press('Escape');
    await expect(meta).toBeHidden();
  }

  await open(page, '/collections');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('collection-card')).toHaveCount(1);
  await expect(page.getByTestId('collections-total')).toContainText(say('collections.keptOffline'));
  // The preview seen while online, served from the cache now.
  await expect
    .poll(
      () =>
        page
          .getByTestId('collection-card')
          .getByRole('img')
          .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
      { timeout: 20_000 },
    )
    .toBe(640);
  await page.screenshot({ path: testInfo.outputPath('offline-list.png'), fullPage: true });
});
