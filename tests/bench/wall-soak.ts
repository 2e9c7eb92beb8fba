/**
 * bench:wall's soak mode (`npm run bench:wall -- --minutes N`): one wall of 16 live video tiles
 * (WALL_TILES=25 or 36: 5x5, 6x6) left on for N minutes, sampled every minute: the renderer's
 * CPU over the minute (% of a core), the page's JS heap after a GC, the renderer's
 * and the main process's memory (this process: the core, the host, the embedded service, and
 * what the renderer's build left, so its growth counts, not its size), stalls, dropped frames,
 * and each tile's delay behind the live edge and video buffered ahead. Prints a line a minute
 * and writes a chart (SVG) of memory and delay over time.
 *
 * Chromium runs bare (bare-chromium.ts), not under Playwright, whose instrumentation keeps
 * every response the page loads and would show as the renderer's growth.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { SEGMENT_S } from '../../src/service/media/live-encoder.ts';
import { launchBare, type BareChromium } from './bare-chromium.ts';
import { readTiles } from './wall-page.ts';
import { sleep, waitFor } from '../helpers/wait.ts';

export interface SoakSample {
  minute: number;
  mainMB: number;
  rendererMB: number;
  heapMB: number;
  stalls: number;
  frames: number;
  dropped: number;
  /** Seconds behind the live edge (seekable end): the worst tile, and each. */
  worstDelayS: number;
  delays: number[];
  /** Seconds of video buffered ahead of the position: the least of any tile. */
  leastAheadS: number;
  /** The machine's load average over the last minute: stalls on a shared machine follow it. */
  load: number;
  /** The renderer processes' CPU since the previous sample, % of one core. */
  rendererCpuPct: number;
}

export async function soak(
  url: string,
  tiles: number,
  minutes: number,
  chartPath: string,
): Promise<SoakSample[]> {
  const chromium = await launchBare(url, { width: 2820, height: 1780 });
  const samples: SoakSample[] = [];
  try {
    await untilLive(chromium, tiles);
    const cpu = new CpuMeter(chromium);
    await cpu.since();
    for (let minute = 0; minute <= minutes; minute++) {
      if (minute > 0) await sleep(60_000); // a sample a minute
      samples.push(await sample(minute, chromium, await cpu.since()));
      const s = samples.at(-1)!;
      console.log(
        `minute ${minute}: renderer CPU ${s.rendererCpuPct.toFixed(0)}% of a core, ` +
          `bench process ${s.mainMB} MB, renderer ${s.rendererMB} MB, page heap ` +
          `${s.heapMB.toFixed(1)} MB, stalls ${s.stalls}, dropped ${s.dropped}/${s.frames}, ` +
          `worst delay ${s.worstDelayS.toFixed(1)} s, least ahead ${s.leastAheadS.toFixed(1)} s, load ${s.load.toFixed(1)}`,
      );
      writeFileSync(chartPath, chart(samples, tiles));
    }
  } finally {
    chromium.close();
  }
  console.log(summary(samples));
  return samples;
}

/** The whole soak against its marks: 0 stalls, < 1% dropped, renderer < 50% of a core. */
function summary(samples: readonly SoakSample[]): string {
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const stalls = last.stalls - first.stalls;
  const frames = grown(samples, 'frames');
  const dropped = grown(samples, 'dropped');
  const cpu = samples.slice(1).map((s) => s.rendererCpuPct);
  const meanCpu = cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length);
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const droppedPct = (100 * dropped) / Math.max(1, frames);
  return (
    `over ${last.minute} min: stalls ${stalls} (target 0: ${mark(stalls === 0)}), dropped ` +
    `${dropped}/${frames} = ${droppedPct.toFixed(3)}% (target < 1%: ${mark(droppedPct < 1)}), ` +
    `renderer CPU ${meanCpu.toFixed(0)}% of a core on average, ${Math.max(0, ...cpu).toFixed(0)}% ` +
    `at most (target < 50%: ${mark(meanCpu < 50)}), renderer memory ${first.rendererMB} → ` +
    `${last.rendererMB} MB`
  );
}

/**
 * A frame counter's growth over the samples. A recreated player's video element counts from 0
 * again, so a counter that went down grew by at least its new value that minute.
 */
function grown(samples: readonly SoakSample[], key: 'frames' | 'dropped'): number {
  let sum = 0;
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1]![key];
    const now = samples[i]![key];
    sum += now >= before ? now - before : now;
  }
  return sum;
}

/** The renderer processes' CPU time between calls, as % of one core. */
class CpuMeter {
  #cpuS = 0;
  #at = performance.now();
  readonly #chromium: BareChromium;
  constructor(chromium: BareChromium) {
    this.#chromium = chromium;
  }

  async since(): Promise<number> {
    const info = await this.#chromium.browser.send<{
      processInfo: { type: string; cpuTime: number }[];
    }>('SystemInfo.getProcessInfo');
    const cpuS = info.processInfo
      .filter((p) => p.type === 'renderer')
      .reduce((sum, p) => sum + p.cpuTime, 0);
    const now = performance.now();
    const pct = (100 * (cpuS - this.#cpuS)) / ((now - this.#at) / 1000);
    this.#cpuS = cpuS;
    this.#at = now;
    return pct;
  }
}

/** Waits (at most 120 s) until every tile plays live video. */
async function untilLive(chromium: BareChromium, tiles: number): Promise<void> {
  let live = 0;
  const allLive = async () => {
    live = await chromium.page.evaluate(
      () => document.querySelectorAll('[data-kind="video"][data-state="live"]').length,
    );
    return live === tiles;
  };
  const what = () => `all ${tiles} tiles to be live (${live} were)`;
  // A busy machine may not bring every tile up: the soak goes on and its stalls say the rest.
  await waitFor(allLive, { what, timeoutMs: 120_000, everyMs: 500 }).catch((error: unknown) =>
    console.log(`${String(error)}; soaking anyway`),
  );
}

async function sample(
  minute: number,
  chromium: BareChromium,
  rendererCpuPct: number,
): Promise<SoakSample> {
  const tiles = await chromium.page.evaluate(readTiles, false);
  await chromium.page.send('HeapProfiler.collectGarbage');
  const heap = await chromium.page.send<{ usedSize: number }>('Runtime.getHeapUsage');
  return {
    minute,
    mainMB: Math.round(process.memoryUsage().rss / 1024 / 1024),
    rendererMB: await chromium.rendererMB(),
    heapMB: heap.usedSize / 1024 / 1024,
    stalls: tiles.stalls,
    frames: tiles.frames,
    dropped: tiles.dropped,
    worstDelayS: Math.max(0, ...tiles.delays),
    delays: tiles.delays,
    leastAheadS: Math.min(...tiles.aheads),
    load: loadavg()[0]!,
    rendererCpuPct,
  };
}

/** Memory (MB, left axis) and the worst delay (s, right axis) per minute, as an SVG. */
export function chart(samples: readonly SoakSample[], tiles: number): string {
  const W = 720;
  const H = 300;
  const pad = 52;
  const last = Math.max(1, samples.at(-1)?.minute ?? 1);
  const mbMax = Math.max(100, ...samples.map((s) => Math.max(s.mainMB, s.rendererMB))) * 1.1;
  const delayMax = Math.max(3 * SEGMENT_S, ...samples.map((s) => s.worstDelayS)) * 1.1;
  const x = (m: number) => pad + ((W - 2 * pad) * m) / last;
  const y = (v: number, max: number) => H - pad - ((H - 2 * pad) * v) / max;
  const line = (values: number[], max: number, colour: string) =>
    `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${samples
      .map((s, i) => `${x(s.minute).toFixed(1)},${y(values[i]!, max).toFixed(1)}`)
      .join(' ')}"/>`;
  const limit = y(3 * SEGMENT_S, delayMax).toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">
<rect width="${W}" height="${H}" fill="white"/>
<line x1="${pad}" y1="${H - pad}" x2="${W - pad}" y2="${H - pad}" stroke="#888"/>
<line x1="${pad}" y1="${pad}" x2="${pad}" y2="${H - pad}" stroke="#888"/>
<line x1="${pad}" y1="${limit}" x2="${W - pad}" y2="${limit}" stroke="#c60" stroke-dasharray="4 4"/>
${line(
  samples.map((s) => s.mainMB),
  mbMax,
  '#1f6feb',
)}
${line(
  samples.map((s) => s.rendererMB),
  mbMax,
  '#2da44e',
)}
${line(
  samples.map((s) => s.worstDelayS),
  delayMax,
  '#c60',
)}
<text x="${pad}" y="16">${tiles} live tiles for ${last} min. Memory in MB (left): the bench process, blue; the renderer, green.</text>
<text x="${pad}" y="32">The worst tile's delay behind the live edge in s (right), orange; dashed: 3 segments.</text>
<text x="${pad - 6}" y="${pad}" text-anchor="end">${Math.round(mbMax)}</text>
<text x="${pad - 6}" y="${H - pad}" text-anchor="end">0</text>
<text x="${W - pad + 6}" y="${pad}">${delayMax.toFixed(0)} s</text>
<text x="${W - pad}" y="${H - pad + 18}" text-anchor="end">${last} min</text>
</svg>
`;
}
