import { describe, expect, test } from 'vitest';
import {
  isoToZoned,
  periodOf,
  zonedToIso,
} from '../../../../src/renderer/downloads/record-period.ts';

describe('the period typed, in the zone the app shows', () => {
  test('reads a datetime-local value in UTC or in a named zone', () => {
    expect(zonedToIso('2026-11-20T10:00', 'UTC')).toBe('2026-11-20T10:00:00Z');
    expect(zonedToIso('2026-11-20T10:00', 'Europe/Berlin')).toBe('2026-11-20T09:00:00Z');
    expect(zonedToIso('2026-07-20T10:00', 'Europe/Berlin')).toBe('2026-07-20T08:00:00Z');
    expect(zonedToIso('2026-11-20T10:00', 'America/Denver')).toBe('2026-11-20T17:00:00Z');
    expect(zonedToIso('20 Nov', 'UTC')).toBeNull();
  });

  test('round-trips with the inputs, across a clock change', () => {
    for (const iso of ['2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z', '2026-10-25T02:30:00Z']) {
      const local = isoToZoned(Date.parse(iso), 'Europe/Berlin');
      expect(zonedToIso(local, 'Europe/Berlin')).toBe(iso);
    }
  });

  test('says what is wrong with a period', () => {
    expect(periodOf({ mode: 'last', minutes: 15 }, 'UTC')).toEqual({ lastMinutes: 15 });
    expect(periodOf({ mode: 'last', minutes: 0 }, 'UTC')).toMatch(/1 to 1,440/);
    expect(
      periodOf({ mode: 'range', from: '2026-11-20T10:00', to: '2026-11-20T10:30' }, 'UTC'),
    ).toEqual({ start: '2026-11-20T10:00:00Z', stop: '2026-11-20T10:30:00Z' });
    expect(
      periodOf({ mode: 'range', from: '2026-11-20T10:00', to: '2026-11-20T09:30' }, 'UTC'),
    ).toBe('The period must end after it starts.');
    expect(periodOf({ mode: 'range', from: '', to: '2026-11-20T09:30' }, 'UTC')).toMatch(/both/);
  });
});
