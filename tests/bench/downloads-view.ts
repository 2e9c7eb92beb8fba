/**
 * `npm run bench:downloads-view`: the Downloads view with one batch of 10,000 recordings (jpg,
 * 2 s each) in headless Chromium, in browser mode, scrolled up and down without pause while the
 * batch downloads and its files complete (the view takes a throttled update every 500 ms).
 *
 * The service runs in a child process on a world of short recordings added for the run
 * (ServiceControl.seedRecordings: one build, hard links for the rest); browser mode runs in
 * another (scripts/web.mjs, which builds the renderer if its sources are newer: `npm run build`
 * first). The batch is queued through the view, as a user does: search the run's tag, "Select
 * all N matching", jpg only, Download.
 *
 * Prints frame time p50 and p95 (requestAnimationFrame deltas in the page), the share of frames
 * over 20 ms, the item rows in the DOM (most seen), the page's JS heap after a GC, and the files
 * completed during the measure. Target: p95 within one frame at 60 Hz (lib/frame-target.ts).
 *
 * With BENCH_BASELINE=DIR (a checkout of older code with its renderer built in DIR/out/renderer)
 * the old view is measured beside this one in alternated rounds (new, old, old, new, ...), each
 * on a service and a host of its own, and the medians are compared: the ratio holds on a loaded
 * machine when the absolute times do not.
 *
 *   npm run bench:downloads-view                          # 10,000 files, 20 s
 *   npm run bench:downloads-view -- --items 2000 --seconds 10 --step 40
 *   npm run bench:downloads-view -- --renderer DIR        # another build of the renderer
 *   BENCH_BASELINE=../base npm run bench:downloads-view -- --seconds 10 --rounds 2
 *   BENCH_PROFILE=view.cpuprofile npm run bench:downloads-view   # the page's CPU profile
 *   BENCH_TRACE=1 npm run bench:downloads-view   # each frame split: ours, raster, waiting
 *   BENCH_SCREENSHOT=view npm run bench:downloads-view   # view-new.png (and -old) after it
 *   BENCH_SERVICE_NICE=10 npm run bench:downloads-view   # the service at a lower CPU priority
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { forkRecordingsService, serveRecordings } from './recordings-service.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts';
import { startBrowserMode } from './browser-mode.ts';
import { MachineLoad } from './lib/machine-load.ts';
import { atSixtyHz, FRAME_TARGET } from './lib/frame-target.ts';
import { splitFrames, splitReport, startTrace, stopTrace, type FrameClock } from './frame-trace.ts';

const root = resolve(import.meta.dirname, '../..');
const TAG = 'viewbench';
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '20' },
    /** Pixels scrolled per frame (a row is 66 px). */
    step: { type: 'string', default: '30' },
    renderer: { type: 'string', default: join(root, 'out/renderer') },
    serve: { type: 'boolean', default: false },
    /** With BENCH_BASELINE: rounds of one run of each view. */
    rounds: { type: 'string', default: '1' },
  },
});
const BASELINE = process.env['BENCH_BASELINE'];
/** One frame at 60 Hz: the target for the frame p95. */
const ITEMS = Number(values.items);
const SECONDS = Number(values.seconds);
const STEP = Number(values.step);
const REST_S = 5;
/**
 * The service's CPU priority (nice, 0 by default: as it was measured before). The service stands
 * for a remote server, whose cores are not the app's; here it shares the app's two, and at full
 * speed it takes one of them from the page: a nice of 10 gives the app's processes the cores
 * first, the service what is left.
 */
const SERVICE_NICE = Number(process.env['BENCH_SERVICE_NICE'] ?? 0);

if (values.serve) {
  // The child: the service, with the run's recordings, until the parent ends.
  await serveRecordings(ITEMS, TAG);
} else {
  await run();
}

interface Figures {
  frames: number[];
  /** Frames with the view at rest (not scrolled) while the files complete. */
  restFrames: number[];
  restWork: Figures['work'];
  /** The renderer's main thread over the measure (CDP Performance metrics), in ms. */
  work: Record<'task' | 'cpu' | 'script' | 'layout' | 'style', number>;
  rowsMax: number;
  completedBefore: number;
  completedAfter: number;
  heapMB: number;
  /** With BENCH_TRACE: the scrolled frames split by the trace. */
  trace?: string;
}

async function run(): Promise<void> {
  const load = new MachineLoad();
  const views: [string, string][] = [['new', values.renderer]];
  if (BASELINE) views.push(['old', join(resolve(BASELINE), 'out/renderer')]);
  const runs = new Map<string, Figures[]>(views.map(([name]) => [name, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    // Alternated, so that neither view always runs while the machine is the busier.
    const order = round % 2 === 0 ? views : [...views].reverse();
    for (const [name, dir] of order) {
      const r = await runOnce(dir, name);
      report(`${name} view (${dir})`, r, load);
      runs.get(name)!.push(r);
    }
  }
  compare(runs);
  console.log(load.line());
}

/** One run: a service and a host of its own, the batch queued, the view measured. */
async function runOnce(rendererDir: string, name: string): Promise<Figures> {
  const service = await forkRecordingsService(import.meta.filename, ITEMS, SERVICE_NICE);
  const serviceUrl = service.url;
  const host = await startBrowserMode(serviceUrl, rendererDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  let r: Figures;
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await queueBatch(page, host.url, host.dataDir);
    r = await measure(page);
    const shot = process.env['BENCH_SCREENSHOT'];
    if (shot) await page.screenshot({ path: `${shot}-${name}.png` });
  } finally {
    await browser.close();
    await host.stop();
    service.stop();
  }
  return r;
}

/** Queues every recording of the run as one batch, through the view. */
async function queueBatch(page: Page, url: string, dataDir: string): Promise<void> {
  await page.goto(`${url}#/downloads`);
  await page.getByLabel('Text').fill(TAG);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('complete');
  await page.getByRole('button', { name: 'Search recordings' }).click();
  // The page is in English (the browser's default here), its counts formatted as such.
  const all = page.getByLabel(`Select all ${ITEMS.toLocaleString('en-US')} matching`);
  await all.check({ timeout: 60_000 });
  await page.getByLabel('jpg', { exact: true }).check();
  await page.getByLabel('zip', { exact: true }).uncheck();
  await page.getByLabel('mp4', { exact: true }).uncheck();
  await page.getByLabel('File names').fill('{recording_id}.{format}');
  await page.getByLabel('Folder').fill(join(dataDir, 'files'));
  const started = Date.now();
  await page.getByRole('button', { name: 'Download all matching' }).click();
  // The first row, or the view's error in words (a refused folder, a failed search).
  const rows = page.getByTestId('download-item');
  const failed = page.getByRole('alert').first();
  await rows.first().or(failed).waitFor({ timeout: 300_000 });
  if (await failed.isVisible()) throw new Error(`queueing failed: ${await failed.innerText()}`);
  console.log(`queued ${ITEMS} files; first row drawn ${Date.now() - started} ms after the click`);
}

/** Completed files of the batch, as its card says in English ("1,234 of 10,000 files"). */
async function completed(page: Page): Promise<number> {
  const text = await page.getByTestId('download-batch').first().locator('.figures span').first();
  const done = /^([\d,]+) of/.exec((await text.textContent()) ?? '')?.[1];
  return done === undefined ? NaN : Number(done.replaceAll(',', ''));
}

/**
 * The renderer's main-thread time so far, in ms: its tasks from start to end (which include
 * any wait for a core), the CPU it used, and script, layout and style.
 */
async function mainThread(cdp: CDPSession): Promise<Figures['work']> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
  return {
    task: ms('TaskDuration'),
    cpu: ms('ThreadTime'),
    script: ms('ScriptDuration'),
    layout: ms('LayoutDuration'),
    style: ms('RecalcStyleDuration'),
  };
}

async function measure(page: Page): Promise<Figures> {
  // Past the snapshot of the new batch (10,000 items read once, after the first rows).
  await page.waitForTimeout(5000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // The same frames at rest (no scrolling, updates streaming): what the machine allows, and
  // what the updates alone cost.
  const restBefore = await mainThread(cdp);
  const rest = await frames(page, 0, REST_S);
  const restWork = diff(await mainThread(cdp), restBefore);
  const completedBefore = await completed(page);
  const workBefore = await mainThread(cdp);
  const profile = process.env['BENCH_PROFILE'];
  if (profile) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const tracing = Boolean(process.env['BENCH_TRACE']);
  if (tracing) await startTrace(cdp);
  const scrolled = await frames(page, STEP, SECONDS);
  const workAfter = await mainThread(cdp);
  const trace = tracing
    ? splitReport(splitFrames(await stopTrace(cdp), scrolled.clock, scrolled.frames))
    : undefined;
  if (profile) {
    const { profile: taken } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(profile, JSON.stringify(taken));
  }
  const completedAfter = await completed(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return {
    frames: scrolled.frames,
    restFrames: rest.frames,
    work: diff(workAfter, workBefore),
    restWork,
    rowsMax: scrolled.rowsMax,
    completedBefore,
    completedAfter,
    heapMB: heap.usedSize / 1024 / 1024,
    trace,
  };
}

function diff(after: Figures['work'], before: Figures['work']): Figures['work'] {
  return {
    task: after.task - before.task,
    cpu: after.cpu - before.cpu,
    script: after.script - before.script,
    layout: after.layout - before.layout,
    style: after.style - before.style,
  };
}

/**
 * Frame deltas in the page for `seconds`, and the most item rows in the DOM, while it scrolls
 * `step` px every frame down to the end of the list, then up to its start, and so on. The list
 * is its own scrolling box when it has one (a virtualized list), else the view's.
 */
async function frames(page: Page, step: number, seconds: number) {
  type Bench = { frames: number[]; rowsMax: number; on: boolean; clock: FrameClock };
  await page.evaluate((step) => {
    const list = document.querySelector<HTMLElement>('[role="list"][aria-label^="Files of"]');
    let box: Element | null = list ?? document.querySelector('[data-testid="download-batch"]');
    const scrolls = (e: Element) =>
      e.scrollHeight > e.clientHeight && /auto|scroll/.test(getComputedStyle(e).overflowY);
    while (box && !scrolls(box)) box = box.parentElement;
    const view = box ?? document.scrollingElement!;
    // The mark ties the page's clock to the trace's (frame-trace.ts).
    console.timeStamp('frame-trace');
    const markMs = performance.now();
    const bench: Bench = { frames: [], rowsMax: 0, on: true, clock: { markMs, startMs: NaN } };
    (window as unknown as { __bench: Bench }).__bench = bench;
    let last = performance.now();
    let dir = 1;
    const tick = (t: number) => {
      if (!bench.on) return;
      if (bench.frames.length === 0) bench.clock.startMs = t;
      bench.frames.push(t - last);
      last = t;
      const end = view.scrollHeight - view.clientHeight;
      if ((dir > 0 && view.scrollTop >= end - 1) || (dir < 0 && view.scrollTop <= 0)) dir = -dir;
      view.scrollTop += dir * step;
      const rows = document.querySelectorAll('[data-testid="download-item"]').length;
      bench.rowsMax = Math.max(bench.rowsMax, rows);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, step);
  await page.waitForTimeout(seconds * 1000);
  const taken = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: Bench }).__bench;
    bench.on = false;
    return bench;
  });
  return { frames: taken.frames.slice(1), rowsMax: taken.rowsMax, clock: taken.clock };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(name: string, r: Figures, load: MachineLoad): void {
  const p95 = percentile(r.frames, 95);
  const long = r.frames.filter((f) => f > 20).length / r.frames.length;
  console.log(
    `\nDownloads view, ${name}: one batch of ${ITEMS.toLocaleString('en')} files, scrolled ` +
      `${STEP} px a frame for ${SECONDS} s while it downloads; the service at nice ` +
      `${SERVICE_NICE}; ${cpus().length} cores, ` +
      `${load.line()}, ${new Date().toISOString()}\n`,
  );
  console.log(
    '| Frame p50 | Frame p95 | Frames > 20 ms | Item rows in the DOM (most) | JS heap after GC | Files completed during the measure |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${percentile(r.frames, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ` +
      `${(long * 100).toFixed(1)}% of ${r.frames.length} | ${r.rowsMax} | ${r.heapMB.toFixed(1)} MB | ` +
      `${r.completedAfter - r.completedBefore} (${r.completedBefore} → ${r.completedAfter}) |`,
  );
  const share = (ms: number) => `${((100 * ms) / (SECONDS * 1000)).toFixed(0)}%`;
  const perFrame = (ms: number) => `${(ms / r.frames.length).toFixed(1)} ms`;
  console.log(
    `\nthe renderer's main thread: ${perFrame(r.work.cpu)} of CPU a frame ` +
      `(${share(r.work.cpu)} of a core; script ${perFrame(r.work.script)}, layout ` +
      `${perFrame(r.work.layout)}, style ${perFrame(r.work.style)}); its tasks took ` +
      `${perFrame(r.work.task)} a frame from start to end, the rest waiting for a core`,
  );
  console.log(
    `at rest (not scrolled, ${REST_S} s before): frame p50 ${percentile(r.restFrames, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(r.restFrames, 95).toFixed(1)} ms; main thread ${(r.restWork.cpu / REST_S).toFixed(0)} ms ` +
      `of CPU a second (script ${(r.restWork.script / REST_S).toFixed(0)} ms): the updates and the frames`,
  );
  if (r.trace) console.log(`the trace, scrolled, average ms a frame:\n${r.trace}`);
  console.log(
    `frame p95 ${p95.toFixed(1)} ms (target ${FRAME_TARGET}): ${atSixtyHz(p95) ? 'met' : 'NOT met'}`,
  );
}

/** The median of each view's frame p95 and CPU a frame, and the new against the old. */
function compare(runs: Map<string, Figures[]>): void {
  const median = (values: number[]) => percentile(values, 50);
  const p95 = (name: string) => median(runs.get(name)!.map((r) => percentile(r.frames, 95)));
  const cpu = (name: string) => median(runs.get(name)!.map((r) => r.work.cpu / r.frames.length));
  console.log('');
  for (const name of runs.keys()) {
    console.log(
      `${name} view, median of ${runs.get(name)!.length}: frame p95 ${p95(name).toFixed(1)} ms ` +
        `(target ${FRAME_TARGET}: ${atSixtyHz(p95(name)) ? 'met' : 'NOT met'}), ` +
        `main-thread CPU ${cpu(name).toFixed(2)} ms a frame`,
    );
  }
  if (runs.has('old')) {
    console.log(
      `new / old: frame p95 ${(p95('new') / p95('old')).toFixed(2)} x, ` +
        `CPU a frame ${(cpu('new') / cpu('old')).toFixed(2)} x`,
    );
  }
}
