/**
 * The one way a form says what is wrong with a field: the contract's own zod schema checks the
 * value (as it is typed, and again before it is sent), and each issue is said in the field's
 * words, built from the limit the schema carries (its minimum, its maximum), so a limit is
 * written once, in the schema. A refusal that still comes back from the engine is mapped to its
 * fields the same way; the schema's own text ("Too small: expected number to be >=2") is never
 * shown.
 */
import type { z } from 'zod';
import { t } from './words.svelte.ts';

/**
 * How one field's rule reads to a person: its phrases, or a wording of every issue (a rule the
 * engine and the command line say too: settings/setting-words.ts).
 */
export type FieldWords = FieldPhrases | ((issue: Issue) => string);

/** A field's phrases for the issues it meets; every phrase says what to type instead. */
export interface FieldPhrases {
  /** A number below the least: (2) => "Refresh at most every 2 seconds: type 2 or more." */
  low?: (min: number) => string;
  /** A number above the most. */
  high?: (max: number) => string;
  /** Not a whole number, or no number at all. */
  whole?: string;
  /** Text left empty where some is needed. */
  empty?: string;
  /** Text of the wrong form (the schema's pattern or check). */
  form?: string;
}

type Issue = z.core.$ZodIssue;

/** The issue in the field's words; a field without words for it still gets a plain sentence. */
export function issueWords(issue: Issue, words: FieldWords = {}): string {
  if (typeof words === 'function') return words(issue);
  if (issue.code === 'too_small' && issue.origin === 'number') {
    const min = Number(issue.minimum);
    return words.low?.(min) ?? t('common.field.low', { min });
  }
  if (issue.code === 'too_big' && issue.origin === 'number') {
    const max = Number(issue.maximum);
    return words.high?.(max) ?? t('common.field.high', { max });
  }
  if (issue.code === 'too_small') return words.empty ?? t('common.field.empty');
  if (issue.code === 'too_big') {
    return t('common.field.tooLong', { max: Number(issue.maximum) });
  }
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) {
    return words.whole ?? t('common.field.whole');
  }
  return words.form ?? t('common.field.form');
}

/** Null when the schema takes the value, else its first issue in words. */
export function checkField(schema: z.ZodType, value: unknown, words?: FieldWords): string | null {
  const checked = schema.safeParse(value);
  return checked.success ? null : issueWords(checked.error.issues[0]!, words);
}

/**
 * Each field of `input` the schema refuses, with why in words: a refusal of the whole form (a
 * contract's input sent back as invalid) checked again here, where the fields are known.
 */
export function refusedFields<K extends string>(
  schema: z.ZodType,
  input: unknown,
  words: Partial<Record<K, FieldWords>>,
): Partial<Record<K, string>> {
  const checked = schema.safeParse(input);
  const found: Partial<Record<K, string>> = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = issue.path[0] as K | undefined;
    if (typeof field === 'string' && found[field] === undefined) {
      found[field] = issueWords(issue, words[field]);
    }
  }
  return found;
}

/**
 * The engine's refusal of input that did not match its contract, as the dispatcher words it
 * (src/engine/ipc/dispatcher.ts); across the desktop app's bridge only the message survives.
 */
const CONTRACT_REFUSAL = /^Invalid input for [\w.]+: /;

/** zod's own words for a refusal ("Too small: expected number to be >=2"): the program's insides. */
const ZOD_WORDS = /^(Invalid|Too (small|big)|Unrecognized|Expected)\b|\bexpected\b/;

/**
 * A message a person may read. A contract's refusal keeps its sentences when the contract says
 * them in words of its own ("Dates look like 2026-11-21.", without the parameter's name); one
 * in zod's words or in a fragment becomes a sentence without its insides.
 */
export function readable(message: string): string {
  const refusal = CONTRACT_REFUSAL.exec(message);
  if (!refusal) return message;
  const issues = message.slice(refusal[0].length).split('; ');
  const words = issues.map((issue) => issue.replace(/^[\w.]+: /, ''));
  return words.every((w) => /^[A-Z].*[.!?]$/.test(w) && !ZOD_WORDS.test(w))
    ? words.join(' ')
    : t('common.field.refused');
}
