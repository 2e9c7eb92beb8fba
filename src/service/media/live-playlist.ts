/**
 * The live media playlist of a looped stream (live-loop.ts), as RFC 8216 asks of a live
 * playlist: a sliding window of the last segments, EXT-X-MEDIA-SEQUENCE counting every segment
 * ever published, a discontinuity where the loop starts over (its timestamps go back), an
 * EXT-X-DISCONTINUITY-SEQUENCE counting the discontinuities that slid out of the window, and a
 * PROGRAM-DATE-TIME on every segment: the one clock a looped picture has.
 */

export interface LoopWindow {
  /** Media sequence number of the newest segment published. */
  last: number;
  /** Segments in the window. */
  size: number;
  /** Segments in the loop: segment `n` plays loop file `n % loopLength`. */
  loopLength: number;
  segmentS: number;
  /** Service time (epoch ms) of the first frame of segment `seq`. */
  programDateMs(seq: number): number;
}

/** The file name of segment `seq`, as the encoder of a camera names its own. */
export function loopSegmentName(seq: number): string {
  return `seg_${String(seq).padStart(6, '0')}.ts`;
}

/** The segment number a file name stands for, or undefined for any other name. */
export function loopSegmentSeq(name: string): number | undefined {
  const m = /^seg_(\d{6,9})\.ts$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** The first segment of the window (never below 1: segment 0 is never published). */
export function firstInWindow(w: Pick<LoopWindow, 'last' | 'size'>): number {
  return Math.max(1, w.last - w.size + 1);
}

export function loopPlaylist(w: LoopWindow): string {
  const first = firstInWindow(w);
  // A discontinuity precedes every segment that starts the loop over (seq % length === 0);
  // the sequence number is how many of them precede the first segment's own.
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(w.segmentS)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor((first - 1) / w.loopLength)}`,
  ];
  for (let seq = first; seq <= w.last; seq++) {
    if (seq % w.loopLength === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(w.programDateMs(seq)).toISOString()}`,
      `#EXTINF:${w.segmentS.toFixed(6)},`,
      loopSegmentName(seq),
    );
  }
  lines.push('');
  return lines.join('\n');
}
