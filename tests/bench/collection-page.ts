/**
 * The page side of bench:collection: what runs in Chromium (a rAF recorder, the grid scrolled
 * top to bottom and back, the lightbox stepped through) and how the renderer's memory is read
 * (the page's JS heap after a GC, the renderer processes' RSS from /proc).
 */
import type { Browser, Page } from 'playwright-core';
import { rssMB } from './bare-chromium.ts';
import { splitFrames, splitReport, startTrace, stopTrace, type FrameClock } from './frame-trace.ts';
import { atSixtyHz, FRAME_TARGET } from './lib/frame-target.ts';

export interface FrameFigures {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  /** Share of frames over 20 ms: those that missed a 60 Hz refresh. */
  over20: number;
}

export interface ScrollFigures extends FrameFigures {
  /** Times the end of the grid was reached (every page in), and the top again after it. */
  ends: number;
  tops: number;
  /** The most elements in the grid at once, and in the whole document. */
  gridNodes: number;
  documentNodes: number;
  /**
   * The share of the grid's cells with their image drawn, sampled every 250 ms: what a user
   * saw of the images while it scrolled (placeholders for the rest).
   */
  drawn: number;
}

export function frameFigures(frames: readonly number[]): FrameFigures {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    frames: frames.length,
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    over20: frames.filter((f) => f > 20).length / Math.max(1, frames.length),
  };
}

/**
 * Scrolls the view that holds the grid at `pxPerS`, down to the end of the collection (more
 * pages load on the way) and back to the top, for `seconds`, counting frames and nodes.
 */
export async function scrollGrid(page: Page, seconds: number, pxPerS: number) {
  // BENCH_TRACE: a Chromium trace of the scroll, each frame split (frame-trace.ts).
  const cdp = process.env['BENCH_TRACE'] ? await page.context().newCDPSession(page) : null;
  if (cdp) await startTrace(cdp);
  const out = await page.evaluate(
    ({ seconds, pxPerS }) =>
      new Promise<{
        frames: number[];
        clock: FrameClock;
        ends: number;
        tops: number;
        gridNodes: number;
        documentNodes: number;
        drawn: number;
      }>((resolve) => {
        const grid = document.querySelector('ul.grid')!;
        // The grid's status line ("All 5,000 images shown"), read without a layout.
        const status = grid.nextElementSibling!;
        // The mark ties the page's clock to the trace's (frame-trace.ts).
        console.timeStamp('frame-trace');
        const clock = { markMs: performance.now(), startMs: NaN };
        let scroller = grid.parentElement!;
        while (scroller !== document.body && getComputedStyle(scroller).overflowY !== 'auto')
          scroller = scroller.parentElement!;
        const frames: number[] = [];
        let gridNodes = 0;
        let documentNodes = 0;
        let cells = 0;
        let drawnCells = 0;
        const count = setInterval(() => {
          gridNodes = Math.max(gridNodes, grid.getElementsByTagName('*').length + 1);
          documentNodes = Math.max(documentNodes, document.getElementsByTagName('*').length);
          cells += grid.querySelectorAll('[data-testid="thumb"]').length;
          drawnCells += grid.querySelectorAll('[data-testid="thumb"] [data-loaded]').length;
        }, 250);
        let dir = 1;
        let ends = 0;
        let tops = 0;
        const start = performance.now();
        let last = start;
        const tick = (t: number) => {
          if (frames.length === 0) clock.startMs = last;
          const dt = t - last;
          frames.push(dt);
          last = t;
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
          const done = /All [\d,]+ images shown/.test(status.textContent ?? '');
          if (dir === 1 && atEnd && done) {
            dir = -1;
            ends++;
          } else if (dir === -1 && scroller.scrollTop <= 0) {
            dir = 1;
            tops++;
          }
          scroller.scrollTop += dir * pxPerS * (Math.min(dt, 100) / 1000);
          if (t - start < seconds * 1000) requestAnimationFrame(tick);
          else {
            clearInterval(count);
            const drawn = drawnCells / Math.max(1, cells);
            resolve({ frames, clock, ends, tops, gridNodes, documentNodes, drawn });
          }
        };
        requestAnimationFrame(tick);
      }),
    { seconds, pxPerS },
  );
  const trace = cdp && splitReport(splitFrames(await stopTrace(cdp), out.clock, out.frames));
  if (trace) console.log(`the trace, grid scrolled, average ms a frame:\n${trace}`);
  await cdp?.detach();
  const { ends, tops, gridNodes, documentNodes, drawn } = out;
  return { ...frameFigures(out.frames), ends, tops, gridNodes, documentNodes, drawn };
}

/** Opens the first image and presses ArrowRight every `everyMs` for `seconds`. */
export async function stepLightbox(page: Page, seconds: number, everyMs: number) {
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  await page.getByTestId('lightbox-meta').waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__frames = [];
    w.__stop = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.__frames.push(t - last);
      last = t;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const end = Date.now() + seconds * 1000;
  let steps = 0;
  while (Date.now() < end) {
    await page.keyboard.press('ArrowRight');
    steps++;
    await page.waitForTimeout(everyMs);
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames;
  });
  const position = await page.locator('dialog.lightbox .position').innerText();
  await page.keyboard.press('Escape');
  return { ...frameFigures(frames), steps, position };
}

/** The page's JS heap after a GC, in MB. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return round(usedSize / 1024 / 1024);
}

/**
 * Resident memory of Chromium's renderer processes (one page: one renderer), in MB: all of it
 * (VmRSS, which counts the pages of the Chromium binary and memory shared with the browser
 * process too), its own anonymous memory (RssAnon: heaps, layout, the DOM), and the shared
 * memory it has mapped (RssShmem: mostly Chromium's discardable cache of decoded images and
 * its raster tiles, which Chromium purges under memory pressure).
 */
export async function rendererRss(
  browser: Browser,
): Promise<{ rssMB: number; anonMB: number; shmemMB: number }> {
  const cdp = await browser.newBrowserCDPSession();
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await cdp.detach();
  const renderers = info.processInfo.filter((p) => p.type === 'renderer');
  return {
    rssMB: renderers.reduce((sum, p) => sum + rssMB(p.id), 0),
    anonMB: renderers.reduce((sum, p) => sum + rssMB(p.id, 'RssAnon'), 0),
    shmemMB: renderers.reduce((sum, p) => sum + rssMB(p.id, 'RssShmem'), 0),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The target for the page's renderer's RSS, at any point of the run. */
const RENDERER_MB = 300;

/** What one run of one page (bench:collection) gives for the comparison. */
export interface PageOutcome {
  gridP95Ms: number;
  pageRssPeakMB: number;
}

/** The medians of each page, against the targets and, with a baseline, the old page. */
export function comparePages(outcomes: Map<string, PageOutcome[]>): void {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const of = (name: string, f: (o: PageOutcome) => number) => median(outcomes.get(name)!.map(f));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('');
  for (const name of outcomes.keys()) {
    const p95 = of(name, (o) => o.gridP95Ms);
    const rss = of(name, (o) => o.pageRssPeakMB);
    // --memory measures no frames.
    const grid = Number.isNaN(p95)
      ? 'grid frames not measured (--memory)'
      : `grid frame p95 ${p95} ms (target ${FRAME_TARGET}: ${met(atSixtyHz(p95))})`;
    console.log(
      `${name} page, median of ${outcomes.get(name)!.length}: ${grid}; the page's renderer at ` +
        `most ${rss} MB RSS, bare (target < ${RENDERER_MB} MB: ${met(rss < RENDERER_MB)})`,
    );
  }
  if (!outcomes.has('old')) return;
  const ratio = (f: (o: PageOutcome) => number) => (of('new', f) / of('old', f)).toFixed(2);
  console.log(
    `new / old: grid frame p95 ${ratio((o) => o.gridP95Ms)} x, the page's renderer's ` +
      `highest RSS ${ratio((o) => o.pageRssPeakMB)} x`,
  );
}
