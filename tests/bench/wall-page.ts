/**
 * What bench:wall reads off the wall page, in one function run inside the page (by Playwright or
 * by bare-chromium.ts: it uses nothing from outside itself). The first call starts counting
 * stalls (tile state changes to buffering, stalled or reconnecting); with `requests`, also the
 * timing of media requests (kept by the page, so long runs leave it off).
 */
export interface TileReading {
  frames: number;
  dropped: number;
  stalls: number;
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

export function readTiles(requests: boolean): TileReading {
  const w = window as unknown as { benchStalls?: number; benchObserver?: MutationObserver };
  if (!w.benchObserver) {
    w.benchStalls = 0;
    if (requests) {
      performance.setResourceTimingBufferSize(100_000);
      performance.clearResourceTimings();
    }
    w.benchObserver = new MutationObserver((records) => {
      for (const r of records) {
        const state = (r.target as HTMLElement).dataset['state'];
        if (state === 'buffering' || state === 'stalled' || state === 'reconnecting') {
          w.benchStalls! += 1;
        }
      }
    });
    w.benchObserver.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  }
  const reading: TileReading = {
    frames: 0,
    dropped: 0,
    stalls: w.benchStalls!,
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
