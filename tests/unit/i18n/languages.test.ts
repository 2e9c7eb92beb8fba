import { describe, expect, it } from 'vitest';
import { english } from '../../../src/shared/i18n/english.ts';
import {
  languageFromEnv,
  pickLanguage,
  resolveLanguage,
} from '../../../src/shared/i18n/languages.ts';

describe('which language a person gets', () => {
  it('the first of the system’s languages that has a catalogue, else English', () => {
    expect(pickLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(pickLanguage(['pt-BR', 'fr-CA', 'de'])).toBe('fr');
    expect(pickLanguage(['ja', 'pt'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(['en-XA'])).toBe('en-XA');
  });

  it('the command line reads LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(languageFromEnv({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(languageFromEnv({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'es_ES.UTF-8' })).toBe('es');
    expect(languageFromEnv({ LANG: 'de_DE', LC_MESSAGES: 'es_ES', LC_ALL: 'fr_FR@euro' })).toBe(
      'fr',
    );
    expect(languageFromEnv({ LANG: 'C.UTF-8' })).toBe('en');
    expect(languageFromEnv({ LANG: 'ja_JP.UTF-8' })).toBe('en');
    expect(languageFromEnv({ LC_ALL: '', LANG: 'es_MX.UTF-8' })).toBe('es');
    expect(languageFromEnv({})).toBe('en');
  });

  it('a choice in Settings wins over the system', () => {
    expect(resolveLanguage('system', ['es-ES'])).toBe('es');
    expect(resolveLanguage('de', ['es-ES'])).toBe('de');
  });
});

describe('keys and parameters are checked by the type checker', () => {
  it('a wrong key, a missing or a stray parameter does not compile', () => {
    // @ts-expect-error: no such key (at run time, a code from a newer core, it reads as itself)
    expect(english.t('view.nowhere')).toBe('view.nowhere');
    // @ts-expect-error: seconds is missing (at run time, the message reads unformatted)
    expect(english.t('net.answerTimeout', { operation: 'x' })).toContain('{seconds, number}');
    // @ts-expect-error: a message without parameters takes none
    english.t('view.map', { x: 1 });
    expect(english.t('view.map')).toBe('Map');
  });
});
