import { describe, expect, it } from 'vitest';
import { readMediaPath } from '../../../../src/engine/media/routes.ts';
import { framePath, nearestTime, rewindRange } from '../../../../src/renderer/wall/frames.ts';
import { cameraTimeZone } from '../../../../src/renderer/wall/timezones.ts';

describe('rewind frames', () => {
  const times = [0, 60_000, 120_000, 180_000];

  it('finds the nearest archived frame, ties going to the earlier one', () => {
    expect(nearestTime(times, -5000)).toBe(0);
    expect(nearestTime(times, 29_000)).toBe(0);
    expect(nearestTime(times, 30_000)).toBe(0);
    expect(nearestTime(times, 31_000)).toBe(60_000);
    expect(nearestTime(times, 179_000)).toBe(180_000);
    expect(nearestTime(times, 10_000_000)).toBe(180_000);
    expect(nearestTime([], 5)).toBeNull();
  });

  it('agrees with a linear scan on random lists', () => {
    for (let round = 0; round < 200; round++) {
      const list = [
        ...new Set(Array.from({ length: 1 + (round % 30) }, () => Math.floor(Math.random() * 1e6))),
      ].sort((a, b) => a - b);
      const t = Math.floor(Math.random() * 1.2e6) - 1e5;
      const best = Math.min(...list.map((x) => Math.abs(x - t)));
      expect(Math.abs(nearestTime(list, t)! - t)).toBe(best);
    }
  });

  it('spans the cameras together, ignoring cameras without frames', () => {
    expect(rewindRange([[5, 9], [], [2, 7]])).toEqual({ min: 2, max: 9 });
    expect(rewindRange([[], []])).toBeNull();
  });

  it('names frames with a path the media route serves', () => {
    const path = framePath('US-CO-000042', Date.parse('2026-11-21T10:20:00Z'));
    expect(path).toBe('cameras/US-CO-000042/images/2026-11-21T10:20:00Z');
    expect(readMediaPath(path)?.cacheKey).toBe('camera-image:US-CO-000042:2026-11-21T10:20:00Z');
  });
});

describe('camera time zones', () => {
  it('follows country and state, with the splits of states across zones', () => {
    expect(cameraTimeZone({ country: 'US', state: 'CO', lon: -105 })).toBe('America/Denver');
    expect(cameraTimeZone({ country: 'US', state: 'NY', lon: -74 })).toBe('America/New_York');
    expect(cameraTimeZone({ country: 'US', state: 'TX', lon: -106.4 })).toBe('America/Denver');
    expect(cameraTimeZone({ country: 'US', state: 'TX', lon: -97 })).toBe('America/Chicago');
    expect(cameraTimeZone({ country: 'US', state: 'TN', lon: -84 })).toBe('America/New_York');
    expect(cameraTimeZone({ country: 'AU', state: 'WA', lon: 115 })).toBe('Australia/Perth');
    expect(cameraTimeZone({ country: 'NO', state: 'Viken', lon: 10 })).toBe('Europe/Oslo');
    expect(cameraTimeZone({ country: 'XX', state: '', lon: 0 })).toBe('UTC');
  });

  it('names only zones this runtime knows', () => {
    const samples = ['US', 'CA', 'GB', 'DE', 'NO', 'AU'].map((country) => ({
      country,
      state: '',
      lon: 0,
    }));
    for (const camera of samples) {
      expect(
        () => new Intl.DateTimeFormat('en', { timeZone: cameraTimeZone(camera) }),
      ).not.toThrow();
    }
  });
});
