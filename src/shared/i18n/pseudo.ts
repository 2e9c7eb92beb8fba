/**
 * The pseudo-locale's catalogue, made from the English one: each message's words accented
 * ("Settings" reads "Ŝéţţîñĝš"), bracketed and padded to about 40% longer, its parameters and
 * plural and select structure kept. Text on screen without the brackets did not come from the
 * catalogue; a box that fits English but not the padding would cut German or French.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue, MessageKey } from './translator.ts';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŜŢÛṼŴẊÝŽ';
const ACCENTS = new Map([...PLAIN].map((c, i) => [c, [...ACCENTED][i]!]));

function accent(text: string): string {
  return [...text].map((c) => ACCENTS.get(c) ?? c).join('');
}

function accentAll(elements: MessageFormatElement[]): number {
  let letters = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      letters += element.value.length;
      element.value = accent(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) letters += accentAll(option.value);
    }
    if (element.type === TYPE.tag) letters += accentAll(element.children);
  }
  return letters;
}

/** One message in the pseudo-locale. */
export function pseudoMessage(message: string): string {
  const elements = parse(message);
  const letters = accentAll(elements);
  const padding = '~'.repeat(Math.max(2, Math.ceil(letters * 0.4)));
  return `[${printAST(elements)} ${padding}]`;
}

export function pseudoCatalogue(english: Catalogue): Catalogue {
  const entries = Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]);
  return Object.fromEntries(entries) as Record<MessageKey, string>;
}
