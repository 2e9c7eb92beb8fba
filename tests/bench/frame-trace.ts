/**
 * A Chromium trace of a page's frames (CDP Tracing), split frame by frame: how long the page's
 * main thread worked in each (script, style, layout, paint, other) and how long its tasks were
 * off the CPU (the thread ready but no core free), the raster workers' and the compositor's
 * work, the display compositor's (viz), and the rest of the frame: idle or waiting. Used by
 * bench:downloads-view and bench:collection with BENCH_TRACE=1 to say where a long frame goes.
 *
 * Frames are the page's own (its requestAnimationFrame times): the page marks the start with
 * console.timeStamp('frame-trace') and performance.now(), which ties the two clocks together.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

const CATEGORIES = [
  'devtools.timeline',
  'blink',
  'cc',
  'viz',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    categories: CATEGORIES.join(','),
    transferMode: 'ReturnAsStream',
  });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)),
  );
  await cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  // BENCH_TRACE=FILE.json keeps the trace too (chrome://tracing or Perfetto open it).
  const file = process.env['BENCH_TRACE'];
  if (file?.endsWith('.json')) writeFileSync(file, text);
  const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

const KIND: [RegExp, Part][] = [
  [
    /^(FunctionCall|EvaluateScript|FireAnimationFrame|TimerFire|EventDispatch|RunMicrotasks|FireIdleCallback|v8\.|V8\.|MajorGC|MinorGC|GCEvent|BlinkGC)/,
    'script',
  ],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/, 'style'],
  [/^(Layout|LayoutShift)$/, 'layout'],
  [/^(Paint|PrePaint|Layerize|UpdateLayerTree|Commit|CompositeLayers|PaintImage|Decode)/, 'paint'],
];
const MAIN_PARTS = ['script', 'style', 'layout', 'paint', 'other'] as const;
type Part = (typeof MAIN_PARTS)[number];

/** One frame's split, in ms. */
export interface FrameSplit {
  ms: number;
  main: Record<Part, number>;
  /** The main thread's tasks, start to end, minus the CPU they had: waiting for a core. */
  mainOffCpu: number;
  /** The CPU of the raster workers, the page's compositor thread and the display compositor. */
  raster: number;
  compositor: number;
  viz: number;
  /** Layers the main thread repainted, and tiles the raster workers rastered. */
  paints: number;
  tiles: number;
}

/** Where the page's clock stood at the mark, and where its first frame counted starts. */
export interface FrameClock {
  markMs: number;
  startMs: number;
}

/**
 * Splits the frames `frames` (rAF deltas in ms, one after the other from `clock.startMs` on
 * the page's performance.now() clock) using the trace; returns one split per frame.
 */
export function splitFrames(
  events: TraceEvent[],
  clock: FrameClock,
  frames: readonly number[],
): FrameSplit[] {
  const threads = threadNames(events);
  const mark = events.find(
    (e) => e.name === 'TimeStamp' && e.args?.data?.message === 'frame-trace',
  );
  if (!mark) throw new Error('the trace has no frame-trace mark: was it taken around the frames?');
  const pageMain = [...threads].find(
    ([k, n]) => n === 'CrRendererMain' && k.startsWith(`${mark.pid}:`),
  );
  const pid = mark.pid;
  const base = mark.ts - clock.markMs * 1000;
  const bounds: [number, number][] = [];
  let t = clock.startMs;
  for (const f of frames) bounds.push([base + t * 1000, base + (t += f) * 1000]);
  const splits: FrameSplit[] = bounds.map(([a, b]) => ({
    ms: (b - a) / 1000,
    ...{ main: { script: 0, style: 0, layout: 0, paint: 0, other: 0 }, mainOffCpu: 0 },
    ...{ raster: 0, compositor: 0, viz: 0, paints: 0, tiles: 0 },
  }));
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of complete) {
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(e);
  }
  const at = (ts: number) => frameAt(bounds, ts);
  for (const [key, list] of byThread) {
    const name = threads.get(key) ?? '';
    list.sort((x, y) => x.ts - y.ts || y.dur! - x.dur!);
    if (pageMain && key === pageMain[0]) mainThread(list, bounds, splits);
    else {
      const part = key.startsWith(`${pid}:`)
        ? name.startsWith('CompositorTileWorker') || name === 'ThreadPoolForegroundWorker'
          ? 'raster'
          : name === 'Compositor'
            ? 'compositor'
            : null
        : name === 'VizCompositorThread' || name === 'CrGpuMain'
          ? 'viz'
          : null;
      if (!part) continue;
      for (const e of topLevel(list)) {
        // Its CPU, spread over the frames it spans in proportion.
        const share = e.dur ? (e.tdur ?? e.dur) / e.dur : 1;
        spread(bounds, e, (i, ms) => (splits[i]![part] += ms * share));
      }
    }
  }
  for (const e of complete) {
    if (e.pid !== pid || (e.name !== 'Paint' && e.name !== 'RasterTask')) continue;
    const i = at(e.ts);
    if (i >= 0) splits[i]![e.name === 'Paint' ? 'paints' : 'tiles'] += 1;
  }
  return splits;
}

function threadNames(events: TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args!.name!);
  }
  return names;
}

/** Events not inside another on their thread. */
function topLevel(list: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of list) {
    if (e.ts >= end) {
      out.push(e);
      end = e.ts + e.dur!;
    }
  }
  return out;
}

/** The main thread: each event's own CPU time to its kind, each task's time off the CPU. */
function mainThread(list: TraceEvent[], bounds: [number, number][], splits: FrameSplit[]): void {
  const stack: TraceEvent[] = [];
  const kindOf = (e: TraceEvent): Part => KIND.find(([re]) => re.test(e.name))?.[1] ?? 'other';
  // Own CPU: an event's thread time minus its children's, found by walking the nesting.
  const own = new Map<TraceEvent, number>();
  const cpu = (e: TraceEvent) => e.tdur ?? e.dur!;
  for (const e of list) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) own.set(parent, (own.get(parent) ?? cpu(parent)) - cpu(e));
    stack.push(e);
  }
  for (const e of list) {
    // Placed by where the event starts: good enough at the scale of a frame.
    const i = frameAt(bounds, e.ts);
    if (i >= 0) splits[i]!.main[kindOf(e)] += Math.max(0, own.get(e) ?? cpu(e)) / 1000;
  }
  for (const e of topLevel(list)) {
    const i = frameAt(bounds, e.ts);
    if (i >= 0) splits[i]!.mainOffCpu += Math.max(0, e.dur! - cpu(e)) / 1000;
  }
}

function frameAt(bounds: [number, number][], ts: number): number {
  let lo = 0;
  let hi = bounds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ts < bounds[mid]![0]) hi = mid - 1;
    else if (ts >= bounds[mid]![1]) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Adds the part of `e` inside each frame it overlaps. */
function spread(bounds: [number, number][], e: TraceEvent, add: (i: number, ms: number) => void) {
  const end = e.ts + e.dur!;
  for (let i = Math.max(0, frameAt(bounds, e.ts)); i < bounds.length; i++) {
    const [a, b] = bounds[i]!;
    if (a >= end) break;
    const overlap = Math.min(b, end) - Math.max(a, e.ts);
    if (overlap > 0) add(i, overlap / 1000);
  }
}

/** The average split of the frames over `overMs` (the long ones) and of all, as lines. */
export function splitReport(splits: FrameSplit[], overMs = 20): string {
  const line = (label: string, group: FrameSplit[]) => {
    if (group.length === 0) return `${label}: none`;
    const avg = (f: (s: FrameSplit) => number) =>
      group.reduce((n, s) => n + f(s), 0) / group.length;
    const main = MAIN_PARTS.map((p) => `${p} ${avg((s) => s.main[p]).toFixed(1)}`).join(', ');
    const mainCpu = avg((s) => MAIN_PARTS.reduce((n, p) => n + s.main[p], 0));
    const offCpu = avg((s) => s.mainOffCpu);
    const idle = avg((s) => s.ms) - mainCpu - offCpu;
    return (
      `${label} (${group.length}): frame ${avg((s) => s.ms).toFixed(1)} ms = main thread CPU ` +
      `${mainCpu.toFixed(1)} (${main}) + its tasks waiting for a core ${offCpu.toFixed(1)} + ` +
      `no task ${idle.toFixed(1)}; CPU beside it: raster ${avg((s) => s.raster).toFixed(1)}, ` +
      `compositor ${avg((s) => s.compositor).toFixed(1)}, viz ${avg((s) => s.viz).toFixed(1)}; ` +
      `${avg((s) => s.paints).toFixed(1)} layers painted, ${avg((s) => s.tiles).toFixed(1)} tiles rastered`
    );
  };
  // A page scrolled by time (the grid) does more a frame when its frames are longer: a second
  // of scrolling compares runs whose frames differ.
  const seconds = splits.reduce((n, s) => n + s.ms, 0) / 1000;
  const total = (f: (s: FrameSplit) => number) => splits.reduce((n, s) => n + f(s), 0) / seconds;
  const mainCpu = total((s) => MAIN_PARTS.reduce((n, p) => n + s.main[p], 0));
  const beside = total((s) => s.raster + s.compositor + s.viz);
  return [
    line(
      `frames over ${overMs} ms`,
      splits.filter((s) => s.ms > overMs),
    ),
    line('all frames', splits),
    `a second of it: the page's CPU ${(mainCpu + beside).toFixed(0)} ms (main thread ` +
      `${mainCpu.toFixed(0)}, raster, compositor and viz ${beside.toFixed(0)}), ` +
      `${total((s) => s.tiles).toFixed(0)} tiles rastered`,
  ].join('\n');
}
