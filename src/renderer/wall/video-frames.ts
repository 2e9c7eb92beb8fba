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

/** What the buffer readings need of a video element (a stand-in in Node tests). */
export type BufferedVideo = Pick<HTMLVideoElement, 'readyState' | 'currentTime' | 'buffered'>;

/** Seconds of video buffered ahead of the element's playback position. */
export function bufferedAhead(video: BufferedVideo): number {
  const t = video.currentTime;
  const ranges = video.buffered;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= t + 0.1 && t < ranges.end(i)) return ranges.end(i) - t;
  }
  return 0;
}

/** HTMLMediaElement.HAVE_FUTURE_DATA (not defined where there is no DOM). */
const HAVE_FUTURE_DATA = 3;

/** Less video than this ahead of the position is running out (hls.js fetches whole segments). */
export const STARVED_AHEAD_S = 1;

/**
 * Whether the element waits for video it has not got: it cannot play on (a readyState below
 * HAVE_FUTURE_DATA, or its `waiting` event) with less than STARVED_AHEAD_S buffered ahead. With
 * seconds buffered, such a dip is the decoder catching up on a busy page (Chromium reports its
 * underflow so, for a fraction of a second), or a jump that landed on video already there: not
 * Buffering. Should the picture really stop, the picture clock (picture.ts) says so.
 */
export function starved(video: BufferedVideo): boolean {
  return video.readyState < HAVE_FUTURE_DATA && bufferedAhead(video) < STARVED_AHEAD_S;
}
