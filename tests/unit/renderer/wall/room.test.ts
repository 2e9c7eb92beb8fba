import { describe, expect, it } from 'vitest';
import { sensorBadges } from '../../../../src/renderer/wall/badges.ts';
import { fullResult, fullWords, wallRoom } from '../../../../src/renderer/wall/room.ts';
import { isCompact } from '../../../../src/renderer/wall/tile-size.ts';
import { captionWords } from '../../../../src/renderer/wall/tile-status.ts';

describe('how full a wall is', () => {
  it('a preset is full at its places, and names the layout that shows one more', () => {
    expect(wallRoom('3x3', 8)).toEqual({ used: 8, places: 9, full: false, larger: null });
    expect(wallRoom('3x3', 9)).toEqual({ used: 9, places: 9, full: true, larger: '4x4' });
    // Cameras hidden by a smaller layout count: the larger layout shows them all.
    expect(wallRoom('2x2', 9)).toMatchObject({ full: true, larger: '4x4' });
    expect(wallRoom('1x1', 1)).toMatchObject({ full: true, larger: '2x2' });
    expect(wallRoom('4x4', 16)).toMatchObject({ full: true, larger: '5x5' });
    expect(wallRoom('5x5', 25)).toEqual({ used: 25, places: 25, full: true, larger: '6x6' });
    expect(wallRoom('6x6', 35)).toEqual({ used: 35, places: 36, full: false, larger: null });
    // A full 6 × 6 holds the most a wall holds: only replacing is left.
    expect(wallRoom('6x6', 36)).toMatchObject({ full: true, larger: null });
  });

  it('custom has room up to the most a wall holds, and nothing larger', () => {
    expect(wallRoom('custom', 35)).toEqual({ used: 35, places: 36, full: false, larger: null });
    expect(wallRoom('custom', 36)).toMatchObject({ full: true, larger: null });
  });

  it('says what a full wall leaves to choose', () => {
    expect(fullWords(wallRoom('3x3', 9))).toBe(
      'The wall is full (9 of 9). Make it 4 × 4, or replace a camera?',
    );
    expect(fullWords(wallRoom('4x4', 16))).toBe(
      'The wall is full (16 of 16). Make it 5 × 5, or replace a camera?',
    );
    expect(fullWords(wallRoom('5x5', 25))).toBe(
      'The wall is full (25 of 25). Make it 6 × 6, or replace a camera?',
    );
    expect(fullWords(wallRoom('6x6', 36))).toBe(
      'The wall is full (36 of 36). Replace a camera, or remove one first?',
    );
    expect(fullWords(wallRoom('custom', 36))).toBe(
      'The wall is full (36 of 36). Replace a camera, or remove one first?',
    );
    const full = fullResult('Morning', wallRoom('3x3', 9), 'I-70 at Exit 12');
    expect({ outcome: full.outcome, text: full.notice.text }).toEqual({
      outcome: 'wall-full',
      text: 'The wall “Morning” is full (9 of 9): open it to make it larger or replace a camera with I-70 at Exit 12.',
    });
  });
});

describe("a tile's bars", () => {
  const sensors = {
    cameraId: 'C1',
    time: '2026-03-01T10:00:00Z',
    road_weather: 2,
    visibility: 1,
    precip: 1,
  };

  it('full badges name every reading; compact ones keep the road and what is not normal', () => {
    expect(sensorBadges(sensors, false).map((b) => b.text)).toEqual([
      'Road: Wet',
      'Visibility: Good',
      'Precip: Heavy precipitation',
    ]);
    expect(sensorBadges(sensors, true).map((b) => [b.text, b.full, b.level])).toEqual([
      ['Wet', 'Road: Wet', 'warn'],
      ['Heavy precip.', 'Precip: Heavy precipitation', 'bad'],
    ]);
    const hazy = { ...sensors, visibility: 0.5, precip: 0 };
    expect(sensorBadges(hazy, true).map((b) => b.text)).toEqual(['Wet', 'Vis Hazy']);
    expect(sensorBadges(undefined, true)).toEqual([]);
  });

  it('the capture time, in full or compact, in the camera zone', () => {
    const at = Date.parse('2026-03-01T10:03:00Z');
    const picture = { at, taken: true };
    expect(captionWords(picture, at + 40_000, 'America/Denver', false)).toBe(
      'Taken 03:03:00 MST · 40 s ago',
    );
    expect(captionWords({ at, taken: false }, at + 40_000, 'UTC', false)).toBe(
      'Fetched 10:03:00 UTC · 40 s ago',
    );
    expect(captionWords(picture, at + 40_000, 'America/Denver', true)).toBe('03:03 · 40 s ago');
  });

  it('a tile is compact below 460 × 210 pixels', () => {
    expect(isCompact(580, 300)).toBe(false);
    expect(isCompact(390, 230)).toBe(true);
    expect(isCompact(600, 180)).toBe(true);
  });
});
