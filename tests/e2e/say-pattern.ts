/**
 * A catalogue message as a pattern, for text a spec knows only in part: the parameters it cannot
 * know (a count, a time, a path the app chose, a camera's name) are holes, the rest is the
 * message as the app says it in the suite's language (say.ts), brackets and accents of the
 * pseudo-locale included, so the words around each hole are still checked.
 *
 *   sayPattern('downloads.search.match', { status: 'complete', count: ANY_NUMBER })
 *   sayPattern('downloads.savedAt', { path: /(\S+)/ }, { anchor: 'whole' })
 *   sayPattern('updates.available', { version: '0.3.0', url: ANY_TEXT }, { before: 'url' })
 *
 * A hole is a RegExp in a parameter's place (its groups kept, for `exec`); a parameter that
 * chooses the words (a select: `status`, `video`) is said as it is. A count left open is said in
 * the plural form of many ("987 cameras"); a spec that also meets the form of one says that form
 * too and joins the two with `eitherOf`.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CatalogueLanguage } from '../../src/shared/i18n/languages.ts';
import type { MessageParams } from '../../src/shared/i18n/params.generated.ts';
import type { MessageKey, MessageParamsOf } from '../../src/shared/i18n/translator.ts';
import { E2E_LANGUAGE, escapePattern, translatorFor } from './say.ts';

/** A hole for words: any text, the shortest that lets the rest of the pattern match. */
export const ANY_TEXT = /.*?/;
/** A hole for a count: a whole number as the app writes it ("7", "1,024"). */
export const ANY_NUMBER = /\d+(?:[,.\u00a0\u202f]\d{3})*/;

/** A parameter's value in a pattern: words and numbers may be holes, a select's choice not. */
type PatternValue<T> = string extends T ? (number extends T ? T | RegExp : T) : T | RegExp;
export type PatternParams<K extends MessageKey> = {
  [P in keyof MessageParams[K]]: PatternValue<MessageParams[K][P]>;
};

export interface PatternOptions<K extends MessageKey> {
  /** What the pattern must cover: the whole text, its start, or any part of it (the default). */
  anchor?: 'whole' | 'start' | 'anywhere';
  /** Only the words before this parameter: the start of a text whose end cannot be known. */
  before?: keyof MessageParams[K];
  /** The language to say it in: the suite's, unless a spec chose its page's language itself. */
  language?: CatalogueLanguage;
}

/** How a message uses its parameters, read from its structure. */
interface Kinds {
  /** Counts and numbers: said with a number, so a plural picks its form. */
  numbers: Set<string>;
  /** Selects: a given value chooses the words, it is never a hole. */
  choosers: Set<string>;
  /** Said whatever form a plural or select chooses: a hole here must be in the text. */
  always: Set<string>;
}

function kindsOf(
  elements: MessageFormatElement[],
  kinds: Kinds = { numbers: new Set(), choosers: new Set(), always: new Set() },
  branched = false,
): Kinds {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) {
      kinds.numbers.add(element.value);
    }
    if (element.type === TYPE.select) kinds.choosers.add(element.value);
    if (!branched && (element.type === TYPE.argument || element.type === TYPE.number)) {
      kinds.always.add(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) kindsOf(option.value, kinds, true);
    }
    if (element.type === TYPE.tag) kindsOf(element.children, kinds, branched);
  }
  return kinds;
}

interface StandIn {
  /** What the message is said with in the parameter's place. */
  standIn: string;
  /** The RegExp source that takes its place in the pattern. */
  pattern: string;
  name: string;
  /** A hole (a RegExp given), rather than a text given as it is. */
  open: boolean;
}

/**
 * The values to say the message with: a stand-in for each hole and each given text (a folder's
 * random name must not be read as a pattern), the rest as given. A count's stand-in is a number
 * of three digits (no message's words hold one; a count of many in every catalogue language,
 * written without separators), a text's a private mark.
 */
function standInsFor(
  params: Record<string, unknown>,
  { numbers, choosers }: Kinds,
): { values: Record<string, unknown>; standIns: StandIn[] } {
  const values: Record<string, unknown> = {};
  const standIns: StandIn[] = [];
  Object.entries(params).forEach(([name, value], i) => {
    const open = value instanceof RegExp;
    if (!open && (typeof value !== 'string' || choosers.has(name))) {
      values[name] = value;
      return;
    }
    const count = numbers.has(name);
    const standIn = count ? String(987 - i) : `\u0001${i}\u0001`;
    values[name] = count ? Number(standIn) : standIn;
    const pattern = open ? value.source : escapePattern(value as string);
    // Counts first: a text's pattern, put in after them, may hold digits of its own.
    standIns[count ? 'unshift' : 'push']({ standIn, pattern, name, open });
  });
  return { values, standIns };
}

/** The message as a pattern: each stand-in, wherever it is, replaced by its own. */
export function sayPattern<K extends MessageKey>(
  key: K,
  params?: PatternParams<K>,
  { anchor = 'anywhere', before, language = E2E_LANGUAGE }: PatternOptions<K> = {},
): RegExp {
  const translator = translatorFor(language);
  const kinds = kindsOf(parse(translator.messages[key]));
  const { values, standIns } = standInsFor((params ?? {}) as Record<string, unknown>, kinds);
  const alwaysSaid = (name: string) => kinds.always.has(name) || kinds.numbers.has(name);
  let text = translator.t(key, ...([values] as MessageParamsOf<K>));
  if (before !== undefined) {
    const cut = standIns.find(({ name }) => name === before)?.standIn;
    if (cut === undefined || !text.includes(cut)) {
      throw new Error(`sayPattern: ${String(before)} is not a hole in ${key}'s "${text}"`);
    }
    text = text.slice(0, text.indexOf(cut));
  }
  let source = escapePattern(text);
  for (const { standIn, pattern, name, open } of standIns) {
    // A hole left out of the text is a mistake (a count the language writes otherwise), unless
    // the form a plural or select chose does not say it ("one {Camera {camera}} other {…}").
    if (open && before === undefined && !source.includes(standIn) && alwaysSaid(name)) {
      throw new Error(`sayPattern: ${name} is not in ${key}'s "${text}"`);
    }
    source = source.replaceAll(standIn, `(?:${pattern})`);
  }
  const [start, end] = { whole: ['^', '$'], start: ['^', ''], anywhere: ['', ''] }[anchor];
  return new RegExp(`${start}${source}${end}`);
}

/** Any of `patterns`: the forms of one message (a count of one, a count of several). */
export function eitherOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}
