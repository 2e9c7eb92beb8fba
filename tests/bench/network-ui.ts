/**
 * `npm run bench:network-ui`: the map and the wall as a user far from the service sees them, in
 * headless Chromium (browser mode), with the shaped link (tests/helpers/link.ts) between the
 * app's core and the embedded service: by default 80 ms round trip and 50 Mbit/s shared.
 *
 * - Map: from opening the map on the contiguous US to the first cameras drawn, each round with
 *   a new core (empty cache, sign-in included); direct and over the link, alternated.
 * - Wall: 9 video tiles (3x3), their streams warm: time to the first frame of each tile,
 *   direct and over the link; then, over the link, the stalls of the next BENCH_WALL_SECONDS
 *   (300): every time a tile leaves "live" (buffering, waiting for network, stalled,
 *   reconnecting), and for how long in all.
 *
 * BENCH_NET_RTT_MS, BENCH_NET_MBPS, BENCH_NET_ROUNDS, BENCH_WALL_SECONDS change the defaults.
 */
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { startCore, type Core } from '../../src/engine/core.ts';
import { startWebHost, type WebHost } from '../../src/web/host.ts';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { tempDir } from '../helpers/core.ts';
import { startShapedLink } from '../helpers/link.ts';
import { rendererConfig } from '../../vite.renderer.config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts';

const RTT = Number(process.env['BENCH_NET_RTT_MS'] ?? 80);
const MBPS = Number(process.env['BENCH_NET_MBPS'] ?? 50);
const ROUNDS = Number(process.env['BENCH_NET_ROUNDS'] ?? 3);
const WALL_S = Number(process.env['BENCH_WALL_SECONDS'] ?? 300);
const TILES = 9;
/** The states a tile is in when it does not play. */
const NOT_PLAYING = ['buffering', 'network', 'stalled', 'reconnecting', 'offline', 'error'];

const staticDir = tempDir('roadcam-net-ui-renderer-');
await build({
  ...rendererConfig,
  configFile: false,
  logLevel: 'warn',
  build: { ...rendererConfig.build, outDir: staticDir.path },
});

// The real clock: live video is made as it is watched.
const serviceDir = tempDir('roadcam-net-ui-service-');
const service = await startService({ dataDir: serviceDir.path, cameras: 300, hours: 2 });
const link = await startShapedLink(
  { host: '127.0.0.1', port: service.port },
  { latencyMs: RTT / 2, jitterMs: RTT / 20, bandwidthBps: MBPS * 1_000_000 },
);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});

interface App {
  core: Core;
  host: WebHost;
  close(): Promise<void>;
}

/** A new core and browser-mode host on `baseUrl`: an empty cache, a first sign-in. */
async function openApp(baseUrl: string): Promise<App> {
  const data = tempDir('roadcam-net-ui-');
  const core = await startCore({
    dataDir: data.path,
    connection: {
      kind: 'remote',
      baseUrl,
      clientId: DEMO_CLIENT.id,
      clientSecret: DEMO_CLIENT.secret,
    },
    log: () => {},
  });
  const host = await startWebHost({ core, staticDir: staticDir.path });
  return {
    core,
    host,
    async close() {
      await host.close();
      await core.close();
      data.remove();
    },
  };
}

/** Milliseconds from opening the map to its first cameras drawn. */
async function mapFirstCameras(baseUrl: string): Promise<number> {
  const app = await openApp(baseUrl);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${app.host.url}#/map?at=39.5,-98.35,4`);
    await page.waitForFunction(
      () =>
        Number(
          document.querySelector('[data-testid="cameras-drawn"]')?.getAttribute('data-count') ?? 0,
        ) > 0,
      undefined,
      { timeout: 60_000, polling: 20 },
    );
    return performance.now() - t0;
  } finally {
    await context.close();
    await app.close();
  }
}

interface WallResult {
  /** Per tile, ms from opening the wall to its first frame. */
  firstFrameMs: number[];
  stalls: number;
  /** Of which the tile said it waited for the network. */
  networkStalls: number;
  /** Tile-seconds not playing, summed over the tiles. */
  stalledS: number;
  /** Seconds of video each tile played in the measured time (min..max). */
  playedS: number[];
}

async function wall(baseUrl: string, cameras: string[], holdS: number): Promise<WallResult> {
  const app = await openApp(baseUrl);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1200 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchTiles, NOT_PLAYING);
    await page.goto(
      `${app.host.url}#/wall?cameras=${cameras.map(encodeURIComponent).join(',')}&layout=3x3`,
    );
    await page.waitForFunction(
      (n) => Object.keys((window as unknown as Watch).firstFrame ?? {}).length === n,
      cameras.length,
      { timeout: 120_000, polling: 100 },
    );
    const firstFrame = await page.evaluate(() => (window as unknown as Watch).firstFrame);
    const start = await snapshot(page);
    await page.waitForTimeout(holdS * 1000);
    const end = await snapshot(page);
    return {
      firstFrameMs: cameras.map((id) => firstFrame[id]!),
      stalls: end.stalls - start.stalls,
      networkStalls: end.networkStalls - start.networkStalls,
      stalledS: (end.stalledMs - start.stalledMs) / 1000,
      playedS: cameras.map((id) => (end.times[id] ?? 0) - (start.times[id] ?? 0)),
    };
  } finally {
    await context.close();
    await app.close();
  }
}

interface Watch {
  firstFrame: Record<string, number>;
  stalls: number;
  networkStalls: number;
  stalledMs: number;
  since: Map<Element, number>;
}

/** In the page before it loads: first frames (from navigation start) and stall counters. */
function watchTiles(notPlaying: string[]) {
  const w = window as unknown as Watch;
  w.firstFrame = {};
  w.stalls = 0;
  w.networkStalls = 0;
  w.stalledMs = 0;
  w.since = new Map();
  document.addEventListener(
    'playing',
    (event) => {
      const tile = (event.target as Element).closest<HTMLElement>('[data-camera-id]');
      const id = tile?.dataset['cameraId'];
      if (id && !(id in w.firstFrame)) w.firstFrame[id] = performance.now();
    },
    true,
  );
  new MutationObserver((records) => {
    for (const r of records) {
      const tile = r.target as HTMLElement;
      const state = tile.dataset['state'] ?? '';
      const was = w.since.get(tile);
      if (notPlaying.includes(state)) {
        if (was === undefined && tile.dataset['kind'] === 'video') {
          w.stalls += 1;
          if (state === 'network') w.networkStalls += 1;
          w.since.set(tile, performance.now());
        } else if (state === 'network' && r.oldValue !== 'network') w.networkStalls += 1;
      } else if (was !== undefined) {
        w.stalledMs += performance.now() - was;
        w.since.delete(tile);
      }
    }
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ['data-state'],
  });
}

/** Counters so far (time not playing counted up to now) and every video's position. */
function snapshot(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as Watch;
    const now = performance.now();
    let open = 0;
    for (const since of w.since.values()) open += now - since;
    const times: Record<string, number> = {};
    for (const tile of document.querySelectorAll<HTMLElement>('[data-kind="video"]')) {
      const video = tile.querySelector('video');
      if (video) times[tile.dataset['cameraId']!] = video.currentTime;
    }
    return {
      stalls: w.stalls,
      networkStalls: w.networkStalls,
      stalledMs: w.stalledMs + open,
      times,
    };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}..${Math.max(...xs).toFixed(0)}`;

try {
  const probe = await openApp(service.url);
  const found = await probe.core.client.cameras.search({ limit: 100 });
  await probe.close();
  const cameras = found.features
    .filter((c) => c.properties.video)
    .map((c) => c.id)
    .slice(0, TILES);
  if (cameras.length < TILES) throw new Error(`only ${cameras.length} video cameras found`);

  const map: Record<'direct' | 'link', number[]> = { direct: [], link: [] };
  for (let round = 0; round < ROUNDS; round++) {
    map.direct.push(await mapFirstCameras(service.url));
    map.link.push(await mapFirstCameras(link.url));
  }
  // The service starts a camera's live encoder when it is first watched, as a real provider's
  // streams are already running: one unmeasured wall first, so both runs find them warm.
  await wall(service.url, cameras, 0);
  const direct = await wall(service.url, cameras, 0);
  const shaped = await wall(link.url, cameras, WALL_S);

  console.log(
    `\nbench:network-ui ${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model}, ` +
      `load average ${loadavg()[0]!.toFixed(1)}, Chromium ${browser.version()}`,
  );
  console.log(`link: ${RTT} ms round trip, ${MBPS} Mbit/s shared; ${ROUNDS} map rounds (median)\n`);
  console.log(
    `map, first cameras drawn:  direct ${median(map.direct).toFixed(0)} ms, ` +
      `over the link ${median(map.link).toFixed(0)} ms`,
  );
  const sorted = (r: WallResult) => [...r.firstFrameMs].sort((a, b) => a - b);
  for (const [label, r] of [
    ['direct', direct],
    ['over the link', shaped],
  ] as const) {
    const s = sorted(r);
    console.log(
      `wall, first frame of ${TILES} tiles, ${label}: first ${s[0]!.toFixed(0)} ms, ` +
        `median ${median(s).toFixed(0)} ms, last ${s.at(-1)!.toFixed(0)} ms`,
    );
  }
  console.log(
    `wall over the link, ${WALL_S} s: ${shaped.stalls} stalls (${shaped.networkStalls} marked ` +
      `"waiting for network"), ${shaped.stalledS.toFixed(1)} tile-seconds not playing of ` +
      `${TILES * WALL_S}; video played per tile ${range(shaped.playedS)} s`,
  );
  console.log(`link stats: ${JSON.stringify(link.stats())}`);
} finally {
  await browser.close();
  await link.close();
  await service.close();
  serviceDir.remove();
  staticDir.remove();
}
