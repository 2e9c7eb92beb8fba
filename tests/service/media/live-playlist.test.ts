/**
 * The live playlist of a looped stream (RFC 8216 4.3.3 and 6.2.2): a sliding window, media
 * sequence numbers that advance one per segment, a discontinuity where the loop starts over,
 * a discontinuity sequence that counts the ones gone out of the window, a date on every segment.
 */
import { describe, expect, it } from 'vitest';
import {
  loopPlaylist,
  loopSegmentName,
  loopSegmentSeq,
  type LoopWindow,
} from '../../../src/service/media/live-playlist.ts';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const windowAt = (last: number): LoopWindow => ({
  last,
  size: 6,
  loopLength: 10,
  segmentS: 2,
  programDateMs: (seq) => T0 + seq * 2000,
});

interface Parsed {
  mediaSequence: number;
  discontinuitySequence: number;
  segments: { name: string; date: number; duration: number; discontinuity: boolean }[];
}

/** Reads a media playlist as a client would: tags apply to the next URI. */
function parse(text: string): Parsed {
  const tag = (name: string): number => Number(new RegExp(`^#${name}:(\\d+)$`, 'm').exec(text)![1]);
  const segments: Parsed['segments'] = [];
  let next = { date: NaN, duration: NaN, discontinuity: false };
  for (const line of text.split('\n')) {
    if (line === '#EXT-X-DISCONTINUITY') next.discontinuity = true;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) next.date = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) next.duration = parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) {
      segments.push({ name: line, ...next });
      next = { date: NaN, duration: NaN, discontinuity: false };
    }
  }
  return {
    mediaSequence: tag('EXT-X-MEDIA-SEQUENCE'),
    discontinuitySequence: tag('EXT-X-DISCONTINUITY-SEQUENCE'),
    segments,
  };
}

/** The discontinuity sequence number of each segment (RFC 8216 6.2.2). */
const dsnOf = (p: Parsed): number[] => {
  let dsn = p.discontinuitySequence;
  return p.segments.map((s) => (s.discontinuity ? ++dsn : dsn));
};

describe('the live playlist of a looped stream', () => {
  it('is a live window of the last six two-second segments, each dated', () => {
    const text = loopPlaylist(windowAt(24));
    expect(text).toMatch(/^#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n/);
    expect(text).not.toMatch(/#EXT-X-ENDLIST|#EXT-X-PLAYLIST-TYPE/);
    const p = parse(text);
    expect(p.mediaSequence).toBe(19);
    expect(p.segments.map((s) => s.name)).toEqual(
      [19, 20, 21, 22, 23, 24].map((n) => `seg_0000${n}.ts`),
    );
    expect(p.segments.every((s) => s.duration === 2)).toBe(true);
    expect(p.segments.map((s) => s.date - T0)).toEqual(
      [19, 20, 21, 22, 23, 24].map((n) => n * 2000),
    );
  });

  it('marks a discontinuity where the loop starts over, and only there', () => {
    const p = parse(loopPlaylist(windowAt(24)));
    expect(p.segments.filter((s) => s.discontinuity).map((s) => s.name)).toEqual(['seg_000020.ts']);
  });

  it('gives every segment the same discontinuity sequence number in every playlist it is in', () => {
    const seen = new Map<string, number>();
    for (let last = 1; last <= 45; last++) {
      const p = parse(loopPlaylist(windowAt(last)));
      expect(p.mediaSequence).toBe(Math.max(1, last - 5));
      dsnOf(p).forEach((dsn, i) => {
        const name = p.segments[i]!.name;
        expect(seen.get(name) ?? dsn, `${name} in the playlist up to ${last}`).toBe(dsn);
        seen.set(name, dsn);
      });
    }
    // One discontinuity per loop: segments 10-19 are in the first after the start, 40-45 in the fourth.
    expect(seen.get('seg_000009.ts')).toBe(0);
    expect(seen.get('seg_000010.ts')).toBe(1);
    expect(seen.get('seg_000045.ts')).toBe(4);
  });

  it('starts with the segments there are: none numbered 0', () => {
    const p = parse(loopPlaylist(windowAt(3)));
    expect(p.segments.map((s) => s.name)).toEqual([
      'seg_000001.ts',
      'seg_000002.ts',
      'seg_000003.ts',
    ]);
    expect(p.discontinuitySequence).toBe(0);
  });

  it('names segments as the encoder does and reads back only such names', () => {
    expect(loopSegmentName(7)).toBe('seg_000007.ts');
    expect(loopSegmentSeq('seg_000007.ts')).toBe(7);
    expect(loopSegmentSeq('seg_1234567.ts')).toBe(1234567);
    for (const bad of ['seg_7.ts', 'loop_07.ts', '../seg_000007.ts', 'seg_000007.ts?x=1']) {
      expect(loopSegmentSeq(bad)).toBeUndefined();
    }
  });
});
