/**
 * The renderer's words in the user's language: `t(key, params)` from the catalogue of the
 * language in force, reactive, so a change in Settings › Language redraws every word without a
 * restart. English is at hand from the start (the source); another language's catalogue loads
 * when it is first chosen.
 */
import { english } from '../../shared/i18n/english.ts';
import { loadTranslator } from '../../shared/i18n/catalogues.ts';
import {
  resolveLanguage,
  TEXT_DIRECTIONS,
  type CatalogueLanguage,
  type LanguageChoice,
} from '../../shared/i18n/languages.ts';
import type {
  MessageKey,
  MessagePart,
  MessageParamsOf,
  Said,
  Translator,
} from '../../shared/i18n/translator.ts';

/** The page's languages, most wanted first: the browser's, which in the desktop app are the system's. */
export function systemLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

class Words {
  #translator = $state.raw<Translator>(english);
  /** The last language asked for: a slower load of an earlier choice does not win over it. */
  #wanted: CatalogueLanguage = 'en';

  get language(): CatalogueLanguage {
    return this.#translator.language;
  }

  /** Speaks `language` from now on (its catalogue loaded first); the page's lang and dir follow. */
  async use(language: CatalogueLanguage): Promise<void> {
    this.#wanted = language;
    const translator = await loadTranslator(language);
    if (this.#wanted !== language) return;
    this.#translator = translator;
    if (typeof document === 'undefined') return;
    document.documentElement.lang = language;
    document.documentElement.dir = TEXT_DIRECTIONS[language];
  }

  /** Speaks what Settings › Language says, on this system. */
  choose(choice: LanguageChoice): Promise<void> {
    return this.use(resolveLanguage(choice, systemLanguages()));
  }

  t<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
    return this.#translator.t(key, ...params);
  }

  say(said: Said): string {
    return this.#translator.say(said);
  }

  /** What was said, its tags apart (RichText.svelte draws them). */
  parts(said: Said): MessagePart[] {
    return this.#translator.parts(said);
  }
}

export const words = new Words();

/** `words.t`, short for templates. */
export function t<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
  return words.t(key, ...params);
}
