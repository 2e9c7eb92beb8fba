/**
 * The readings of a route's cameras come in a few requests, not one a camera: an account core
 * talks to the embedded service through a recording proxy, which counts the observation
 * searches a route's strip costs; each camera's readings are still its latest observation.
 */
import { afterAll, describe, expect } from 'vitest';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { demoClient } from '../../helpers/api.ts';
import { latestReadings } from '../../helpers/readings.ts';

const dataDir = tempDir('roadcam-route-readings-');
afterAll(() => dataDir.remove());

test.override({ world: { cameras: 300, hours: 2 } });

/** Down the coast from San Francisco to San Diego: the small world's Californian cameras. */
const COAST: [number, number][] = [
  [-122.4, 37.75],
  [-121.9, 36.6],
  [-120.7, 35.3],
  [-119.7, 34.4],
  [-118.25, 34.05],
  [-117.16, 32.72],
];

describe("a route's readings", () => {
  test('cost a few observation searches for many cameras, each its latest', async ({
    service,
    proxy,
  }) => {
    const core = await startAccountCore(dataDir.path, proxy.url);
    try {
      proxy.requests.length = 0;
      const shown = await core.api.invoke('routes.show', { line: COAST, bufferKm: 50 });
      const searches = proxy.requests.filter((r) => r.path.startsWith('/v1/observations'));
      expect(shown.cameras.length).toBeGreaterThan(20);
      // One camera a request would be as many searches as cameras.
      expect(searches.length).toBeLessThanOrEqual(Math.ceil(shown.cameras.length / 10));

      const client = demoClient(service.url);
      for (const camera of shown.cameras) {
        expect(camera.sensors).toEqual(await latestReadings(client, camera.id));
      }
    } finally {
      await core.close();
    }
  });
});
