import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/shared/format.ts';

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
