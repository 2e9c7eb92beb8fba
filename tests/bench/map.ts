/**
 * `npm run bench:map`: the Map view's dense camera layer (the service's camera vector tiles, one
 * canvas per tile) on a world of 100,000 cameras (national scale, issue 20), in headless
 * Chromium through Playwright.
 * (Client-side clustering with supercluster, which this bench once compared, lost on every
 * figure and left the app; its figures stay in the benchmark history under docs/.)
 *
 * Figures: time to first cameras drawn (navigation start to the performance mark the
 * layer sets), frame time p95 while panning and zooming (and the share of frames over 25 ms),
 * JS heap after the panning (after a GC; the page's and its workers').
 * `BENCH_MAP_SECONDS` sets the panning time (default 120); `BENCH_MAP_CAMERAS` the world size.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startService } from '../../src/service/index.ts';

const root = resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_MAP_SECONDS ?? 120);
const CAMERAS = Number(process.env.BENCH_MAP_CAMERAS ?? 100_000);

interface Figures {
  firstDrawMs: number;
  frameP95Ms: number;
  frameP50Ms: number;
  frames: number;
  /** Share of frames over 25 ms (the p95 target): those that missed at least one refresh. */
  longFrames: number;
  heapMB: number;
  /** The same, per heap: the page's first, then each worker's (URL: MB). */
  heapParts: Record<string, number>;
}

async function startHost(serviceUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-bench-map-'));
  const child = spawn(
    process.execPath,
    [
      join(root, 'scripts/web.mjs'),
      ...['--port', '0', '--data-dir', dataDir, '--base-url', serviceUrl, '--client-id', 'demo'],
    ],
    { cwd: root, env: { ...process.env, ROADCAM_CLIENT_SECRET: 'demo-secret' } },
  );
  let output = '';
  const url = await new Promise<string>((ok, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Roadcam at (\S+)$/m.exec(output);
      if (match) ok(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`browser mode exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Drags and wheel-zooms over the map for `seconds`, as a user browsing would. */
async function browse(page: Page, seconds: number) {
  const box = (await page.getByRole('application', { name: 'Map' }).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const moves: [number, number][] = [
    [260, 0],
    [0, 180],
    [-260, 0],
    [0, -180],
    [180, 120],
    [-180, -120],
  ];
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const [dx, dy] = moves[i % moves.length]!;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 12 });
    await page.mouse.up();
    if (i % 4 === 3) {
      // In two steps and back out: zoom 4 -> 6 -> 4 around the centre.
      const dir = Math.floor(i / 4) % 2 === 0 ? -1 : 1;
      await page.mouse.wheel(0, dir * 200);
      await page.waitForTimeout(400);
      await page.mouse.wheel(0, dir * 200);
    }
    await page.waitForTimeout(250);
  }
}

/**
 * JS heap in use after a GC, in MB per heap: the page's and each of its workers' (tiles and the
 * base map are decoded and drawn in workers, whose heaps the page's own figure would leave out).
 */
async function heapUsed(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const mb = (bytes = 0) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  const used: Record<string, number> = {
    page: mb(((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize),
  };
  // Workers are reached through their own sessions, messages wrapped by the page's session.
  const workers: { sessionId: string; url: string }[] = [];
  const replies = new Map<number, (result: { usedSize?: number }) => void>();
  cdp.on(
    'Target.attachedToTarget',
    (e: { sessionId: string; targetInfo: { type: string; url: string } }) => {
      if (e.targetInfo.type === 'worker')
        workers.push({ sessionId: e.sessionId, url: e.targetInfo.url });
    },
  );
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const reply = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number } };
    if (reply.id !== undefined) replies.get(reply.id)?.(reply.result ?? {});
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  let id = 0;
  const call = (sessionId: string, method: string) =>
    new Promise<{ usedSize?: number }>((resolve) => {
      const n = ++id;
      replies.set(n, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: n, method }),
      });
    });
  for (const [i, { sessionId, url }] of workers.entries()) {
    await call(sessionId, 'HeapProfiler.collectGarbage');
    const name = `${i + 1}:${url.split('/').pop() ?? url}`;
    used[name] = mb((await call(sessionId, 'Runtime.getHeapUsage')).usedSize);
  }
  await cdp.detach();
  return used;
}

async function heapFigures(page: Page): Promise<Pick<Figures, 'heapMB' | 'heapParts'>> {
  const heapParts = await heapUsed(page);
  return { heapMB: Object.values(heapParts).reduce((a, b) => a + b, 0), heapParts };
}

async function measure(serviceUrl: string): Promise<Figures> {
  const host = await startHost(serviceUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
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
    await browse(page, SECONDS);
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: number[] }).__frames,
    );
    return {
      firstDrawMs,
      frameP95Ms: percentile(frames, 95),
      frameP50Ms: percentile(frames, 50),
      frames: frames.length,
      longFrames: frames.filter((f) => f > 25).length / frames.length,
      ...(await heapFigures(page)),
    };
  } finally {
    await browser.close();
    await host.stop();
  }
}

const serviceDir = mkdtempSync(join(tmpdir(), 'roadcam-bench-map-service-'));
const started = Date.now();
const service = await startService({ dataDir: serviceDir, cameras: CAMERAS, hours: 1 });
console.log(`service with ${CAMERAS.toLocaleString()} cameras ready in ${Date.now() - started} ms`);
let r: Figures;
try {
  r = await measure(service.url);
  console.log(JSON.stringify(r));
} finally {
  await service.close();
  rmSync(serviceDir, { recursive: true, force: true });
}

console.log(`\n${CAMERAS.toLocaleString()} cameras, ${SECONDS} s of panning and zooming\n`);
console.log(
  '| First cameras drawn | Frame p95 (p50) | Frames > 25 ms | JS heap after panning (page + workers) |',
);
console.log('| --- | --- | --- | --- |');
console.log(
  `| ${Math.round(r.firstDrawMs)} ms | ${r.frameP95Ms.toFixed(1)} ms (${r.frameP50Ms.toFixed(1)} ms, ${r.frames} frames) | ${(r.longFrames * 100).toFixed(1)}% | ${r.heapMB.toFixed(0)} MB |`,
);
