/**
 * What bench:wall reads off the wall page, in one function run inside the page (by Playwright or
 * by bare-chromium.ts: it uses nothing from outside itself). The first call starts counting
 * stalls (tile state changes to buffering, stalled or reconnecting) and noting each one; with
 * `requests`, also the timing of media requests (kept by the page, so long runs leave it off).
 */
export interface TileReading {
  frames: number;
  dropped: number;
  stalls: number;
  /** Each stall so far (the first STALLS_KEPT), in order: what it was, on which tile and why. */
  stallLog: StallRecord[];
  /** The page's long tasks so far (the first STALLS_KEPT): page time and length, ms. */
  longTasks: { at: number; ms: number }[];
  live: number;
  /** Playback position by camera id. */
  times: Record<string, number>;
  /** Seconds behind the live edge (the end of the seekable range), per tile. */
  delays: number[];
  /** Seconds of video buffered ahead of the position, per tile. */
  aheads: number[];
  /** Media requests: time waiting for a connection and in all, ms; when asked (page time) and what. */
  requests: { wait: number; duration: number; start: number; name: string }[];
}

/** One tile state change counted as a stall. */
export interface StallRecord {
  /** Page time, ms. */
  at: number;
  /** The tile's camera id. */
  tile: string;
  /** buffering, stalled or reconnecting, and the state it left. */
  kind: string;
  from: string;
  /** The tile's reason as drawn (its tooltip on a compact tile), '' when it shows none. */
  reason: string;
  /** Seconds buffered ahead of the position and behind the seekable end, at the change. */
  aheadS: number;
  behindS: number;
  /** The element's readyState at the change, and how long before it last fired `waiting` (ms). */
  readyState: number;
  waitingMsAgo: number | null;
}

export function readTiles(requests: boolean): TileReading {
  // Inside the page: nothing from outside this function (the constant included).
  const STALLS_KEPT = 5000;
  const w = window as unknown as {
    benchStalls?: number;
    benchStallLog?: StallRecord[];
    benchObserver?: MutationObserver;
    benchLongTasks?: { at: number; ms: number }[];
  };
  if (!w.benchObserver) {
    w.benchStalls = 0;
    w.benchStallLog = [];
    // When each element last said it waits for data (the event does not bubble: captured).
    const waiting = new WeakMap<EventTarget, number>();
    document.addEventListener('waiting', (e) => waiting.set(e.target!, performance.now()), true);
    // The main thread's long tasks: a page busy for seconds delays every tile's frame callbacks.
    const longTasks: { at: number; ms: number }[] = [];
    w.benchLongTasks = longTasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (longTasks.length < STALLS_KEPT) longTasks.push({ at: e.startTime, ms: e.duration });
      }
    }).observe({ type: 'longtask' });
    if (requests) {
      performance.setResourceTimingBufferSize(100_000);
      performance.clearResourceTimings();
    }
    w.benchObserver = new MutationObserver((records) => {
      for (const r of records) {
        const tile = r.target as HTMLElement;
        const state = tile.dataset['state'];
        if (state !== 'buffering' && state !== 'stalled' && state !== 'reconnecting') continue;
        w.benchStalls! += 1;
        if (w.benchStallLog!.length >= STALLS_KEPT) continue;
        const shown = tile.querySelector<HTMLElement>('p.reason[role="status"]');
        const video = tile.querySelector('video');
        const now = performance.now();
        const waitedAt = video ? waiting.get(video) : undefined;
        let aheadS = 0;
        let behindS = 0;
        if (video) {
          const t = video.currentTime;
          for (let i = 0; i < video.buffered.length; i++) {
            if (video.buffered.start(i) <= t + 0.1 && t < video.buffered.end(i)) {
              aheadS = video.buffered.end(i) - t;
            }
          }
          const seekable = video.seekable;
          if (seekable.length > 0) behindS = seekable.end(seekable.length - 1) - t;
        }
        w.benchStallLog!.push({
          at: now,
          tile: tile.dataset['cameraId'] ?? '?',
          kind: state,
          from: r.oldValue ?? '',
          reason: (shown?.title || shown?.querySelector('span')?.textContent || '').trim(),
          aheadS: Math.round(aheadS * 10) / 10,
          behindS: Math.round(behindS * 10) / 10,
          readyState: video?.readyState ?? -1,
          waitingMsAgo: waitedAt === undefined ? null : Math.round(now - waitedAt),
        });
      }
    });
    w.benchObserver.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['data-state'],
    });
  }
  const reading: TileReading = {
    frames: 0,
    dropped: 0,
    stalls: w.benchStalls!,
    stallLog: [...w.benchStallLog!],
    longTasks: [...w.benchLongTasks!],
    live: document.querySelectorAll('[data-kind="video"][data-state="live"]').length,
    times: {},
    delays: [],
    aheads: [],
    requests: [],
  };
  for (const tile of document.querySelectorAll<HTMLElement>('[data-kind="video"]')) {
    const video = tile.querySelector('video');
    if (!video) continue;
    const q = video.getVideoPlaybackQuality();
    reading.frames += q.totalVideoFrames;
    reading.dropped += q.droppedVideoFrames;
    reading.times[tile.dataset['cameraId']!] = video.currentTime;
    const seekable = video.seekable;
    if (seekable.length > 0) {
      reading.delays.push(seekable.end(seekable.length - 1) - video.currentTime);
    }
    let ahead = 0;
    for (let i = 0; i < video.buffered.length; i++) {
      const start = video.buffered.start(i);
      const end = video.buffered.end(i);
      if (start <= video.currentTime && video.currentTime <= end) ahead = end - video.currentTime;
    }
    reading.aheads.push(ahead);
  }
  if (requests) {
    reading.requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/media/'))
      .map((e) => ({
        // Time from asking to the request leaving: waiting for one of the 6 connections.
        wait: Math.max(0, e.requestStart - e.startTime),
        duration: e.duration,
        start: e.startTime,
        // The file's name only (no token, no query): a playlist or a segment, and its rendition.
        name: e.name.split('?')[0]!.split('/').pop()!,
      }));
  }
  return reading;
}
