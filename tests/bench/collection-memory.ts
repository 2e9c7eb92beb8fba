/**
 * bench:collection's memory phase: the same collection opened in a bare Chromium
 * (bare-chromium.ts), not under Playwright, whose inspector keeps every response the page
 * loads (each frame the lightbox shows would count as the renderer's growth). The grid is
 * scrolled top to bottom and back, then the lightbox stepped frame by frame (each one loaded
 * and decoded before the next), and the renderer's memory read at the start, after the grid,
 * every 50 frames, and after a memory-pressure signal: the page's JS heap after a GC, and the
 * RSS of the page's renderer process alone and of all renderer processes, each split into its
 * own memory (RssAnon), the shared memory it maps (RssShmem: Chromium's decoded images and
 * raster tiles, discardable) and the files it maps (RssFile: the Chromium binary's pages).
 */
import { launchBare, rssMB, type BareChromium, type Cdp } from './bare-chromium.ts';
import { sleep, waitFor } from '../helpers/wait.ts';

export interface Usage {
  rssMB: number;
  anonMB: number;
  shmemMB: number;
  fileMB: number;
}

export interface MemorySample {
  at: string;
  /** Frames shown in the lightbox so far. */
  viewed: number;
  heapMB: number;
  /** The renderer that runs the page, and every renderer process (their sum, and how many). */
  page: Usage;
  all: Usage & { count: number };
}

const SAMPLE_EVERY = 50;

/**
 * Opens `${appUrl}#/collections/${id}` in bare Chromium, keeps it offline if it is not yet,
 * and samples memory while the grid is scrolled and `steps` frames are viewed in the lightbox.
 */
export async function bareMemory(
  appUrl: string,
  id: string,
  frames: number,
  options: { pxPerS: number; steps: number },
): Promise<MemorySample[]> {
  const chromium = await launchBare(`${appUrl}#/collections`, { width: 1360, height: 860 });
  const samples: MemorySample[] = [];
  const take = async (at: string, viewed: number, pid: number) => {
    samples.push(await sample(chromium, at, viewed, pid));
    console.log(`bare Chromium, ${line(samples.at(-1)!)}`);
  };
  try {
    await shows(chromium.page, (s) => !!document.querySelector(s), '[data-testid=collection-card]');
    await take('the list of collections', 0, await pageRenderer(chromium));
    await chromium.page.evaluate((hash) => (location.hash = hash), `#/collections/${id}`);
    await keptOffline(chromium.page, frames);
    await chromium.page.send('Page.reload');
    await shows(
      chromium.page,
      (s) => !!document.querySelector(s),
      'ul.grid [role=img], ul.grid img',
    );
    // A reload may move the page to another renderer process: find it again.
    const pid = await pageRenderer(chromium);
    await take('start', 0, pid);

    const trip = await scrollTrip(chromium.page, options.pxPerS);
    await take(`after the grid (down ${trip.downS} s, up ${trip.upS} s)`, 0, pid);

    await sleep(500); // time for the rows at the top to be drawn again
    await chromium.page.evaluate(() =>
      document.querySelector<HTMLElement>('button[aria-label^="Open "]')!.click(),
    );
    await shows(chromium.page, (s) => !!document.querySelector(s), '[data-testid=lightbox-meta]');
    for (let viewed = 0; viewed < options.steps;) {
      const batch = Math.min(SAMPLE_EVERY, options.steps - viewed);
      const stepped = await chromium.page.evaluate(stepInPage, batch);
      if (stepped.failed > 0) throw new Error(`${stepped.failed} frames did not decode`);
      viewed += batch;
      await take(`lightbox at ${stepped.position}`, viewed, pid);
    }
    await chromium.browser.send('Memory.simulatePressureNotification', { level: 'critical' });
    await sleep(3000); // time for Chromium to act on the signal before the sample
    await take('after a critical memory-pressure signal', options.steps, pid);
  } finally {
    chromium.close();
  }
  return samples;
}

const STEP_MS = 50;

/**
 * Scrolls the grid's view from the top to the end of the collection (pages load on the way)
 * and back to the top, `pxPerS` at most: a step every 50 ms, each a fixed distance, so that a
 * loaded machine takes longer rather than going a shorter way. At most 10 minutes.
 */
async function scrollTrip(page: Cdp, pxPerS: number): Promise<{ downS: number; upS: number }> {
  const deadline = Date.now() + 10 * 60_000;
  const times: number[] = [];
  for (const dir of [1, -1]) {
    const start = Date.now();
    for (;;) {
      const at = await page.evaluate(scrollStep, dir * pxPerS * (STEP_MS / 1000));
      if (dir === 1 ? at.end : at.top) break;
      if (Date.now() > deadline) throw new Error(`the grid's scroll did not finish in 10 min`);
      await sleep(STEP_MS); // the scroll's pace
    }
    times.push(Math.round((Date.now() - start) / 100) / 10);
  }
  return { downS: times[0]!, upS: times[1]! };
}

/** Runs in the page: scrolls the grid's view by `px`; whether it is at the top, or the end. */
export function scrollStep(px: number): { top: boolean; end: boolean } {
  let view = document.querySelector('ul.grid')!.parentElement!;
  while (view !== document.body && getComputedStyle(view).overflowY !== 'auto')
    view = view.parentElement!;
  view.scrollTop += px;
  const done = /All [\d,]+ images shown/.test(document.body.innerText.slice(-2000));
  return {
    top: view.scrollTop <= 0,
    end: done && view.scrollTop + view.clientHeight >= view.scrollHeight - 2,
  };
}

/** Ticks "Keep offline" unless it is ticked, and waits (at most 30 min) until all is kept. */
async function keptOffline(page: Cdp, frames: number): Promise<void> {
  await shows(page, (s) => !!document.querySelector(s), '[data-testid=offline-control] input');
  await page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('[data-testid=offline-control] input')!;
    if (!box.checked) box.click();
  });
  // The page is in English (the browser's default here), its counts formatted as such.
  const all = frames.toLocaleString('en-US');
  const kept = `Kept offline: ${all}/${all}`;
  await shows(
    page,
    (text) => !!document.querySelector('[data-testid=offline-state]')?.textContent?.includes(text),
    kept,
    30 * 60_000,
  );
}

/**
 * Runs in the page: presses ArrowRight on the lightbox `steps` times, each time waiting until
 * the next frame's image is loaded, decoded and painted. The position it ends at, and how many
 * frames failed to decode.
 */
export function stepInPage(steps: number): Promise<{ position: string; failed: number }> {
  const nextFrame = () => new Promise((r) => requestAnimationFrame(r));
  return (async () => {
    const dialog = document.querySelector('dialog.lightbox')!;
    let failed = 0;
    for (let i = 0; i < steps; i++) {
      // The frame shown: a canvas named after its image (DecodedImage), or an older build's img.
      const shown = () => dialog.querySelector<HTMLElement>('figure [role=img], figure img');
      const nameOf = (el: HTMLElement | null) =>
        el && (el instanceof HTMLImageElement ? el.src : el.getAttribute('aria-label'));
      const before = nameOf(shown());
      const key = { key: 'ArrowRight', bubbles: true, cancelable: true };
      dialog.dispatchEvent(new KeyboardEvent('keydown', key));
      const deadline = performance.now() + 10_000;
      const drawn = (el: HTMLElement | null) =>
        el instanceof HTMLImageElement ? true : el?.dataset['loaded'] !== undefined;
      let frame = shown();
      while ((nameOf(frame) === before || !drawn(frame)) && performance.now() < deadline) {
        await nextFrame();
        frame = shown();
      }
      if (!frame || nameOf(frame) === before) {
        throw new Error(`ArrowRight showed no new frame (${i})`);
      }
      if (frame instanceof HTMLImageElement) await frame.decode().catch(() => failed++);
      else if (!drawn(frame)) failed++;
      await nextFrame();
    }
    return { position: dialog.querySelector('.position')?.textContent ?? '', failed };
  })();
}

/**
 * Which renderer process runs the page: the one whose own memory grows when the page fills
 * 64 MB (there are others: Chromium's own UI and a spare renderer). The page drops it after.
 */
async function pageRenderer(chromium: BareChromium): Promise<number> {
  const pids = await rendererPids(chromium);
  const before = pids.map((pid) => rssMB(pid, 'RssAnon'));
  await chromium.page.evaluate(() => {
    (globalThis as { probe?: Uint8Array }).probe = new Uint8Array(64 << 20).fill(1);
  });
  const grown = pids.map((pid, i) => rssMB(pid, 'RssAnon') - before[i]!);
  await chromium.page.evaluate(() => delete (globalThis as { probe?: Uint8Array }).probe);
  await chromium.page.send('HeapProfiler.collectGarbage');
  const most = Math.max(...grown);
  if (most < 48) {
    throw new Error(
      `no renderer process grew by 64 MB when the page filled 64 MB (${grown.join(', ')} MB): ` +
        'the page runs in a process this bench cannot see; its figures would be wrong',
    );
  }
  return pids[grown.indexOf(most)]!;
}

async function rendererPids(chromium: BareChromium): Promise<number[]> {
  const info = await chromium.browser.send<{ processInfo: { type: string; id: number }[] }>(
    'SystemInfo.getProcessInfo',
  );
  return info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}

async function sample(
  chromium: BareChromium,
  at: string,
  viewed: number,
  pid: number,
): Promise<MemorySample> {
  await chromium.page.send('HeapProfiler.collectGarbage');
  const heap = await chromium.page.send<{ usedSize: number }>('Runtime.getHeapUsage');
  const pids = await rendererPids(chromium);
  if (!pids.includes(pid)) throw new Error(`the page's renderer (process ${pid}) is gone`);
  const each = pids.map(usage);
  const all = each.reduce(
    (sum, u) => ({
      rssMB: sum.rssMB + u.rssMB,
      anonMB: sum.anonMB + u.anonMB,
      shmemMB: sum.shmemMB + u.shmemMB,
      fileMB: sum.fileMB + u.fileMB,
    }),
    { rssMB: 0, anonMB: 0, shmemMB: 0, fileMB: 0 },
  );
  const heapMB = Math.round((heap.usedSize / 1024 / 1024) * 10) / 10;
  return {
    at,
    viewed,
    heapMB,
    page: each[pids.indexOf(pid)]!,
    all: { ...all, count: pids.length },
  };
}

function usage(pid: number): Usage {
  return {
    rssMB: rssMB(pid),
    anonMB: rssMB(pid, 'RssAnon'),
    shmemMB: rssMB(pid, 'RssShmem'),
    fileMB: rssMB(pid, 'RssFile'),
  };
}

/** Waits until `test(arg)` holds in the page, looked at every 250 ms (a reload may be under way). */
async function shows<A>(
  page: Cdp,
  test: (arg: A) => boolean,
  arg: A,
  timeoutMs = 60_000,
): Promise<void> {
  let last = '';
  const holds = async () => {
    try {
      return await page.evaluate(test, arg);
    } catch (error) {
      last = ` (last: ${(error as Error).message})`;
      return false;
    }
  };
  const what = () => `the page to show ${JSON.stringify(arg)}${last}`;
  await waitFor(holds, { what, timeoutMs, everyMs: 250 });
}

const mb = (u: Usage) =>
  `RSS ${u.rssMB} MB (own ${u.anonMB}, shared ${u.shmemMB}, files ${u.fileMB})`;

function line(s: MemorySample): string {
  return `${s.at}: heap ${s.heapMB} MB; page's renderer ${mb(s.page)}; all ${s.all.count} renderers ${mb(s.all)}`;
}

/**
 * The samples as a Markdown table, and the lightbox's growth: per frame viewed from before it
 * opened up to the page renderer's highest RSS, then what changed from there to the last frame
 * (a cache with a ceiling grows and then stays; a leak keeps growing).
 */
export function memoryReport(samples: readonly MemorySample[]): string {
  const rows = samples.map(
    (s) =>
      `| ${s.at} | ${s.heapMB} | ${s.page.rssMB} / ${s.page.anonMB} / ${s.page.shmemMB} | ` +
      `${s.all.rssMB} / ${s.all.anonMB} / ${s.all.shmemMB} (${s.all.count}) |`,
  );
  const table = [
    '| Bare Chromium | Heap MB | Page renderer RSS / own / shared MB | All renderers (count) |',
    '| --- | --- | --- | --- |',
    ...rows,
  ];
  const lightbox = samples.filter((s) => s.at.startsWith('lightbox'));
  const before = samples[samples.indexOf(lightbox[0]!) - 1];
  if (!before || lightbox.length === 0) return table.join('\n');
  const peak = lightbox.reduce((a, b) => (b.page.rssMB > a.page.rssMB ? b : a));
  const last = lightbox.at(-1)!;
  const rate = (f: (u: Usage) => number) =>
    ((f(peak.page) - f(before.page)) / peak.viewed).toFixed(2);
  return [
    ...table,
    '',
    `Lightbox: the page's renderer grew ${rate((u) => u.rssMB)} MB a frame (own ` +
      `${rate((u) => u.anonMB)}, shared ${rate((u) => u.shmemMB)}) up to ${peak.viewed} frames ` +
      `(RSS ${peak.page.rssMB} MB), then ${last.page.rssMB - peak.page.rssMB} MB more by ` +
      `${last.viewed} frames; page heap ${before.heapMB} MB before, ${last.heapMB} MB after`,
  ].join('\n');
}
