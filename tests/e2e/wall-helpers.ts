import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { downloadsInDataDir, startRoadcam, type RoadcamHost } from './fixtures.ts';

const root = resolve(import.meta.dirname, '../..');

export interface AdminService {
  url: string;
  /** Stops (true) or resumes one camera's live stream: its playlist stops growing. */
  setStreamStopped(cameraId: string, stopped: boolean): Promise<void>;
  /** Camera ids with and without video, as the service lists them (100 from `skip`). */
  cameras(skip?: number): Promise<{ video: string[]; still: string[] }>;
  /** Moves the service's clock (by a negative amount: back), as its test control allows. */
  advanceClock(ms: number): Promise<void>;
  /** GET a /v1 path with the demo client's token, parsed. */
  get<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

/**
 * The service with its test controls (`--admin`) in a child process: demo mode's embedded
 * service has none, so the wall tests point browser mode at this one (`--base-url`).
 */
export async function startAdminService(cameras = 200): Promise<AdminService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-wall-service-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'src/service/cli.ts'),
      '--admin',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--cameras',
      String(cameras),
      '--hours',
      '2',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (\S+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });

  const token = async () => {
    const answer = await fetch(`${url}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  };

  return {
    url,
    async setStreamStopped(cameraId, stopped) {
      const answer = await fetch(
        `${url}/_admin/cameras/${encodeURIComponent(cameraId)}/stream?stopped=${stopped}`,
        { method: 'POST' },
      );
      if (!answer.ok) throw new Error(`stream control failed: ${await answer.text()}`);
    },
    async advanceClock(ms) {
      const answer = await fetch(`${url}/_admin/clock?advance_ms=${ms}`, { method: 'POST' });
      if (!answer.ok) throw new Error(`clock control failed: ${await answer.text()}`);
    },
    async get<T>(path: string) {
      const answer = await fetch(`${url}${path}`, {
        headers: { Authorization: `Bearer ${await token()}` },
      });
      return (await answer.json()) as T;
    },
    async cameras(skip = 0) {
      const answer = await fetch(`${url}/v1/cameras?limit=100&skip=${skip}`, {
        headers: { Authorization: `Bearer ${await token()}` },
      });
      const page = (await answer.json()) as {
        features: { id: string; properties: { video: boolean } }[];
      };
      return {
        video: page.features.filter((f) => f.properties.video).map((f) => f.id),
        still: page.features.filter((f) => !f.properties.video).map((f) => f.id),
      };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Browser mode on the admin service (or a link in front of it), as a user with an account. */
export function startRoadcamOn(service: Pick<AdminService, 'url'>): Promise<RoadcamHost> {
  return startRoadcam(
    ['--base-url', service.url, '--client-id', 'demo'],
    { ROADCAM_CLIENT_SECRET: 'demo-secret' },
    // Recordings of the wall go into the test's data folder (record-wall.spec.ts).
    { policy: downloadsInDataDir },
  );
}

/** currentTime of every video tile's element, by camera id. */
export function videoTimes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const tile of document.querySelectorAll<HTMLElement>('[data-kind="video"]')) {
      const video = tile.querySelector('video');
      if (video) out[tile.dataset['cameraId']!] = video.currentTime;
    }
    return out;
  });
}

/** The wall link's route for these cameras. */
export function wallRoute(cameras: string[], layout: string): string {
  return `#/wall?cameras=${cameras.map(encodeURIComponent).join(',')}&layout=${layout}`;
}

/** A moment at which a tile said Live while its video had not moved for `frozenMs`. */
export interface LiveOverFrozen {
  atMs: number;
  frozenMs: number;
  currentTime: number;
}

/**
 * Watches one tile ten times a second from inside the page: its state and its video's
 * position. `lies()` lists the moments at which it said Live while the position had not
 * advanced for more than `allowedMs` (the promise of docs/wall.md: Live only while the picture
 * moves). The position is read by the test, not by the tile's own logic.
 */
export async function watchLiveness(
  page: Page,
  cameraId: string,
  allowedMs = 3000,
): Promise<{ lies(): Promise<LiveOverFrozen[]>; samples(): Promise<number> }> {
  await page.evaluate(
    ({ id, allowed }) => {
      const record = { samples: 0, lies: [] as LiveOverFrozen[] };
      (window as unknown as Record<string, unknown>)['__liveness'] = record;
      let position = -1;
      let movedAt = performance.now();
      const started = performance.now();
      setInterval(() => {
        const tile = document.querySelector<HTMLElement>(`[data-camera-id="${CSS.escape(id)}"]`);
        const video = tile?.querySelector('video');
        if (!tile || !video) return;
        const now = performance.now();
        if (video.currentTime !== position) {
          position = video.currentTime;
          movedAt = now;
        }
        record.samples += 1;
        const frozenMs = now - movedAt;
        if (tile.dataset['state'] === 'live' && frozenMs > allowed) {
          record.lies.push({ atMs: Math.round(now - started), frozenMs, currentTime: position });
        }
      }, 100);
    },
    { id: cameraId, allowed: allowedMs },
  );
  type Record_ = { samples: number; lies: LiveOverFrozen[] };
  const read = () =>
    page.evaluate(() => (window as unknown as Record<string, Record_>)['__liveness']!);
  return {
    lies: async () => (await read()).lies,
    samples: async () => (await read()).samples,
  };
}
