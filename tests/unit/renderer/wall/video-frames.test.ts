import { describe, expect, it } from 'vitest';
import {
  bufferedAhead,
  starved,
  type BufferedVideo,
} from '../../../../src/renderer/wall/video-frames.ts';

/** A video element's buffer readings: its readyState, position and buffered ranges. */
function video(readyState: number, currentTime: number, ranges: [number, number][]): BufferedVideo {
  return {
    readyState,
    currentTime,
    buffered: {
      length: ranges.length,
      start: (i: number) => ranges[i]![0],
      end: (i: number) => ranges[i]![1],
    } as TimeRanges,
  };
}

const HAVE_CURRENT_DATA = 2;
const HAVE_ENOUGH_DATA = 4;

describe('video frames: whether a tile has run out of video', () => {
  it('reads the video buffered ahead of the position, in the range that holds it', () => {
    expect(bufferedAhead(video(HAVE_ENOUGH_DATA, 10, [[8, 13.5]]))).toBeCloseTo(3.5);
    expect(bufferedAhead(video(HAVE_ENOUGH_DATA, 10, [[10.5, 14]]))).toBe(0);
  });

  it('an element that cannot play on with nothing ahead has run out: Buffering', () => {
    expect(starved(video(HAVE_CURRENT_DATA, 13.5, [[8, 13.5]]))).toBe(true);
    expect(starved(video(HAVE_CURRENT_DATA, 13.2, [[8, 13.5]]))).toBe(true);
    // Stopped at a hole in the buffer: the next range is not under the position.
    expect(
      starved(
        video(HAVE_CURRENT_DATA, 13.5, [
          [8, 13.5],
          [13.7, 16],
        ]),
      ),
    ).toBe(true);
  });

  it('a dip of its readyState with seconds buffered ahead is not running out', () => {
    // The 5 × 5 wall's stalls: tiles flipped to Buffering with 3 s of video in hand, when the
    // decoder fell behind for a moment on a busy page.
    expect(starved(video(HAVE_CURRENT_DATA, 10, [[8, 13]]))).toBe(false);
    expect(starved(video(HAVE_CURRENT_DATA, 10, [[8, 11.5]]))).toBe(false);
  });

  it('an element that can play on is never starved, however little it holds', () => {
    expect(starved(video(HAVE_ENOUGH_DATA, 13.4, [[8, 13.5]]))).toBe(false);
  });
});
