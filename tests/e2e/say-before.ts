/**
 * The start of a message, for a text whose end the spec cannot know (a token's hours, a time, a
 * path): put CUT in the parameter where the unknown part begins, and the words before it are said
 * in the suite's language (tests/e2e/say.ts), brackets and accents of the pseudo-locale included.
 */
import type { MessageKey, MessageParamsOf } from '../../src/shared/i18n/translator.ts';
import { say } from './say.ts';

/** A parameter's value that marks where the message is cut. */
export const CUT = '\u0000';

/** The message's words before CUT (all of them if no parameter holds it). */
export function sayBefore<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
  return say(key, ...params).split(CUT)[0]!;
}

/** The words before CUT as a pattern that finds them at the start of a text. */
export function sayStartingWith<K extends MessageKey>(
  key: K,
  ...params: MessageParamsOf<K>
): RegExp {
  return new RegExp(`^${escapePattern(sayBefore(key, ...params))}`);
}

/** Text as a pattern that matches it as it is. */
export function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
