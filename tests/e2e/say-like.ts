/**
 * A catalogue message as a pattern, for text a spec knows only in part: the parameters it cannot
 * know (a count, a time, a size, a path the app chose) are patterns, the rest is the message as
 * the app says it in the suite's language (say.ts).
 *
 *   sayLike('downloads.search.match', { status: 'complete', count: anyCount() })
 *   sayLike('downloads.savedAt', { path: /(\S+)/ }, { whole: true })
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageParams } from '../../src/shared/i18n/params.generated.ts';
import type { MessageKey, MessageParamsOf } from '../../src/shared/i18n/translator.ts';
import { E2E_LANGUAGE, translatorFor } from './say.ts';

/** A count the spec does not know, matched by `pattern` in the plural form of many. */
class AnyCount {
  readonly pattern: RegExp;
  constructor(pattern: RegExp) {
    this.pattern = pattern;
  }
}

/** A count the spec does not know; by default any number as English writes it ("1,024"). */
export function anyCount(pattern: RegExp = /\d[\d,]*/): AnyCount {
  return new AnyCount(pattern);
}

type LikeParams<K extends MessageKey> = {
  [P in keyof MessageParams[K]]: MessageParams[K][P] | RegExp | AnyCount;
};

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The parameters a message chooses its words by ({status, select, ...}): said as they are. */
function choosers(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.select) names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) choosers(option.value, names);
    }
    if (element.type === TYPE.tag) choosers(element.children, names);
  }
  return names;
}

/**
 * The message with each RegExp parameter matched by its pattern (its groups kept, for `exec`),
 * each `anyCount()` by its own, and each other text as it is. A count is said as a stand-in
 * number of three digits (the plural form of many in every catalogue language, written without
 * separators), found again in the message's own words and the numbers the spec gave: the texts
 * (a folder's random name) are marks until the end, so a stand-in never meets them.
 */
export function sayLike<K extends MessageKey>(
  key: K,
  params: LikeParams<K>,
  { whole = false }: { whole?: boolean } = {},
): RegExp {
  const translator = translatorFor(E2E_LANGUAGE);
  const chosenBy = choosers(parse(translator.messages[key]));
  const values: Record<string, unknown> = {};
  const patterns: [mark: string, pattern: string][] = [];
  Object.entries(params as Record<string, unknown>).forEach(([name, value], i) => {
    const count = value instanceof AnyCount;
    if (count || value instanceof RegExp || (typeof value === 'string' && !chosenBy.has(name))) {
      const mark = count ? 987 - i : `\u0001${i}\u0001`;
      values[name] = mark;
      const pattern = count ? value.pattern.source : value instanceof RegExp ? value.source : null;
      patterns.push([String(mark), pattern ?? escaped(value as string)]);
    } else values[name] = value;
  });
  const text = translator.t(key, ...([values] as MessageParamsOf<K>));
  let source = escaped(text);
  for (const [mark, pattern] of patterns) {
    if (text.split(mark).length !== 2) {
      throw new Error(`sayLike: "${mark}" should appear once in ${key}'s "${text}"`);
    }
    source = source.replace(escaped(mark), () => `(?:${pattern})`);
  }
  return new RegExp(whole ? `^${source}$` : source);
}
