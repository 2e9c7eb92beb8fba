/**
 * The languages Roadcam speaks, and which one a person gets: the one they chose in Settings, or
 * the first of the system's languages that has a catalogue, or English.
 */

/** Every language with a catalogue; English is the source the others translate. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The pseudo-locale the tests use: English accented, bracketed and 40% longer, made from the
 * English catalogue (pseudo.ts), so text that did not come from the catalogue stands out and
 * boxes too tight for longer languages overflow.
 */
export const PSEUDO = 'en-XA';
export type CatalogueLanguage = Language | typeof PSEUDO;

/** What Settings › Language holds: the system's language, or one chosen. */
export type LanguageChoice = 'system' | Language;
export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['system', ...LANGUAGES];

/** Each language in its own words, as a person looking for their language reads it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

/**
 * Which way each language's text runs, for the page's dir: every language Roadcam speaks runs
 * left to right, and one that runs right to left (Arabic, Hebrew) is said so here when it comes.
 */
export const TEXT_DIRECTIONS: Readonly<Record<CatalogueLanguage, 'ltr' | 'rtl'>> = {
  en: 'ltr',
  es: 'ltr',
  fr: 'ltr',
  de: 'ltr',
  'en-XA': 'ltr',
};

function isLanguage(tag: string): tag is Language {
  return (LANGUAGES as readonly string[]).includes(tag);
}

/** The first of `preferred` (BCP 47 tags, most wanted first) that has a catalogue, else English. */
export function pickLanguage(preferred: readonly string[]): CatalogueLanguage {
  for (const tag of preferred) {
    if (tag.toLowerCase() === PSEUDO.toLowerCase()) return PSEUDO;
    const primary = tag.split(/[-_]/)[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * The command line's language from the environment, by the POSIX order (LC_ALL, then
 * LC_MESSAGES, then LANG): "de_DE.UTF-8" is German; C, POSIX or nothing is English.
 */
export function languageFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): CatalogueLanguage {
  const value = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((v) => v && v.trim() !== '');
  if (!value) return 'en';
  return pickLanguage([value.split(/[.@]/)[0]!]);
}

/** The language a choice in Settings gives on a system that prefers `system`. */
export function resolveLanguage(
  choice: LanguageChoice,
  system: readonly string[],
): CatalogueLanguage {
  return choice === 'system' ? pickLanguage(system) : choice;
}
