import { describe, expect, it } from 'vitest';
import { eta, took } from '../../../../src/renderer/downloads/format.ts';

describe("the Downloads view's times", () => {
  it('says how long a finished batch took, from being added to its end', () => {
    const at = '2026-11-22T10:00:00.000Z';
    const plus = (s: number) => new Date(Date.parse(at) + s * 1000).toISOString();
    expect(took(at, plus(4.4))).toBe('in 4 s');
    expect(took(at, plus(190))).toBe('in 3 min 10 s');
    expect(took(at, plus(2 * 3600 + 5 * 60 + 30))).toBe('in 2 h 5 min');
    // A clock set back between the two must not read "in -3 s".
    expect(took(at, plus(-3))).toBe('in 0 s');
    expect(took('not a time', at)).toBe('');
  });

  it('says how long is left', () => {
    expect(eta(null)).toBe('');
    expect(eta(42)).toBe('42 s left');
    expect(eta(61)).toBe('2 min left');
    expect(eta(3700)).toBe('1 h 2 min left');
  });
});
