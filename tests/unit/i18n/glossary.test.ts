import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../../scripts/i18n-types.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import { LANGUAGES } from '../../../src/shared/i18n/languages.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import { SENSOR_TYPES, SENSOR_VALUES } from '../../../src/shared/sensors.ts';

/** The glossary's rows: each key with its word in English, Spanish, French and German. */
function glossary(): Map<string, string[]> {
  const rows = readFileSync('docs/glossary.md', 'utf8')
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return new Map(rows.map(([key, ...words]) => [key!.replaceAll('`', ''), words]));
}

describe('the road-weather glossary', () => {
  const terms = glossary();

  it('names every sensor and each of its values', () => {
    const keys = SENSOR_TYPES.flatMap((type) => [
      `sensor.${type}`,
      ...SENSOR_VALUES[type].map((v) => v.word),
    ]);
    expect([...terms.keys()].sort()).toEqual([...new Set(keys)].sort());
  });

  it.each(LANGUAGES.map((lang, column) => [lang, column] as const))(
    'the %s catalogue uses its words',
    (lang, column) => {
      const messages = readCatalogue('.', lang);
      for (const [key, words] of terms) expect(messages[key], key).toBe(words[column]);
    },
  );

  it('the sensor tables’ English labels are the catalogue’s words', () => {
    for (const type of SENSOR_TYPES) {
      for (const v of SENSOR_VALUES[type])
        expect(english.say({ code: v.word, params: {} } as Said)).toBe(v.label);
    }
  });
});
