import { describe, expect, it } from 'vitest';
import { formatShortDistance, toKm } from '../../../src/shared/units.ts';

describe('formatShortDistance', () => {
  it('says a few feet or metres off the line to a round figure', () => {
    expect(formatShortDistance(toKm(0.00659, 'mi'), 'mi', 'en-US')).toBe('35 ft');
    expect(formatShortDistance(0.0106, 'km', 'en-US')).toBe('10 m');
    expect(formatShortDistance(0, 'km', 'en-US')).toBe('0 m');
  });

  it('says farther distances in the unit to a tenth', () => {
    expect(formatShortDistance(toKm(0.2349, 'mi'), 'mi', 'en-US')).toBe('0.2 mi');
    expect(formatShortDistance(1.437, 'km', 'en-US')).toBe('1.4 km');
  });

  it('writes the number the way the locale does', () => {
    expect(formatShortDistance(1.437, 'km', 'de-DE')).toBe('1,4 km');
  });
});
