/**
 * The words the app shows, for specs that find elements by them: said in the language the e2e
 * suite runs in, by the app's own catalogue and formatter, so one spec reads the same in every
 * language. `ROADCAM_E2E_LOCALE` picks it (a BCP 47 tag; English by default, `en-XA` for the
 * pseudo-locale: `npm run test:e2e:pseudo`); playwright.config.ts gives the browser the same
 * locale, and the app follows the browser's.
 *
 * Service data (camera names, alert headlines) and the user's own text are not the app's words:
 * a spec finds those as they are.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pickLanguage, type CatalogueLanguage } from '../../src/shared/i18n/languages.ts';
import { pseudoCatalogue } from '../../src/shared/i18n/pseudo.ts';
import {
  Translator,
  type Catalogue,
  type MessageKey,
  type MessageParamsOf,
} from '../../src/shared/i18n/translator.ts';

/** The browser's locale for every spec that does not choose its own. */
export const E2E_LOCALE = process.env['ROADCAM_E2E_LOCALE']?.trim() || 'en-US';

/** The catalogue language the app picks for that locale (as pickLanguage does in the app). */
export const E2E_LANGUAGE: CatalogueLanguage = pickLanguage([E2E_LOCALE]);

function readCatalogue(language: CatalogueLanguage): Catalogue {
  const source = language === 'en-XA' ? 'en' : language;
  const url = new URL(`../../src/shared/i18n/messages/${source}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(url, 'utf8')) as Catalogue;
  return language === 'en-XA' ? pseudoCatalogue(messages) : messages;
}

const translators = new Map<CatalogueLanguage, Translator>();

/** A translator for a language, made once. */
export function translatorFor(language: CatalogueLanguage): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = new Translator(language, readCatalogue(language));
    translators.set(language, translator);
  }
  return translator;
}

/** A message as the app shows it in the suite's language. */
export function say<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
  return translatorFor(E2E_LANGUAGE).t(key, ...params);
}

/** A message as a pattern that finds it inside longer text (a label with a count beside it). */
export function sayWithin<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): RegExp {
  return new RegExp(escapePattern(say(key, ...params)));
}

/** Text as a pattern that matches it as it is. */
export function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where a spec's picture for the docs goes: docs/screenshots when the suite runs in English (the
 * README's pictures are real), beside the test results in any other language.
 */
export function docsScreenshot(name: string): string {
  const dir = E2E_LANGUAGE === 'en' ? 'docs/screenshots' : `test-results/e2e/docs-${E2E_LOCALE}`;
  return resolve(import.meta.dirname, '../..', dir, name);
}

/** The app's views, by their names' keys, in the order of its navigation. */
export const VIEW_KEYS = [
  'view.map',
  'view.route',
  'view.wall',
  'view.downloads',
  'view.collections',
  'view.alerts',
  'view.settings',
] as const;
