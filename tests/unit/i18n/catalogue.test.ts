import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  messageParameters,
  messageParamsSource,
  PARAMS_FILE,
  readCatalogue,
} from '../../../scripts/i18n-types.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { LANGUAGES, PSEUDO, type CatalogueLanguage } from '../../../src/shared/i18n/languages.ts';
import { pseudoMessage } from '../../../src/shared/i18n/pseudo.ts';

const english = readCatalogue('.', 'en');

describe('the catalogue', () => {
  it.each(LANGUAGES)('%s has every key of English, no other, with the same parameters', (lang) => {
    const messages = readCatalogue('.', lang);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(english)) {
      const ours = [...messageParameters(messages[key]!)].sort();
      expect(ours, `${lang} ${key}`).toEqual([...messageParameters(message)].sort());
    }
  });

  it('the generated types are the English catalogue as it is (run node scripts/i18n-types.mjs)', () => {
    expect(readFileSync(PARAMS_FILE, 'utf8')).toBe(messageParamsSource(english));
  });

  it.each<CatalogueLanguage>([...LANGUAGES, PSEUDO])(
    'every %s message formats with its parameters',
    async (lang) => {
      const translator = await loadTranslator(lang);
      const samples = { number: 3, text: 'x', date: 0, choice: 'other' } as const;
      for (const [key, message] of Object.entries(english)) {
        const params = Object.fromEntries(
          [...messageParameters(message)].map(([name, kind]) => [name, samples[kind]]),
        );
        const said = translator.say({ code: key, params } as never);
        expect(said, `${lang} ${key}`).not.toMatch(/[{}]/);
        expect(said.length).toBeGreaterThan(0);
      }
    },
  );
});

describe('plurals and numbers follow the language', () => {
  it('one and many by each language’s rule', async () => {
    const said = async (lang: (typeof LANGUAGES)[number], count: number) =>
      (await loadTranslator(lang)).t('count.cameras', { count });
    expect(await said('en', 1)).toBe('1 camera');
    expect(await said('en', 0)).toBe('0 cameras');
    expect(await said('fr', 0)).toBe('0 caméra'); // French counts zero as one
    expect(await said('de', 2)).toBe('2 Kameras');
    expect(await said('es', 1)).toBe('1 cámara');
  });

  it('a number in a message is written as the language writes it', async () => {
    const params = { operation: 'cameras search', seconds: 1.5 };
    expect((await loadTranslator('de')).t('net.answerTimeout', params)).toContain('1,5 s');
    expect((await loadTranslator('en')).t('net.answerTimeout', params)).toContain('1.5 s');
  });
});

describe('the pseudo-locale', () => {
  it('accents, brackets and lengthens the words, keeping the parameters', () => {
    const pseudo = pseudoMessage('Settings for {name}');
    expect(pseudo).toMatch(/^\[Ŝéţţîñĝš ƒöŕ \{name\} ~+\]$/);
    expect(pseudo.length).toBeGreaterThanOrEqual('Settings for {name}'.length * 1.4);
  });

  it('keeps plural structure, so it formats like English', async () => {
    const translator = await loadTranslator('en-XA');
    expect(translator.t('count.cameras', { count: 2 })).toMatch(/^\[2 çáɱéŕáš ~+\]$/);
    expect(translator.t('view.settings')).toMatch(/^\[Ŝéţţîñĝš ~+\]$/);
  });
});
