/**
 * The command line's words: the language LANG (or LC_ALL, LC_MESSAGES) asks for when a
 * catalogue exists for it, else English. Only that language's catalogue is loaded.
 */
import { loadTranslator } from '../shared/i18n/catalogues.ts';
import { languageFromEnv } from '../shared/i18n/languages.ts';
import type { Said, Translator } from '../shared/i18n/translator.ts';

type Env = Readonly<Record<string, string | undefined>>;

export function cliWords(env: Env): Promise<Translator> {
  return loadTranslator(languageFromEnv(env));
}

/** An error in the user's words: what the core said as a code and its parameters. */
export function sayError(words: Translator, error: unknown): string {
  const said = (error as { said?: Said } | null)?.said;
  if (said) return words.say(said);
  return error instanceof Error ? error.message : String(error);
}

export async function errorWords(error: unknown, env: Env): Promise<string> {
  return sayError(await cliWords(env), error);
}
