import { expect, test } from 'vitest';
import { formatDate, formatDateTime } from '../../../../src/renderer/collections/format.ts';

// 23:30 UTC is already the next day in Paris and still that day in Denver: the zone decides.
const lateEvening = '2026-11-27T23:30:05Z';

test("a collection's dates are the days of the zone shown", () => {
  expect(formatDate(lateEvening, 'UTC')).toMatch(/27/);
  expect(formatDate(lateEvening, 'Europe/Paris')).toMatch(/28/);
  expect(formatDate('not a date', 'UTC')).toBe('date unknown');
});

test("an image's time names its zone", () => {
  expect(formatDateTime(lateEvening, 'UTC')).toMatch(/23:30:05.*UTC|11:30:05 PM UTC/);
  expect(formatDateTime(lateEvening, 'America/Denver')).toMatch(/(16:30:05|04:30:05 PM) MST/);
});
