/**
 * The pieces every liberal reader of an answer is made of (answers.ts, features.ts):
 * what fails an answer as a whole (not an object, no list where one is needed), each record of
 * a list read on its own, and the search envelope (total, skip, limit, aggs) derived where it
 * is missing.
 */
import type { z } from 'zod';
import type { Aggs } from '../../../shared/api/index.ts';
import { finite, isObject, Unusable, type Json, type Oddities } from './liberal.ts';
import type { RecordReader } from './records.ts';

/** A liberal reader of a whole answer: throws Unusable when the answer cannot be used. */
export interface Reader<T> {
  read(body: unknown, odd: Oddities): T;
}
/** What an answer is read with: a liberal Reader, or a zod schema for the short answers. */
export type AnswerShape<T> = Reader<T> | z.ZodType<T>;

export function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return Array.isArray(value)
    ? 'an array'
    : typeof value === 'object'
      ? 'an object'
      : `${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}

export function objectAnswer(body: unknown, what: string): Json {
  if (!isObject(body)) throw new Unusable(`the answer: ${kindOf(body)}, not ${what}`);
  return body;
}

export function listOf(body: Json, name: string): unknown[] {
  const list = body[name];
  if (!Array.isArray(list)) throw new Unusable(`${name}: ${kindOf(list)}, not an array`);
  return list;
}

/** Each record read on its own; the dropped ones leave the page. */
export function readAll<T>(list: unknown[], record: RecordReader<T>, odd: Oddities): T[] {
  const out: T[] = [];
  list.forEach((raw, i) => {
    odd.at(i);
    const read = record(raw, odd);
    if (read !== undefined) out.push(read);
  });
  odd.at(-1);
  return out;
}

function aggsOf(value: unknown, odd: Oddities, path: string): Aggs {
  const out: Aggs = {};
  if (!isObject(value)) {
    if (value !== undefined) odd.note(path, kindOf(value));
    return out;
  }
  for (const [name, buckets] of Object.entries(value)) {
    if (!Array.isArray(buckets)) continue;
    out[name] = buckets.flatMap((b: unknown) => {
      const key = isObject(b) ? b['key'] : undefined;
      const count = isObject(b) ? finite(b['doc_count']) : undefined;
      return (typeof key === 'string' || typeof key === 'number') && count !== undefined
        ? [{ ...(b as Json), key, doc_count: count }]
        : [];
    });
  }
  return out;
}

/**
 * total, skip, limit and aggs of a page, derived where missing: skip 0, limit and total from
 * the records of the page (without a total, the page is taken as the last one).
 */
export function envelopeOf(value: unknown, count: number, odd: Oddities, prefix: string) {
  const p = isObject(value) ? value : {};
  if (prefix !== '' && !isObject(value)) odd.note(prefix.slice(0, -1), kindOf(value));
  const num = (name: string, fallback: number) => {
    const n = finite(p[name]);
    if (n === undefined) odd.note(`${prefix}${name}`, kindOf(p[name]));
    return n ?? fallback;
  };
  const skip = num('skip', 0);
  const limit = num('limit', count);
  const total = num('total', skip + count);
  return { total, skip, limit, aggs: aggsOf(p['aggs'], odd, `${prefix}aggs`) };
}

export function box(value: unknown): [number, number, number, number] | undefined {
  const n = Array.isArray(value) && value.length === 4 ? value.map(finite) : [];
  return n.length === 4 && n.every((x) => x !== undefined)
    ? (n as [number, number, number, number])
    : undefined;
}
