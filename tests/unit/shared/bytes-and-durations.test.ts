import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from '../../../src/shared/format.ts';

describe('formatBytes', () => {
  it('reads as people expect, in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(12 * 1024 ** 3)).toBe('12 GB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
  });
});

describe('formatDuration', () => {
  it('says the largest unit and the next one when it is not zero', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(4.4)).toBe('4 s');
    expect(formatDuration(190)).toBe('3 min 10 s');
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(7 * 86_400)).toBe('7 d');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 59)).toBe('2 d 3 h');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
