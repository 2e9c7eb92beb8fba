import { describe, expect, it } from 'vitest';
import { takenAt } from '../../../../src/renderer/wall/still.ts';
import { ageWords, tileStatus } from '../../../../src/renderer/wall/tile-status.ts';

const now = Date.parse('2026-03-01T10:00:00Z');

describe('what a tile says about its picture', () => {
  it('Live says nothing more, or its delay behind the live edge', () => {
    expect(tileStatus({ kind: 'live', pictureAt: now }, now)).toEqual({
      pill: 'Live',
      headline: null,
    });
    expect(tileStatus({ kind: 'live', behindS: 24 }, now).pill).toBe('Live · 24 s behind');
  });

  it('a picture that does not move says how old it is and why', () => {
    const at = now - 14_000;
    expect(tileStatus({ kind: 'network', pictureAt: at }, now).headline).toBe(
      'Picture 14 s old: waiting for the network',
    );
    expect(tileStatus({ kind: 'reconnecting', pictureAt: now - 40_000 }, now).headline).toBe(
      'Stalled 40 s ago: reconnecting',
    );
    expect(tileStatus({ kind: 'buffering', pictureAt: at }, now)).toEqual({
      pill: 'Buffering',
      headline: 'Picture 14 s old: buffering',
    });
    expect(tileStatus({ kind: 'stale', pictureAt: now - 7 * 60_000 }, now)).toEqual({
      pill: 'Stale',
      headline: 'Picture 7 min old: no newer image',
    });
  });

  it('a picture that changes now and then, slower than it plays, is not keeping up', () => {
    expect(tileStatus({ kind: 'buffering', pictureAt: now - 400 }, now).headline).toBe(
      'Video not keeping up: buffering',
    );
    expect(tileStatus({ kind: 'network', pictureAt: now - 2500 }, now).headline).toBe(
      'Picture 3 s old: waiting for the network',
    );
  });

  it('with no picture shown yet there is no age to tell', () => {
    expect(tileStatus({ kind: 'starting' }, now)).toEqual({ pill: 'Starting', headline: null });
    expect(
      tileStatus({ kind: 'offline', reason: { verbatim: 'Camera X is offline.' } }, now).headline,
    ).toBe(null);
  });

  it('ages read at a glance', () => {
    expect([0, 14_400, 89_000, 95_000, 3_600_000, 7_500_000].map(ageWords)).toEqual([
      '0 s',
      '14 s',
      '89 s',
      '2 min',
      '60 min',
      '2 h 5 min',
    ]);
  });
});

describe("a still image's capture time", () => {
  it('is the Last-Modified of its answer, never later than its fetch', () => {
    const fetched = Date.parse('2026-03-01T10:00:30Z');
    expect(takenAt('Sun, 01 Mar 2026 09:59:00 GMT', fetched)).toBe(fetched - 90_000);
    expect(takenAt('Sun, 01 Mar 2026 10:05:00 GMT', fetched)).toBe(fetched);
    expect(takenAt(null, fetched)).toBeNull();
    expect(takenAt('yesterday-ish', fetched)).toBeNull();
  });
});
