/**
 * A download's words kept in SQLite as what they mean (`{ code, params }` as JSON, migration
 * 0640) beside their English: read back for the front ends, which say them in their user's
 * language. A row from before has only its English, shown as it was written.
 */
import { english } from '../../shared/i18n/english.ts';
import type { Said } from '../../shared/i18n/translator.ts';

/** Words as written: English, or what they mean. */
export type DownloadWords = string | Said;

export function englishOf(words: DownloadWords): string {
  return typeof words === 'string' ? words : english.say(words);
}

export function saidText(said: Said): string {
  return JSON.stringify(said);
}

/** What a column holds, or null for a row from before (or text that is not a Said). */
export function saidFrom(text: string | null): Said | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<Said> | null;
    if (typeof value?.code !== 'string' || typeof value.params !== 'object') return null;
    return value as Said;
  } catch {
    return null;
  }
}
