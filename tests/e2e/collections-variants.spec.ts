import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/engine/api/index.ts';
import { DEMO_CLIENT, DEMO_SEED, startService } from '../../src/service/index.ts';
import { smallDemo, startRoadcam, test, expect, type RoadcamHost } from './fixtures.ts';
import { browseAll, chooseFound, decodedWidth, framesListed } from './collection-helpers.ts';
import { say } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';
import { testNetwork } from '../helpers/api.ts';

/** The Add button of the Add an image dialog. */
const add = { name: say('collections.add.add'), exact: true };

// Against services that serve the image operations without /v1 only (stranger-a) or with it
// only (stranger-b), name images opaquely and answer Add Image with {ok: true} alone.
for (const variant of ['stranger-a', 'stranger-b'] as const) {
  test.describe(`against the ${variant} service`, () => {
    let stranger: RoadcamHost;
    let recordingId = '';
    let cameraId = '';

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      ({ recordingId, cameraId } = await demoWorld());
      stranger = await startRoadcam(['--demo-variant', variant, ...smallDemo]);
    });
    test.afterAll(async () => stranger?.stop());

    test('adds a recording frame by its name in the zip; the thumbnails load', async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      await page.goto(`${stranger.url}#/collections`);
      await page.getByRole('button', { name: say('collections.new') }).click();
      await page.getByLabel(say('collections.form.name'), { exact: true }).fill('Stranger frames');
      await page.getByRole('button', { name: say('collections.form.create') }).click();
      await expect(page.getByTestId('collection-name')).toHaveText('Stranger frames');

      await page.getByRole('button', { name: say('collections.addImages') }).click();
      await page.getByLabel(say('collections.add.recordingFrame')).check();
      await chooseFound(page, say('collections.add.findRecording'), recordingId);
      await expect(page.getByText(framesListed)).toBeVisible({ timeout: 60_000 });
      // The service's own names, read from the recording's zip: nothing like ours.
      const frame = page.getByLabel(say('collections.add.frameName'));
      await expect(frame).toHaveValue(/^img-[0-9a-v]+\.jpg$/);
      const name = await frame.inputValue();
      await page.getByRole('button', add).click();
      // Named although the answer was {ok: true} alone (the names before and after).
      const frameOf = sayPattern('collections.added.recordingFrame', {
        image: name,
        name: ANY_TEXT,
      });
      await expect(
        page.getByText(sayPattern('collections.add.added', { what: frameOf, count: 1 })),
      ).toBeVisible();
      await page.getByLabel(say('collections.add.camera')).check();
      await chooseFound(page, say('collections.add.findCamera'), cameraId);
      await page.getByRole('button', add).click();
      await expect(
        page.getByText(sayPattern('collections.add.added', { what: ANY_TEXT, count: 2 })),
      ).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${variant}-add-frame.png`) });
      await page.getByRole('button', { name: say('collections.add.done') }).click();

      await browseAll(page, 2);
      await expect(page.getByTestId('thumb').getByRole('img', { name, exact: true })).toHaveCount(
        1,
      );
      await page
        .getByTestId('thumb')
        .first()
        .getByRole('button', { name: sayPattern('collections.open', { name: ANY_TEXT }) })
        .click();
      await expect(page.getByTestId('lightbox-meta')).toContainText(say('collections.notGiven'));
      await expect
        .poll(() => decodedWidth(page.locator('dialog.lightbox figure').getByRole('img')))
        .toBe(640);
      await page.screenshot({ path: testInfo.outputPath(`${variant}-lightbox.png`) });
      await page.keyboard.press('Escape');

      await page.goto(`${stranger.url}#/collections`);
      const card = page.getByTestId('collection-card').filter({ hasText: 'Stranger frames' });
      await expect
        .poll(() =>
          card.getByRole('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
        )
        .toBe(640);
      await page.screenshot({ path: testInfo.outputPath(`${variant}-list.png`), fullPage: true });
    });
  });
}

/**
 * A short complete recording and a camera of the demo world, read from a twin of it (the
 * same seed and size make the same cameras and recordings).
 */
async function demoWorld(): Promise<{ recordingId: string; cameraId: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-demo-twin-'));
  const twin = await startService({ dataDir, seed: DEMO_SEED, cameras: 200, hours: 3 });
  try {
    const api = new ApiClient({
      network: testNetwork(),
      baseUrl: twin.url,
      credentials: () =>
        Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
    });
    const recordings = await api.recordings.search({
      status: 'complete',
      sort: 'duration',
      limit: 1,
    });
    const camera = (await api.cameras.search({ limit: 1, sort: 'city' })).features[0]!;
    return { recordingId: recordings.features[0]!.id, cameraId: camera.id };
  } finally {
    await twin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
