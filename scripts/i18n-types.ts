/**
 * The catalogue's types, made from the English catalogue (src/shared/i18n/messages/en.json, the
 * source of every key): each key with the names and kinds of its parameters, so that a wrong key
 * or a missing parameter is a type error wherever a message is said. `node
 * scripts/i18n-types.mjs` writes the file (the build runs it);
 * tests/unit/i18n/catalogue.test.ts fails when the file is not what this makes.
 */
import { readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export const CATALOGUE_DIR = 'src/shared/i18n/messages';
export const PARAMS_FILE = 'src/shared/i18n/params.generated.ts';

type Kind = 'number' | 'text' | 'date' | 'choice';

/** Each parameter of one message and what it takes, nested choices included. */
export function messageParameters(message: string): Map<string, Kind> {
  const found = new Map<string, Kind>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.argument)
        found.set(element.value, found.get(element.value) ?? 'text');
      if (element.type === TYPE.number || element.type === TYPE.plural) {
        found.set(element.value, 'number');
      }
      if (element.type === TYPE.date || element.type === TYPE.time)
        found.set(element.value, 'date');
      if (element.type === TYPE.select) found.set(element.value, 'choice');
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return found;
}

const TS_TYPES: Record<Kind, string> = {
  number: 'number',
  text: 'string | number',
  date: 'Date | number',
  choice: 'string',
};

/** The generated module's text for the catalogue `messages` (key to ICU message). */
export function messageParamsSource(messages: Record<string, string>): string {
  const lines = Object.keys(messages)
    .sort()
    .map((key) => {
      const params = [...messageParameters(messages[key]!)].map(
        ([name, kind]) => `${name}: ${TS_TYPES[kind]}`,
      );
      return params.length ? `  '${key}': { ${params.join('; ')} };` : `  '${key}': {};`;
    });
  return [
    '// Made by scripts/i18n-types.mjs from messages/en.json: run it after changing a key or its',
    '// parameters (the build does); do not edit by hand.',
    '/* eslint-disable */',
    'export interface MessageParams {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

export function readCatalogue(root: string, language: string): Record<string, string> {
  return JSON.parse(readFileSync(`${root}/${CATALOGUE_DIR}/${language}.json`, 'utf8')) as Record<
    string,
    string
  >;
}
