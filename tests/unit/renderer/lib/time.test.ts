import { expect, test } from 'vitest';
import {
  cameraTime,
  clockIn,
  formatTime,
  formatTimeIn,
  zoneAt,
  zoneName,
} from '../../../../src/renderer/lib/time.ts';
import { zoneOf } from '../../../../src/shared/times.ts';

// Every zone is passed explicitly: the results hold wherever the tests run.
const t = Date.parse('2026-01-15T15:42:07Z');
const summer = Date.parse('2026-07-15T15:42:07Z');

test("a time says its zone, in UTC or the user's own", () => {
  expect(formatTimeIn(t, 'UTC', { locale: 'en-US' })).toBe('Jan 15, 03:42 PM UTC');
  expect(formatTimeIn(t, 'America/Los_Angeles', { locale: 'en-US' })).toBe('Jan 15, 07:42 AM PST');
  expect(formatTimeIn(summer, 'America/Los_Angeles', { locale: 'en-US' })).toBe(
    'Jul 15, 08:42 AM PDT',
  );
  expect(formatTimeIn(t, 'Europe/Paris', { locale: 'en-GB' })).toBe('15 Jan, 16:42 CET');
  expect(formatTimeIn(t, 'UTC', { locale: 'en-US', style: 'date' })).toBe('Jan 15, 2026');
});

test('a missing or unreadable time is said in words', () => {
  expect(formatTime(null, 'UTC')).toBe('time unknown');
  expect(formatTime('not a time', 'UTC')).toBe('time unknown');
  expect(formatTimeIn(undefined, 'UTC', { fallback: 'not given' })).toBe('not given');
});

test("the setting picks UTC or the computer's zone", () => {
  expect(zoneOf('utc', 'Europe/Paris')).toBe('UTC');
  expect(zoneOf('local', 'Europe/Paris')).toBe('Europe/Paris');
});

test('clocks and zone names for captions', () => {
  expect(clockIn(t, 'UTC', true, 'en-US')).toBe('15:42:07');
  expect(clockIn(t, 'Asia/Kolkata', false, 'en-US')).toBe('21:12');
  expect(zoneName(t, 'America/Denver')).toBe('MST');
  expect(zoneName(t, 'UTC')).toBe('UTC');
});

test("a camera's own time comes from its position, offline", () => {
  expect(zoneAt(39.7392, -104.9903)).toBe('America/Denver');
  expect(zoneAt(47.6, -122.3)).toBe('America/Los_Angeles');
  expect(zoneAt(48.85, 2.35)).toBe('Europe/Paris');
  expect(zoneAt(Number.NaN, 0)).toBeNull();
  expect(zoneAt(95, 0)).toBeNull();
  expect(cameraTime(t, 39.7392, -104.9903)).toMatch(/^08:42 at the camera \(America\/Denver\)$/);
});
