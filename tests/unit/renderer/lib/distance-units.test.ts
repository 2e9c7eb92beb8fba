import { expect, test } from 'vitest';
import {
  formatDistance,
  fromKm,
  parseDistance,
  radiusParam,
  roundDistance,
  toKm,
  unitLabel,
  userUnit,
  visibilityRange,
} from '../../../../src/renderer/lib/units.ts';
import { loadTranslator } from '../../../../src/shared/i18n/catalogues.ts';
import { english } from '../../../../src/shared/i18n/english.ts';
import { localeDistanceUnit } from '../../../../src/shared/units.ts';

test('the locale decides the unit when the setting is automatic', () => {
  expect(localeDistanceUnit('en-US')).toBe('mi');
  expect(localeDistanceUnit('en')).toBe('mi'); // a bare language is its likeliest region
  expect(localeDistanceUnit('en-LR')).toBe('mi');
  expect(localeDistanceUnit('my-MM')).toBe('mi');
  expect(localeDistanceUnit('en-GB')).toBe('km');
  expect(localeDistanceUnit('fr-FR')).toBe('km');
  expect(localeDistanceUnit('de')).toBe('km');
  expect(localeDistanceUnit('C')).toBe('km'); // LANG=C is not a locale
  expect(userUnit('km')).toBe('km');
  expect(userUnit('mi')).toBe('mi');
});

test('miles and kilometres convert exactly, without float noise', () => {
  expect(toKm(5, 'mi')).toBe(8.04672);
  expect(fromKm(8.04672, 'mi')).toBe(5);
  expect(toKm(3, 'mi')).toBe(4.828032);
  expect(fromKm(25, 'km')).toBe(25);
  expect(radiusParam(toKm(5, 'mi'), 'mi')).toBe('5mi');
  expect(radiusParam(2.5, 'km')).toBe('2.5km');
  expect(radiusParam(25, 'mi')).toBe('15.5343mi');
});

test('a typed distance is read in the unit shown unless it names its own', () => {
  expect(parseDistance('5', 'mi')).toBe(8.04672);
  expect(parseDistance('5', 'km')).toBe(5);
  expect(parseDistance(' 2.5 km ', 'mi')).toBe(2.5);
  expect(parseDistance('2,5', 'km')).toBe(2.5);
  expect(parseDistance('800m', 'mi')).toBe(0.8);
  expect(parseDistance('3MI', 'km')).toBe(4.828032);
  for (const bad of ['', '0', '-1', 'five', '5 ft', '1e3'])
    expect(parseDistance(bad, 'km')).toBeNull();
});

test('distances are formatted by the locale, in the unit shown', () => {
  expect(formatDistance(25, 'km', 'en-US')).toBe('25 km');
  expect(formatDistance(25, 'mi', 'en-US')).toBe('15.5 mi');
  expect(formatDistance(2.5, 'km', 'de-DE')).toBe('2,5 km');
  expect(formatDistance(1609.344, 'mi', 'en-US')).toBe('1,000 mi');
  expect(unitLabel('mi', 'en-US')).toBe('mi');
  expect(unitLabel('km', 'fr-FR')).toBe('km');
});

test("the spec's visibility classes read in either unit", () => {
  const range = (value: number, unit: 'km' | 'mi') => {
    const said = visibilityRange(value, unit, 'en-US');
    return said && english.say(said);
  };
  expect(range(0.5, 'mi')).toBe('0.7 to 1.5 mi');
  expect(range(0.5, 'km')).toBe('1.1 to 2.4 km');
  expect(range(1, 'km')).toBe('2.4+ km');
  expect(range(0, 'mi')).toBe('0 to 0.3 mi');
  expect(range(-1, 'km')).toBeNull();
});

test('a visibility range reads in the language of its figures, "to" included', async () => {
  const german = await loadTranslator('de');
  expect(german.say(visibilityRange(0.5, 'km', 'de-DE')!)).toBe('1,1 bis 2,4 km');
});

test('a default reads round in the unit shown, and is kept as shown', () => {
  expect(roundDistance(1, 'km')).toBe(1);
  expect(fromKm(roundDistance(1, 'mi'), 'mi')).toBe(0.5);
  expect(roundDistance(1, 'mi')).toBe(toKm(0.5, 'mi'));
  expect(fromKm(roundDistance(25, 'mi'), 'mi')).toBe(20);
  expect(fromKm(roundDistance(0.1, 'mi'), 'mi')).toBe(0.05);
  expect(roundDistance(2.5, 'km')).toBe(2.5);
});
