/**
 * A service of the test's own, queried over HTTP so that what the app shows can be checked
 * against the service's answer, with browser mode pointed at it (an account, not demo mode).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startService } from '../../src/service/index.ts';
import { encodeSearchParams } from '../../src/shared/api/index.ts';
import { downloadsInDataDir, expect, startRoadcam, type RoadcamHost } from './fixtures.ts';

export interface SearchAnswer {
  /** The fields the tests read (`event` and `severity` are an alert's). */
  features: { id: string; properties: { time?: string; event?: string; severity?: string } }[];
  properties: { total: number };
}

export interface OwnService {
  service: Awaited<ReturnType<typeof startService>>;
  host: RoadcamHost;
  /** GET a path of the service with the test's token. */
  get(path: string): Promise<Response>;
  /** The service's answer to a search (POST: polylines and polygons are long). */
  search(kind: string, params: object, limit: number): Promise<SearchAnswer>;
  /**
   * Opens the map on the contiguous United States (not where an earlier test of the same app
   * left it, such as an alert's area) and waits for the first cameras on it.
   */
  openMap(page: Page): Promise<void>;
  close(): Promise<void>;
}

export async function startOwnService(world: {
  cameras: number;
  hours: number;
}): Promise<OwnService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-own-service-'));
  const service = await startService({ dataDir, ...world });
  const host = await startRoadcam(
    ['--base-url', service.url, '--client-id', 'demo'],
    { ROADCAM_CLIENT_SECRET: 'demo-secret' },
    { policy: downloadsInDataDir },
  );
  const response = await fetch(`${service.url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  });
  const token = ((await response.json()) as { access_token: string }).access_token;
  return {
    service,
    host,
    get: (path) =>
      fetch(`${service.url}${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    async search(kind, params, limit) {
      const answer = await fetch(`${service.url}/v1/${kind}/_search`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: encodeSearchParams({ limit, ...params }).toString(),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as SearchAnswer;
    },
    async openMap(page) {
      await page.goto(`${host.url}#/map?at=39.5,-98.35,4`);
      // Every camera tile in view has answered: the count is whole, not the first tiles' part.
      const count = page.getByTestId('cameras-drawn');
      await expect(count).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
      await expect(count).not.toHaveAttribute('data-count', '0');
    },
    async close() {
      await host.stop();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
