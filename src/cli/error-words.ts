/**
 * An error in the command line's words: what the core said as a code and its parameters, in the
 * language LANG (or LC_ALL, LC_MESSAGES) asks for when a catalogue exists for it, else English.
 */
import { loadTranslator } from '../shared/i18n/catalogues.ts';
import { languageFromEnv } from '../shared/i18n/languages.ts';
import type { Said } from '../shared/i18n/translator.ts';

export async function errorWords(
  error: unknown,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const said = (error as { said?: Said } | null)?.said;
  if (!said) return error instanceof Error ? error.message : String(error);
  return (await loadTranslator(languageFromEnv(env))).say(said);
}
