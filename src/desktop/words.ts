/**
 * The desktop shell's words (its menu, tray, notifications and dialogs) in the user's language:
 * the one Settings › Language chose, or the first of the system's languages with a catalogue.
 * A change of language reaches every listener (the menu and the tray rebuild themselves); a
 * notification or dialog reads `words()` when it is shown, so the next one speaks the new one.
 */
import { loadTranslator } from '../shared/i18n/catalogues.ts';
import { english } from '../shared/i18n/english.ts';
import {
  resolveLanguage,
  type CatalogueLanguage,
  type LanguageChoice,
} from '../shared/i18n/languages.ts';
import type { Translator } from '../shared/i18n/translator.ts';

export class ShellWords {
  #translator: Translator = english;
  #wanted: CatalogueLanguage = 'en';
  readonly #listeners = new Set<() => void>();

  /** The words in force: English until the first language has loaded. */
  words(): Translator {
    return this.#translator;
  }

  /** Speaks the language `choice` gives on a system preferring `system`, then tells listeners. */
  async choose(choice: LanguageChoice, system: readonly string[]): Promise<void> {
    const language = resolveLanguage(choice, system);
    this.#wanted = language;
    if (this.#translator.language === language) return;
    const translator = await loadTranslator(language);
    // A slower load of an earlier choice does not win over a later one.
    if (this.#wanted !== language) return;
    this.#translator = translator;
    for (const listener of this.#listeners) listener();
  }

  /** Runs `listener` after each change of language; returns its removal. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
