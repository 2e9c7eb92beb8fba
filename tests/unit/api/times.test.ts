/**
 * Times of any form a service may send read as one: ISO 8601 UTC with 'Z' (src/engine/api/times.ts),
 * whatever the machine's time zone (no form is read in local time).
 */
import { describe, expect, it } from 'vitest';
import { normaliseTime } from '../../../src/engine/api/times.ts';

describe('a time of the service, normalised', () => {
  it.each([
    ['2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z'],
    ['2026-11-21T12:00:00+00:00', '2026-11-21T12:00:00Z'],
    ['2026-11-21T07:00:00-05:00', '2026-11-21T12:00:00Z'],
    ['2026-11-22T01:45:00+13:45', '2026-11-21T12:00:00Z'],
    ['2026-11-21T12:00:00.123456789Z', '2026-11-21T12:00:00.123Z'],
    ['2026-11-21T12:00:00.5+00:00', '2026-11-21T12:00:00.500Z'],
    ['2026-11-21T12:00:00', '2026-11-21T12:00:00Z'],
    ['2026-11-21 12:00:00Z', '2026-11-21T12:00:00Z'],
    ['2026-11-21T12:00Z', '2026-11-21T12:00:00Z'],
    ['2026-11-21', '2026-11-21T00:00:00Z'],
    ['20261121T120000Z', '2026-11-21T12:00:00Z'],
    ['20261121T1200Z', '2026-11-21T12:00:00Z'],
    ['Sat, 21 Nov 2026 12:00:00 GMT', '2026-11-21T12:00:00Z'],
    [1795262400, '2026-11-21T12:00:00Z'],
    [1795262400000, '2026-11-21T12:00:00Z'],
    ['1795262400', '2026-11-21T12:00:00Z'],
  ])('%s -> %s', (given, expected) => {
    expect(normaliseTime(given)).toBe(expected);
  });

  it.each([
    ['yesterday'],
    [''],
    ['2026-13-45T99:99:99Z'],
    ['2026-11-31T00:00:00Z'],
    [null],
    [{}],
    [NaN],
  ])('%s is no time: null, never "Invalid Date"', (given) => {
    expect(normaliseTime(given)).toBeNull();
  });
});
