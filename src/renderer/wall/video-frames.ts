/**
 * What the video element shows, read off the DOM for picture.ts (which stays plain logic,
 * tested in Node).
 */

/**
 * Calls `onFrame` with each frame the element presents (requestVideoFrameCallback), on the
 * performance clock; returns the cleanup. Where the browser lacks it, a frame is read off the
 * playback position four times a second while the element plays.
 */
export function watchFrames(
  video: HTMLVideoElement,
  onFrame: (now: number, mediaTime: number) => void,
): () => void {
  if (typeof video.requestVideoFrameCallback === 'function') {
    let handle = 0;
    const next = (_now: number, meta: VideoFrameCallbackMetadata) => {
      onFrame(performance.now(), meta.mediaTime);
      handle = video.requestVideoFrameCallback(next);
    };
    handle = video.requestVideoFrameCallback(next);
    return () => video.cancelVideoFrameCallback(handle);
  }
  const timer = setInterval(() => {
    if (!video.paused && !video.seeking && video.readyState >= 3) {
      onFrame(performance.now(), video.currentTime);
    }
  }, 250);
  return () => clearInterval(timer);
}

/** Seconds of video buffered ahead of the element's playback position. */
export function bufferedAhead(video: HTMLVideoElement): number {
  const t = video.currentTime;
  const ranges = video.buffered;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= t + 0.1 && t < ranges.end(i)) return ranges.end(i) - t;
  }
  return 0;
}
