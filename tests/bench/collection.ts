/**
 * `npm run bench:collection`: a collection of 5,000 frames kept offline, in browser mode.
 * Three processes besides Chromium: the service (a child, with a counting proxy in front, so
 * its work and memory are not the app's), the app's main process (a child: the core and the
 * web host, with a renderer built for the run so another build of out/ cannot change it), and
 * this one, which drives headless Chromium through playwright-core. Figures:
 * - keeping it offline: the time from ticking "Keep offline" to "Kept offline: 5000/5000",
 *   the most requests (and image bodies) the service saw at once, the main process's peak RSS;
 * - the grid scrolled top to bottom and back for N s: frame p50/p95 (rAF deltas), the share
 *   over 20 ms, the most DOM nodes in the grid;
 * - the lightbox stepped through with ArrowRight for N s: the same frame figures;
 * - the renderer's memory under Playwright: the page's JS heap after a GC and the renderer
 *   processes' RSS;
 * - then the renderer's memory in a bare Chromium (collection-memory.ts), whose figures are the
 *   app's own: under Playwright the inspector keeps every image the page loads.
 *
 *   npm run bench:collection                     # 5,000 frames, 60 s of each
 *   npm run bench:collection -- --frames 1000 --seconds 10
 *   npm run bench:collection -- --memory --steps 1000   # only the bare Chromium memory phase
 *
 * With BENCH_BASELINE=DIR (an older checkout with its renderer built in DIR/out/renderer) the
 * old page runs beside this one, in alternated rounds (`--rounds N`: new, old, old, new, ...),
 * each on a host and data folder of its own against the same service; the medians of the grid's
 * frame p95 and of the page renderer's highest RSS are compared at the end.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts';
import { tempDir } from '../helpers/core.ts';
import type { ProxyCounts } from '../helpers/counting-proxy.ts';
import { rendererConfig } from '../../vite.renderer.config.ts';
import { bareMemory, memoryReport } from './collection-memory.ts';
import { rssMB } from './bare-chromium.ts';
import {
  comparePages,
  heapAfterGc,
  rendererRss,
  scrollGrid,
  stepLightbox,
  type PageOutcome,
} from './collection-page.ts';
import { serveCollection } from './collection-service.ts';
import { MachineLoad } from './lib/machine-load.ts';

const { values } = parseArgs({
  options: {
    frames: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '60' },
    /** How fast the grid is scrolled, px a second. */
    speed: { type: 'string', default: '5000' },
    /** Only the memory phase in bare Chromium (no frame times), viewing `steps` frames. */
    memory: { type: 'boolean', default: false },
    steps: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '1' },
    serve: { type: 'boolean', default: false },
    host: { type: 'string' },
    static: { type: 'string' },
    data: { type: 'string' },
  },
});
const FRAMES = Number(values.frames);
const SECONDS = Number(values.seconds);
/**
 * A fast flick of the wheel, held: one trip through 5,000 frames in about 30 s (the grid's
 * images wait while it flies past at this speed; `--speed 1000` scrolls slowly enough to draw
 * them as they come).
 */
const SCROLL_PX_PER_S = Number(values.speed);
const BASELINE = process.env['BENCH_BASELINE'];

if (values.serve) await serveCollection(FRAMES);
else if (values.host) await runHost(values.host, values.static!, values.data!);
else await run();

/** The child that is the app's main process: `npm run web` against the service's proxy. */
async function runHost(serviceUrl: string, staticDir: string, dataDir: string): Promise<void> {
  process.env['ROADCAM_CLIENT_SECRET'] = 'demo-secret';
  const { main } = await import('../../src/cli/web.ts');
  await main(
    ['--port', '0', '--data-dir', dataDir, '--base-url', serviceUrl, '--client-id', 'demo'],
    staticDir,
  );
}

/** Forks this file with `args`; resolves with the child and its first message. */
async function child<T>(args: string[]): Promise<{ process: ChildProcess; first: T }> {
  const p = fork(import.meta.filename, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let output = '';
  const first = await new Promise<T>((resolve, reject) => {
    p.once('message', (m) => resolve(m as T));
    p.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^Roadcam at (\S+)$/m.exec(output)?.[1];
      if (url) resolve({ url } as T);
    });
    p.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${output}`)));
  });
  return { process: p, first };
}

/** Asks the service child for its proxy's counts (and resets them when asked to). */
function counts(service: ChildProcess, reset = false) {
  return new Promise<ProxyCounts>((resolve) => {
    service.once('message', (m) => resolve(m as ProxyCounts));
    service.send({ reset });
  });
}

async function run(): Promise<void> {
  const load = new MachineLoad();
  const staticDir = tempDir('roadcam-collection-bench-renderer-');
  await build({
    ...rendererConfig,
    configFile: false,
    logLevel: 'warn',
    build: { ...rendererConfig.build, outDir: staticDir.path },
  });
  const seeded = Date.now();
  const service = await child<{ url: string; id: string }>(['--serve', '--frames', `${FRAMES}`]);
  console.log(`service with a collection of ${FRAMES} frames in ${Date.now() - seeded} ms`);
  const pages: [string, string][] = [['new', staticDir.path]];
  if (BASELINE) pages.push(['old', join(resolve(BASELINE), 'out/renderer')]);
  const outcomes = new Map<string, PageOutcome[]>(pages.map(([name]) => [name, []]));
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      // Alternated, so that neither page always runs while the machine is the busier.
      for (const [name, dir] of round % 2 === 0 ? pages : [...pages].reverse()) {
        console.log(`\n== the ${name} page (${dir}) ==`);
        outcomes.get(name)!.push(await runPage(dir, service.first, service.process));
      }
    }
  } finally {
    service.process.disconnect();
    staticDir.remove();
  }
  comparePages(outcomes);
  console.log(load.line());
}

/** One page's run: a host of its own on a new data folder, then the phases. */
async function runPage(
  staticDir: string,
  service: { url: string; id: string },
  serviceProcess: ChildProcess,
): Promise<PageOutcome> {
  const dataDir = tempDir('roadcam-collection-bench-');
  const host = await child<{ url: string }>([
    ...['--host', service.url, '--static', staticDir, '--data', dataDir.path],
  ]);
  let mainPeak = 0;
  const sampler = setInterval(() => (mainPeak = Math.max(mainPeak, rssMB(host.process.pid!))), 250);
  try {
    const appUrl = host.first.url;
    const grid = values.memory
      ? NaN
      : await underPlaywright(appUrl, service.id, serviceProcess, () => mainPeak);
    const samples = await bareMemory(appUrl, encodeURIComponent(service.id), FRAMES, {
      ...{ pxPerS: SCROLL_PX_PER_S, steps: Number(values.steps) },
    });
    console.log(`\n${memoryReport(samples)}\nload average ${loadavg().join(' ')}`);
    // The highest before the memory-pressure signal, which gives the caches back.
    const before = samples.filter((s) => !s.at.includes('pressure'));
    return { gridP95Ms: grid, pageRssPeakMB: Math.max(...before.map((s) => s.page.rssMB)) };
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => host.process.once('exit', r));
    host.process.kill('SIGTERM');
    await exited;
    dataDir.remove();
  }
}

/** Keeps the collection offline, then measures frame times and memory under Playwright. */
async function underPlaywright(
  appUrl: string,
  id: string,
  service: ChildProcess,
  mainPeak: () => number,
): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const rendererPeak = { rssMB: 0, anonMB: 0, shmemMB: 0 };
  const rendererSampler = setInterval(() => {
    void rendererRss(browser).then(
      (m) => {
        rendererPeak.rssMB = Math.max(rendererPeak.rssMB, m.rssMB);
        rendererPeak.anonMB = Math.max(rendererPeak.anonMB, m.anonMB);
        rendererPeak.shmemMB = Math.max(rendererPeak.shmemMB, m.shmemMB);
      },
      () => undefined,
    );
  }, 1000);
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    // What the renderer holds before the collection is shown: the list of collections.
    await page.goto(`${appUrl}#/collections`);
    await page.getByTestId('collection-card').first().waitFor();
    const idle = { heapMB: await heapAfterGc(page), ...(await rendererRss(browser)) };
    console.log(`the list of collections: ${memory(idle)}`);
    await page.goto(`${appUrl}#/collections/${encodeURIComponent(id)}`);
    await page.getByTestId('collection-name').waitFor();

    await counts(service, true);
    const keepStart = Date.now();
    await page.getByLabel('Keep offline').check();
    await page
      .getByTestId('offline-state')
      // The page is in English (the browser's default here), its counts formatted as such.
      .filter({ hasText: `Kept offline: ${english(FRAMES)}/${english(FRAMES)}` })
      .waitFor({ timeout: 30 * 60_000 });
    const keepS = (Date.now() - keepStart) / 1000;
    const keep = await counts(service);
    const mainAfterKeep = mainPeak();
    console.log(`kept ${FRAMES} in ${keepS.toFixed(1)} s: ${JSON.stringify(keep)}`);

    await page.reload();
    await page.getByTestId('collection-name').waitFor();
    const scroll = await scrollGrid(page, SECONDS, SCROLL_PX_PER_S);
    const afterScroll = { heapMB: await heapAfterGc(page), ...(await rendererRss(browser)) };
    console.log(`grid: ${JSON.stringify({ ...scroll, ...afterScroll })}`);
    await page.evaluate(() => document.querySelector('.view')?.scrollTo(0, 0));
    const lightbox = await stepLightbox(page, SECONDS, 60);
    const afterLightbox = { heapMB: await heapAfterGc(page), ...(await rendererRss(browser)) };
    console.log(`lightbox: ${JSON.stringify({ ...lightbox, ...afterLightbox })}`);
    clearInterval(rendererSampler);
    report({
      ...{ keepS, keep, mainAfterKeep, mainPeak: mainPeak(), scroll, afterScroll },
      ...{ lightbox, afterLightbox, rendererPeak, idle },
    });
    return scroll.p95Ms;
  } finally {
    clearInterval(rendererSampler);
    await browser.close();
  }
}

interface Memory {
  heapMB: number;
  rssMB: number;
  anonMB: number;
  shmemMB: number;
}

function memory(m: Memory): string {
  return `heap ${m.heapMB} MB; renderer RSS ${m.rssMB} MB (own ${m.anonMB} MB, shared ${m.shmemMB} MB)`;
}

function report(r: {
  keepS: number;
  keep: ProxyCounts;
  mainAfterKeep: number;
  mainPeak: number;
  scroll: Awaited<ReturnType<typeof scrollGrid>>;
  afterScroll: Memory;
  lightbox: Awaited<ReturnType<typeof stepLightbox>>;
  afterLightbox: Memory;
  rendererPeak: Omit<Memory, 'heapMB'>;
  idle: Memory;
}): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const { scroll: s, lightbox: l } = r;
  console.log(`\n${FRAMES} frames, ${SECONDS} s of each; load average ${loadavg().join(' ')}\n`);
  console.log('| Phase | Figures |');
  console.log('| --- | --- |');
  console.log(
    `| Keep offline | ${r.keepS.toFixed(1)} s; at most ${r.keep.peak} requests at once (${r.keep.signedPeak} image bodies); ${r.keep.signedRequests} image bodies asked for (${r.keep.signedFiles} files, ${(r.keep.signedBytes / 1e6).toFixed(0)} MB), ${r.keep.requests} requests in all; main process peak RSS ${r.mainAfterKeep} MB |`,
  );
  console.log(
    `| Grid scrolled at ${SCROLL_PX_PER_S} px/s | p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, ${pct(s.over20)} over 20 ms (${s.frames} frames; the end reached ${s.ends} times, the top again ${s.tops}); images drawn in ${pct(s.drawn)} of its cells; at most ${s.gridNodes} nodes in the grid (${s.documentNodes} in the page); ${memory(r.afterScroll)} |`,
  );
  console.log(
    `| Lightbox stepped | p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, ${pct(l.over20)} over 20 ms (${l.frames} frames, ${l.steps} steps, at ${l.position}); ${memory(r.afterLightbox)} |`,
  );
  console.log(`| Main process | peak RSS ${r.mainPeak} MB over the run |`);
  console.log(
    `| Renderer | peak RSS ${r.rendererPeak.rssMB} MB, own ${r.rendererPeak.anonMB} MB, shared ${r.rendererPeak.shmemMB} MB (sampled every second); on the list of collections before: ${memory(r.idle)} |`,
  );
}

function english(count: number): string {
  return count.toLocaleString('en-US');
}
