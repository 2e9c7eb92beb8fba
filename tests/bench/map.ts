/**
 * `npm run bench:map`: the Map view on a world of 100,000 cameras (national scale), in
 * headless Chromium through Playwright, in two scenarios alternated round by round in one run so
 * they compare side by side (map-scenarios.ts): "cameras", the dense camera layer alone (the
 * service's camera vector tiles, one canvas per tile), and "everything", every layer on
 * (cameras, observations, alerts, recordings, a search's results) with the weather replay
 * playing, while the same pan/zoom script runs.
 * (Client-side clustering with supercluster, which this bench once compared, lost on every
 * figure and left the app; its figures stay in the benchmark history under docs/.)
 *
 * Figures per scenario: time to first cameras drawn (navigation start to the performance mark
 * the layer sets), frame time p50/p95 while panning and zooming and the share of frames over
 * 25 and 20 ms, the JS heap after a GC (the page's and its workers') before and after the
 * panning, the resident memory of the renderer and of the host (the core) before and after,
 * DOM nodes and what is drawn, and the replay's steps drawn.
 * Variables: `BENCH_MAP_SECONDS` (panning per run, default 120), `BENCH_MAP_ROUNDS` (default 1),
 * `BENCH_MAP_SCENARIOS` (default `cameras,everything`; also `layers`: every layer on, no replay), `BENCH_MAP_CAMERAS` (world size),
 * `BENCH_MAP_HOURS` (the world's history, so the replay's marks, default 4).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startService } from '../../src/service/index.ts';
import { browse, drawn, heapUsed, median, percentile, rendererMB, type Drawn } from './map-page.ts';
import { scenariosFrom, setUp, warmSnapshots, type Scenario } from './map-scenarios.ts';
import { rssMB } from './bare-chromium.ts';
import { startBrowserMode } from './browser-mode.ts';

const SECONDS = Number(process.env.BENCH_MAP_SECONDS ?? 120);
const ROUNDS = Number(process.env.BENCH_MAP_ROUNDS ?? 1);
const CAMERAS = Number(process.env.BENCH_MAP_CAMERAS ?? 100_000);
const HOURS = Number(process.env.BENCH_MAP_HOURS ?? 4);
const SCENARIOS = scenariosFrom(process.env.BENCH_MAP_SCENARIOS);
/** The replay bar's marks: 48 hours of ten-minute marks, the newest last. */
const MARKS = 48 * 6;
/**
 * The oldest mark whose snapshot the world holds (it holds HOURS of slots and the newest mark is
 * one before the newest slot), plus one: the world drops a slot at each ten minutes.
 */
const FIRST_MARK = MARKS - (HOURS * 6 - 1) + 1;

interface Memory {
  /** JS heap after a GC, page + workers, and per heap. */
  heapMB: number;
  heapParts: Record<string, number>;
  rendererMB: number;
  hostMB: number;
}

interface Figures {
  scenario: Scenario;
  firstDrawMs: number;
  frameP95Ms: number;
  frameP50Ms: number;
  frames: number;
  /** Share of frames over 25 ms (the p95 target) and 20 ms: those that missed a refresh. */
  over25: number;
  over20: number;
  /** Before the panning (after the scenario is set up) and after it. */
  before: Memory;
  after: Memory;
  drawn: Drawn;
  replaySteps: number;
  replayError: string | null;
}

async function measure(serviceUrl: string, scenario: Scenario): Promise<Figures> {
  const host = await startBrowserMode(serviceUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    const memory = async (): Promise<Memory> => {
      const heapParts = await heapUsed(page);
      const heapMB = Object.values(heapParts).reduce((a, b) => a + b, 0);
      return { heapMB, heapParts, rendererMB: await rendererMB(browser), hostMB: rssMB(host.pid) };
    };
    await page.goto(`${host.url}#/map`);
    const firstDrawMs = await page.evaluate(
      () =>
        new Promise<number>((ok) => {
          const check = () => {
            const mark = performance.getEntriesByName('roadcam:cameras-drawn')[0];
            if (mark) ok(mark.startTime);
            else setTimeout(check, 20);
          };
          check();
        }),
    );
    await page.waitForTimeout(1500);
    const running = await setUp(page, scenario, FIRST_MARK);
    await page.waitForTimeout(1500);
    const before = await memory();
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[] };
      w.__frames = [];
      let last = performance.now();
      const tick = (t: number) => {
        w.__frames.push(t - last);
        last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await browse(page, SECONDS, running.between);
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: number[] }).__frames,
    );
    const replay = await running.replay();
    const shown = await drawn(page);
    return {
      scenario,
      firstDrawMs,
      frameP95Ms: percentile(frames, 95),
      frameP50Ms: percentile(frames, 50),
      frames: frames.length,
      over25: frames.filter((f) => f > 25).length / frames.length,
      over20: frames.filter((f) => f > 20).length / frames.length,
      before,
      after: await memory(),
      drawn: shown,
      replaySteps: replay.steps,
      replayError: replay.error,
    };
  } finally {
    await browser.close();
    await host.stop();
  }
}

const serviceDir = mkdtempSync(join(tmpdir(), 'roadcam-bench-map-service-'));
const started = Date.now();
const service = await startService({ dataDir: serviceDir, cameras: CAMERAS, hours: HOURS });
// The recordings layer shows the recordings of the search (the first 100).
await service.control.seedRecordings(100, { durationS: 60, tag: 'bench-map' });
console.log(
  `service with ${CAMERAS.toLocaleString()} cameras and ${HOURS} h of observations ready in ${Date.now() - started} ms`,
);
const warming = Date.now();
const held = await warmSnapshots(service.url, HOURS);
console.log(`${held} marks' snapshots written in ${Date.now() - warming} ms`);
const results: Figures[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Alternated: each scenario goes first in every other round.
    const order = round % 2 === 0 ? SCENARIOS : [...SCENARIOS].reverse();
    for (const scenario of order) {
      const load = loadavg()[0]!.toFixed(2);
      const r = await measure(service.url, scenario);
      results.push(r);
      const endLoad = loadavg()[0]!.toFixed(2);
      console.log(`round ${round + 1}, load ${load} -> ${endLoad}: ${JSON.stringify(r)}`);
    }
  }
} finally {
  await service.close();
  rmSync(serviceDir, { recursive: true, force: true });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const mem = (b: Memory, a: Memory, key: 'heapMB' | 'rendererMB' | 'hostMB') =>
  `${b[key].toFixed(0)} → ${a[key].toFixed(0)} MB`;
console.log(
  `\n${CAMERAS.toLocaleString()} cameras, ${SECONDS} s of panning and zooming per run, ${ROUNDS} round(s)\n`,
);
console.log(
  '| Scenario | First cameras drawn | Frame p95 (p50) | Frames > 25 ms (> 20 ms) | JS heap, page + workers (before → after) | Renderer RSS | Host RSS | DOM nodes, markers, paths, canvases | Replay steps |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const d = r.drawn;
  console.log(
    `| ${r.scenario} | ${Math.round(r.firstDrawMs)} ms | ${r.frameP95Ms.toFixed(1)} ms (${r.frameP50Ms.toFixed(1)} ms, ${r.frames} frames) | ${pct(r.over25)} (${pct(r.over20)}) | ${mem(r.before, r.after, 'heapMB')} | ${mem(r.before, r.after, 'rendererMB')} | ${mem(r.before, r.after, 'hostMB')} | ${d.domNodes}, ${d.markers}, ${d.paths}, ${d.canvases} | ${r.replaySteps}${r.replayError ? ` (error: ${r.replayError})` : ''} |`,
  );
}
console.log('\nMedians per scenario:');
for (const scenario of SCENARIOS) {
  const of = results.filter((r) => r.scenario === scenario);
  const m = (f: (r: Figures) => number) => median(of.map(f));
  console.log(
    `${scenario}: first draw ${Math.round(m((r) => r.firstDrawMs))} ms, frame p95 ${m((r) => r.frameP95Ms).toFixed(1)} ms (p50 ${m((r) => r.frameP50Ms).toFixed(1)}), > 25 ms ${pct(m((r) => r.over25))}, > 20 ms ${pct(m((r) => r.over20))}, heap after ${m((r) => r.after.heapMB).toFixed(0)} MB, renderer ${m((r) => r.after.rendererMB).toFixed(0)} MB, host ${m((r) => r.after.hostMB).toFixed(0)} MB`,
  );
}
