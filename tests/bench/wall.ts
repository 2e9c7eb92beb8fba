/**
 * `npm run bench:wall`: a wall of live video tiles in headless Chromium for 60 s, in browser
 * mode (HTTP/1.1, so at most 6 connections to the host for all tiles): 4x4 (16 tiles, about
 * 700x440 each), or `WALL_TILES=25` (5x5) and `WALL_TILES=36` (6x6). Two runs side by side:
 * hls.js transmuxing in its worker (the default) and on the page; `WALL_SHORT=1` for
 * development: the worker run only, 10 s after a 5 s warm-up; `WALL_SCREENSHOT=FILE.png` saves
 * the page (worker run) at the end of its measurement.
 *
 * Per run: dropped-frame ratio (getVideoPlaybackQuality), stalls (tile state changes to
 * buffering, stalled or reconnecting after the warm-up; by kind, reason and tile, and with
 * `WALL_STALLS=FILE.json` each one in the file), renderer CPU (SystemInfo cpuTime of
 * the renderer process), JS heap after GC, and how long media requests waited and took. And
 * the side that answers them (this process: browser mode's host, the core and the embedded
 * service, and the service's ffmpeg children): its CPU and its event loop's delay, with the
 * requests by kind (playlists, segments, those of the master's 640x360 rendition) and the
 * queue by 10 s slice, so that a queue is told from the page's own requests and from a slow
 * answering side.
 * Figures are printed; docs/benchmarks.md gets them by hand.
 *
 * `WALL_HLS=both` runs each measurement twice, alternated, against two demo services that differ
 * only in their first playlist: one media playlist of 640x360 (`hls: 'media'`, the stranger-a
 * form) and ours, a master playlist of 640x360 and 320x180 from which each tile plays the
 * rendition its size asks for (`WALL_HLS=master`: the latter only; the default `media`: the
 * former only). `WALL_VIEWPORT=1920x1080` sets the page's size (default 2820x1780).
 *
 * `npm run bench:wall -- --minutes N`: instead, one wall left on for N minutes, sampled every
 * minute, with a chart (wall-soak.ts; `--chart FILE`, default wall-soak.svg).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { build } from 'vite';
import { startCore } from '../../src/engine/core.ts';
import { startWebHost } from '../../src/web/host.ts';
import { tempDir } from '../helpers/core.ts';
import { rendererConfig } from '../../vite.renderer.config.ts';
import { soak } from './wall-soak.ts';
import { readTiles, type StallRecord, type TileReading } from './wall-page.ts';
import { stallLines } from './wall-stalls.ts';
import { MachineLoad } from './lib/machine-load.ts';
import { rssMB } from './bare-chromium.ts';

const { values: flags } = parseArgs({
  options: { minutes: { type: 'string' }, chart: { type: 'string', default: 'wall-soak.svg' } },
});
const SOAK_MINUTES = flags.minutes === undefined ? 0 : Number(flags.minutes);

const TILES = Number(process.env['WALL_TILES'] ?? 16);
const SIDE = Math.sqrt(TILES);
if (![16, 25, 36].includes(TILES)) {
  throw new Error(`WALL_TILES must be 16, 25 or 36 (a 4x4, 5x5 or 6x6 wall), not ${TILES}.`);
}
const LAYOUT = `${SIDE}x${SIDE}`;
const SHORT = process.env['WALL_SHORT'] === '1';
const WARMUP_S = SHORT ? 5 : 15;
const MEASURE_S = Number(process.env['WALL_BENCH_SECONDS'] ?? (SHORT ? 10 : 60));
const load = new MachineLoad();
const HLS = process.env['WALL_HLS'] ?? 'media';
if (!['media', 'master', 'both'].includes(HLS)) {
  throw new Error(`WALL_HLS must be media, master or both, not ${HLS}.`);
}
const [VIEW_W, VIEW_H] = (process.env['WALL_VIEWPORT'] ?? '2820x1780').split('x').map(Number);
if (!(VIEW_W! > 0 && VIEW_H! > 0))
  throw new Error('WALL_VIEWPORT must be WIDTHxHEIGHT, e.g. 1920x1080.');

interface RunResult {
  label: string;
  tilesLive: number;
  /** Video segments loaded, and those of the small rendition. */
  segments: number;
  smallSegments: number;
  frames: number;
  dropped: number;
  stalls: number;
  stallLog: StallRecord[];
  longTasks: { at: number; ms: number }[];
  advancedS: number[];
  rendererCpuPct: number;
  /** The GPU process (software compositing here) and the others. */
  otherCpuPct: number;
  heapMB: number;
  rendererMB: number;
  requests: number;
  waitP95: number;
  durationP50: number;
  durationP95: number;
  /** Playlist requests, and the segment and playlist queue p95 apart. */
  playlists: number;
  playlistWaitP95: number;
  segmentWaitP95: number;
  /** Requests of the master's 640x360 rendition (its chunklist and segments). */
  masterFull: number;
  /** Requests that waited over 500 ms for a connection, per 10 s of the measurement. */
  queuedBySlice: number[];
  /** This process (host, core, service) and its reaped children (ffmpeg), % of a core. */
  serverCpuPct: number;
  childrenCpuPct: number;
  /** This process's event loop: delay p99 and at most, ms. */
  loopP99: number;
  loopMax: number;
}

// A renderer of its own, so another build of out/renderer cannot change it mid-run.
const staticDir = tempDir('roadcam-wall-bench-renderer-');
await build({
  ...rendererConfig,
  configFile: false,
  logLevel: 'warn',
  build: { ...rendererConfig.build, outDir: staticDir.path },
});

/** A demo service and browser mode in front of it, with the wall's video cameras. */
interface Side {
  name: string;
  url: string;
  videoIds: string[];
  close(): Promise<void>;
}

async function startSide(name: string, variant: { hls: 'media' | 'master' }): Promise<Side> {
  const data = tempDir('roadcam-wall-bench-');
  const core = await startCore({
    dataDir: data.path,
    connection: { kind: 'demo', world: { cameras: 300, hours: 2, variant } },
    log: () => {},
  });
  const host = await startWebHost({ core, staticDir: staticDir.path });
  const pages = await Promise.all(
    [0, 100, 200].map((skip) => core.client.cameras.search({ limit: 100, skip })),
  );
  const videoIds = pages
    .flatMap((p) => p.features)
    .filter((c) => c.properties.video)
    .map((c) => c.id)
    .slice(0, TILES);
  if (videoIds.length < TILES) throw new Error(`only ${videoIds.length} video cameras found`);
  const close = async () => {
    await host.close();
    await core.close();
    data.remove();
  };
  return { name, url: host.url, videoIds, close };
}

const sides: Side[] = [];
if (HLS !== 'master') sides.push(await startSide('media playlist', { hls: 'media' }));
if (HLS !== 'media') sides.push(await startSide('2 renditions', { hls: 'master' }));
const side = sides[0]!;

const results: RunResult[] = [];
try {
  if (SOAK_MINUTES > 0) {
    const cameras = side.videoIds.map(encodeURIComponent).join(',');
    const url = `${side.url}#/wall?cameras=${cameras}&layout=${LAYOUT}`;
    console.log(
      `Wall soak: ${TILES} video tiles (${LAYOUT}) for ${SOAK_MINUTES} min, ` +
        `${cpus().length} cores, ${new Date().toISOString()}`,
    );
    await soak(url, TILES, SOAK_MINUTES, flags.chart);
    console.log(`chart: ${flags.chart}`);
  } else {
    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      for (const s of sides) results.push(await run(browser, s, 'worker on (default)', true));
      if (!SHORT) {
        for (const s of sides) results.push(await run(browser, s, 'worker off', false));
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  for (const s of sides) await s.close();
  staticDir.remove();
}

if (results.length > 0) printResults();
console.log(load.line());

function printResults(): void {
  console.log(
    `\nWall benchmark: ${TILES} video tiles (${LAYOUT}), ${MEASURE_S} s after ${WARMUP_S} s ` +
      `warm-up, ${cpus().length} cores, page ${VIEW_W}x${VIEW_H}\n`,
  );
  console.table(
    results.map((r) => ({
      run: r.label,
      'tiles live': `${r.tilesLive}/${TILES}`,
      'small segments': `${r.smallSegments}/${r.segments}`,
      'dropped frames': `${r.dropped}/${r.frames} (${((100 * r.dropped) / Math.max(1, r.frames)).toFixed(2)}%)`,
      stalls: r.stalls,
      'playback advanced (min..max s)': `${Math.min(...r.advancedS).toFixed(1)}..${Math.max(...r.advancedS).toFixed(1)}`,
      'renderer CPU (% of a core)': r.rendererCpuPct.toFixed(0),
      'GPU+other CPU %': r.otherCpuPct.toFixed(0),
      'JS heap MB': r.heapMB.toFixed(1),
      'renderer MB': r.rendererMB,
      'media requests': r.requests,
      'queue wait p95 ms': r.waitP95.toFixed(0),
      'request p50/p95 ms': `${r.durationP50.toFixed(0)}/${r.durationP95.toFixed(0)}`,
    })),
  );
  console.log(
    '\nThe requests and the side that answers them (host, core, service: this process):\n',
  );
  console.table(
    results.map((r) => ({
      run: r.label,
      'playlists / segments': `${r.playlists}/${r.requests - r.playlists}`,
      'master 640x360 requests': r.masterFull,
      'queue p95 playlist / segment ms': `${r.playlistWaitP95.toFixed(0)}/${r.segmentWaitP95.toFixed(0)}`,
      'queued > 500 ms by 10 s': r.queuedBySlice.join(' '),
      'server CPU %': r.serverCpuPct.toFixed(0),
      'ffmpeg CPU %': r.childrenCpuPct.toFixed(0),
      'event loop p99/max ms': `${r.loopP99.toFixed(0)}/${r.loopMax.toFixed(0)}`,
    })),
  );
  for (const r of results) {
    console.log(`\nStalls, ${r.label}: ${r.stalls}`);
    for (const line of stallLines(r.stallLog, TILES, r.longTasks)) console.log(`  ${line}`);
  }
  const file = process.env['WALL_STALLS'];
  if (file) {
    const runs = results.map((r) => ({
      run: r.label,
      stalls: r.stallLog,
      longTasks: r.longTasks,
    }));
    writeFileSync(file, JSON.stringify(runs, null, 1));
    console.log(`each stall: ${file}`);
  }
}

/** This process's CPU seconds, and its reaped children's (the service's ffmpeg runs). */
function serverCpu(): { own: number; children: number } {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = 100;
  return {
    own: (Number(f[11]) + Number(f[12])) / ticks,
    children: (Number(f[13]) + Number(f[14])) / ticks,
  };
}

async function run(browser: Browser, side: Side, hls: string, worker: boolean): Promise<RunResult> {
  const label = `${side.name}, hls.js ${hls}`;
  const { videoIds } = side;
  const context = await browser.newContext({ viewport: { width: VIEW_W!, height: VIEW_H! } });
  const page = await context.newPage();
  await page.addInitScript((on) => {
    localStorage.setItem('roadcam.wall.hlsWorker', on ? '1' : '0');
  }, worker);
  const cameras = videoIds.map(encodeURIComponent).join(',');
  await page.goto(`${side.url}#/wall?cameras=${cameras}&layout=${LAYOUT}`);
  // A busy machine may not bring every tile up: the run goes on and says how many were live.
  await page
    .waitForFunction(
      (n) => document.querySelectorAll('[data-kind="video"][data-state="live"]').length === n,
      TILES,
      { timeout: 120_000 },
    )
    .catch(() => console.log(`${label}: not every tile was live after 120 s; measuring anyway`));
  await page.waitForTimeout(WARMUP_S * 1000);

  const cdp = await context.newCDPSession(page);
  const browserCdp = await browser.newBrowserCDPSession();
  const start = await sample(page);
  const cpuStart = await rendererCpu(browserCdp);
  const serverStart = serverCpu();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const startedAt = Date.now();
  await page.waitForTimeout(MEASURE_S * 1000);
  const end = await sample(page);
  const cpuEnd = await rendererCpu(browserCdp);
  loop.disable();
  const serverEnd = serverCpu();
  const seconds = (Date.now() - startedAt) / 1000;
  const shot = process.env['WALL_SCREENSHOT'];
  if (shot && worker) await page.screenshot({ path: shot });
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');

  const segments = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /\.ts(\?|$)/.test(n)),
  );
  const waits = end.requests.map((r) => r.wait).sort((a, b) => a - b);
  const isPlaylist = (r: { name: string }) => r.name.endsWith('.m3u8');
  const waitsOf = (keep: boolean) =>
    end.requests
      .filter((r) => isPlaylist(r) === keep)
      .map((r) => r.wait)
      .sort((a, b) => a - b);
  const firstStart = Math.min(...end.requests.map((r) => r.start));
  const slices = Array.from({ length: Math.ceil(MEASURE_S / 10) }, () => 0);
  for (const r of end.requests.filter((q) => q.wait > 500)) {
    const i = Math.min(slices.length - 1, Math.floor((r.start - firstStart) / 10_000));
    slices[i]! += 1;
  }
  const durations = end.requests.map((r) => r.duration).sort((a, b) => a - b);
  const result: RunResult = {
    label,
    tilesLive: end.live,
    segments: segments.length,
    smallSegments: segments.filter((n) => /_b300000_/.test(n)).length,
    frames: end.frames - start.frames,
    dropped: end.dropped - start.dropped,
    stalls: end.stalls - start.stalls,
    stallLog: end.stallLog.slice(start.stallLog.length),
    longTasks: end.longTasks.slice(start.longTasks.length),
    advancedS: videoIds.map((id) => (end.times[id] ?? 0) - (start.times[id] ?? 0)),
    rendererCpuPct: (100 * (cpuEnd.renderer - cpuStart.renderer)) / seconds,
    otherCpuPct: (100 * (cpuEnd.other - cpuStart.other)) / seconds,
    heapMB: heap.usedSize / 1024 / 1024,
    rendererMB: cpuEnd.rendererMB,
    requests: end.requests.length,
    waitP95: percentile(waits, 95),
    durationP50: percentile(durations, 50),
    durationP95: percentile(durations, 95),
    playlists: end.requests.filter(isPlaylist).length,
    playlistWaitP95: percentile(waitsOf(true), 95),
    segmentWaitP95: percentile(waitsOf(false), 95),
    // The master playlist's full rendition: `~b800000` chunklists, `media_w<n>_<seq>.ts`.
    masterFull: end.requests.filter((r) => /~b800000\.m3u8$|^media_w\d+_\d+\.ts$/.test(r.name))
      .length,
    queuedBySlice: slices,
    serverCpuPct: (100 * (serverEnd.own - serverStart.own)) / seconds,
    childrenCpuPct: (100 * (serverEnd.children - serverStart.children)) / seconds,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
  };
  await context.close();
  return result;
}

/** Frame counters, playback positions, stall count and the media requests so far. */
function sample(page: Page): Promise<TileReading> {
  return page.evaluate(readTiles, true);
}

/** CPU seconds used so far by the renderer processes and by Chromium's other processes. */
async function rendererCpu(cdp: CDPSession) {
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number; cpuTime: number }[];
  };
  const sum = (keep: (type: string) => boolean) =>
    info.processInfo.filter((p) => keep(p.type)).reduce((s, p) => s + p.cpuTime, 0);
  const renderers = info.processInfo.filter((p) => p.type === 'renderer');
  return {
    renderer: sum((t) => t === 'renderer'),
    other: sum((t) => t !== 'renderer'),
    rendererMB: renderers.reduce((s, p) => s + rssMB(p.id), 0),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
