/**
 * bench:map's hold on the app: the user's panning and zooming, and what
 * the page holds (JS heap per heap after a GC, the renderer's and the host's resident memory,
 * DOM nodes and what is drawn).
 */
import type { Browser, Page } from 'playwright-core';
import { rssMB } from './bare-chromium.ts';

/**
 * Drags and wheel-zooms over the map for `seconds`, as a user browsing would; `between` runs
 * after each drag (the replay keeper restarts a replay that reached its last mark).
 */
export async function browse(page: Page, seconds: number, between: () => Promise<void>) {
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
    await between();
    await page.waitForTimeout(250);
  }
}

const mb = (bytes = 0) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * JS heap in use after a GC, in MB per heap: the page's and each of its workers' (tiles and the
 * base map are decoded and drawn in workers, whose heaps the page's own figure would leave out).
 */
export async function heapUsed(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
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

/** Resident memory of the browser's renderer processes (the page and its workers), in MB. */
export async function rendererMB(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await cdp.detach();
  return info.processInfo
    .filter((p) => p.type === 'renderer')
    .reduce((sum, p) => sum + rssMB(p.id), 0);
}

export interface Drawn {
  domNodes: number;
  /** Leaflet markers (DOM elements: camera pins at high zoom, recording pins). */
  markers: number;
  /** SVG paths (alert polygons, the replay's alerts). */
  paths: number;
  canvases: number;
  /** Cameras the header counts in view (the camera tiles' points). */
  cameras: number;
  /** Replay dots drawn in the last frame of the replay's canvas (when it says). */
  replayDots: number;
}

export function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const count = (selector: string) => document.querySelectorAll(selector).length;
    const number = (selector: string, attribute: string) =>
      Number(document.querySelector(selector)?.getAttribute(attribute) ?? 0);
    return {
      domNodes: document.getElementsByTagName('*').length,
      markers: count('.leaflet-marker-icon'),
      paths: count('.leaflet-container path'),
      canvases: count('.leaflet-container canvas'),
      cameras: number('[data-testid="cameras-drawn"]', 'data-count'),
      replayDots: number('.leaflet-replay-pane canvas', 'data-dots'),
    };
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The middle value; of an even count, the mean of the two middle ones. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
