import type { Page } from '@playwright/test';
import { expect, smallDemo, startRoadcam, test, type RoadcamHost } from './fixtures.ts';
import { cameraPin } from './map-helpers.ts';
import { say } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

// The map against services that name their vector tile layers and attributes otherwise (the
// interface does not show them): the cameras are drawn and counted as against ours, and a click
// on a camera's dot opens that camera.

interface CameraPoint {
  id: string;
  /** Position in the map's container, in CSS pixels. */
  x: number;
  y: number;
  /** The tile (at the map's zoom) whose count includes the camera. */
  tile: string;
}

const DEFAULT_VIEW = { lat: 39.5, lon: -98.35, zoom: 4 };

/** Calls a channel of the app over the page's own host, as the renderer does. */
async function invoke<T>(page: Page, host: RoadcamHost, channel: string, input: unknown) {
  const token = new URL(host.url).searchParams.get('token') ?? '';
  return page.evaluate(
    ({ channel, input, token }) =>
      new Promise<T>((resolve, reject) => {
        const socket = new WebSocket(
          `ws://${location.host}/ipc?token=${encodeURIComponent(token)}`,
        );
        socket.onopen = () => socket.send(JSON.stringify({ id: 1, channel, input }));
        socket.onerror = () => reject(new Error(`${channel}: the app's socket failed`));
        socket.onmessage = (e) => {
          const message = JSON.parse(String(e.data)) as {
            id?: number;
            response?: { ok: boolean; value?: T; error?: { message: string } };
          };
          if (message.id !== 1 || !message.response) return;
          socket.close();
          if (message.response.ok) resolve(message.response.value as T);
          else reject(new Error(`${channel}: ${message.response.error?.message}`));
        };
      }),
    { channel, input, token },
  );
}

/** Web Mercator world pixels at a zoom (256-pixel tiles), as Leaflet projects. */
function worldPixel(lon: number, lat: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const s = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size];
}

/** The map's point tiles: 512 pixels, each drawn from the service's tile one zoom out. */
const POINT_TILE = 512;

/**
 * Where each camera is drawn in the default view, and in which tile it is counted: the service's
 * tiles place a point at a whole unit of their 512 extent, which a 512-pixel tile drawn from the
 * tile one zoom out makes one unit per screen pixel.
 */
function placeCameras(
  cameras: { id: string; geometry: { coordinates: [number, number] } }[],
  width: number,
  height: number,
): { points: CameraPoint[]; tilesInView: Set<string> } {
  const { lat, lon, zoom } = DEFAULT_VIEW;
  const [cx, cy] = worldPixel(lon, lat, zoom);
  const originX = Math.round(cx - width / 2);
  const originY = Math.round(cy - height / 2);
  const points = cameras.map((c) => {
    const [wx, wy] = worldPixel(c.geometry.coordinates[0], c.geometry.coordinates[1], zoom);
    const tile = `${Math.floor(Math.round(wx) / POINT_TILE)}/${Math.floor(Math.round(wy) / POINT_TILE)}`;
    return { id: c.id, x: wx - originX, y: wy - originY, tile };
  });
  // The tiles Leaflet loads for the view: those its pixel bounds touch.
  const tilesInView = new Set<string>();
  const [fx, fy] = [Math.floor(cx), Math.floor(cy)];
  for (
    let x = Math.floor((fx - width / 2) / POINT_TILE);
    x <= Math.ceil((fx + width / 2) / POINT_TILE) - 1;
    x++
  )
    for (
      let y = Math.floor((fy - height / 2) / POINT_TILE);
      y <= Math.ceil((fy + height / 2) / POINT_TILE) - 1;
      y++
    )
      tilesInView.add(`${x}/${y}`);
  return { points, tilesInView };
}

for (const variant of ['ours', 'stranger-a', 'stranger-b']) {
  test(`against the ${variant} service the map draws and counts the cameras, and a click on one opens it`, async ({
    page,
  }, testInfo) => {
    const host = await startRoadcam(['--demo-variant', variant, ...smallDemo]);
    try {
      await page.goto(host.url);
      const count = page.getByTestId('cameras-drawn');
      await expect(count).not.toHaveAttribute('data-count', '0', { timeout: 30_000 });
      const box = (await page.getByRole('application', { name: say('view.map') }).boundingBox())!;
      const all = await invoke<{
        features: {
          id: string;
          geometry: { coordinates: [number, number] };
          properties: { video: boolean };
        }[];
      }>(page, host, 'cameras.searchAll', { requestId: 'e2e-variants', params: {} });
      const { points, tilesInView } = placeCameras(all.features, box.width, box.height);
      const expected = points.filter((p) => tilesInView.has(p.tile)).length;
      expect(expected).toBeGreaterThan(20);
      // Every camera of the tiles in view, whatever the service called their layers.
      await expect(count).toHaveAttribute('data-count', String(expected), { timeout: 20_000 });
      await expect(
        page.getByRole('checkbox', { name: say('map.layer.cameras'), exact: true }),
      ).toBeChecked();
      await page.screenshot({ path: testInfo.outputPath(`map-${variant}.png`) });

      // A camera alone in the middle of the map: its dot is the only thing a click there hits.
      const alone = points.find(
        (p) =>
          p.x > box.width * 0.3 &&
          p.x < box.width * 0.7 &&
          p.y > box.height * 0.3 &&
          p.y < box.height * 0.7 &&
          points.every((q) => q === p || (q.x - p.x) ** 2 + (q.y - p.y) ** 2 > 16 ** 2),
      );
      expect(alone, 'a camera with no other within 16 px in the middle of the map').toBeDefined();
      await page.mouse.click(box.x + alone!.x, box.y + alone!.y);
      const panel = page.getByTestId('camera-panel');
      await expect(panel.locator('.id')).toContainText(alone!.id);
      // The observation under the dot (found by a search where the tile names none) must not
      // take the panel over once it is found: a camera beats an observation.
      await page.waitForTimeout(1500);
      await expect(panel.locator('.id')).toContainText(alone!.id);
      // The panel narrowed the map, which keeps its centre: not a view to save. (It was saved
      // 600 ms later, and under load landed over the view this spec saves below: no pins.)
      const saved = await invoke<{ mapView: unknown }>(page, host, 'settings.get', {});
      expect(saved.mapView).toBeNull();
      await page.screenshot({ path: testInfo.outputPath(`map-${variant}-camera.png`) });

      // With the cameras hidden, the same click opens the camera's current observation (the
      // panel closed first: it narrows the map, which moves the dots).
      await panel.getByRole('button', { name: say('map.panel.closeCamera') }).click();
      await expect(panel).toHaveCount(0);
      await page.getByRole('checkbox', { name: say('map.layer.cameras'), exact: true }).uncheck();
      await page.mouse.click(box.x + alone!.x, box.y + alone!.y);
      const observation = page.getByTestId('observation-panel');
      await expect(
        observation.getByRole('button', {
          name: say('map.observation.openCamera', { id: alone!.id }),
        }),
      ).toBeVisible();

      // Close up, cameras are markers made from what the tile says: the id and the video flag.
      const camera = all.features.find((c) => c.id === alone!.id)!;
      const [lon, lat] = camera.geometry.coordinates;
      await invoke(page, host, 'settings.update', { mapView: { lat, lon, zoom: 14 } });
      await page.reload();
      const pin = cameraPin(page, alone!.id);
      await expect(pin).toHaveCount(1, { timeout: 20_000 });
      const withVideo = sayPattern(
        'map.marker.camera',
        { id: alone!.id, video: 'true', description: ANY_TEXT },
        { anchor: 'start', before: 'description' },
      );
      const video = withVideo.test((await pin.getAttribute('title'))!);
      expect(video).toBe(camera.properties.video);
      await pin.click();
      await expect(panel.locator('.id')).toContainText(alone!.id);
    } finally {
      await host.stop();
    }
  });
}
