/**
 * The catalogues, each loaded when its language is first used: a build holds every language,
 * and a program reads only the one it speaks (and English, the source, which the core's messages
 * for logs are in: english.ts).
 */
import type { CatalogueLanguage, Language } from './languages.ts';
import { pseudoCatalogue } from './pseudo.ts';
import { Translator, type Catalogue } from './translator.ts';

const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./messages/en.json', { with: { type: 'json' } }),
  es: () => import('./messages/es.json', { with: { type: 'json' } }),
  fr: () => import('./messages/fr.json', { with: { type: 'json' } }),
  de: () => import('./messages/de.json', { with: { type: 'json' } }),
};

const loaded = new Set<Language>();

/** The catalogues this program has loaded so far (English's own import, english.ts, aside). */
export function loadedCatalogues(): ReadonlySet<Language> {
  return loaded;
}

export async function loadCatalogue(language: CatalogueLanguage): Promise<Catalogue> {
  const source = language === 'en-XA' ? 'en' : language;
  loaded.add(source);
  const messages = (await loaders[source]()).default;
  return language === 'en-XA' ? pseudoCatalogue(messages) : messages;
}

export async function loadTranslator(language: CatalogueLanguage): Promise<Translator> {
  return new Translator(language, await loadCatalogue(language));
}
