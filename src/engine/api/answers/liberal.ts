/**
 * Reading the service's records liberally (a record the client cannot fully read is shown as
 * well as it can be, never a failed page): each field is read on its own, with a value the app
 * can always use when the service sent something else (null text -> '', a number id -> its
 * text, a time in another form -> ISO 8601 UTC), and what was odd is noted, to be logged once
 * per answer. Only what makes a whole answer unusable fails (Unusable).
 *
 * zod answers "valid or not"; here every field needs a fallback AND a note naming it, so the
 * readers are small functions, each tied to its type by `Spec<P>`: a record's spec must give a
 * reader for every field of the shared type, with that field's type (the compile-time tie the
 * zod `answer<T>()` gave).
 */
import { normaliseTime } from '../times.ts';

/** An answer that cannot be used as a whole; its words go into the operation's error. */
export class Unusable extends Error {}

/** What was odd in one answer: counts per field and kind, records affected and dropped. */
export class Oddities {
  readonly #notes = new Map<string, number>();
  readonly #dropped = new Map<string, number>();
  readonly #incomplete = new Set<number>();
  #record = -1;
  records = 0;

  /** Notes from now on belong to record `index` of the page. */
  at(index: number): void {
    this.#record = index;
    this.records = Math.max(this.records, index + 1);
  }

  note(path: string, what: string): void {
    const key = `${path} ${what}`;
    this.#notes.set(key, (this.#notes.get(key) ?? 0) + 1);
    if (this.#record >= 0) this.#incomplete.add(this.#record);
  }

  /** Why the last record was dropped (a show answer's error says it). */
  lastDrop: string | undefined;

  drop(why: string): void {
    this.lastDrop = why;
    this.#dropped.set(why, (this.#dropped.get(why) ?? 0) + 1);
    this.#incomplete.delete(this.#record);
  }

  /** One line for the log, or undefined when nothing was odd. */
  summary(operation: string): string | undefined {
    if (this.#notes.size === 0 && this.#dropped.size === 0) return undefined;
    const list = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([what, n]) => `${what} (${n})`)
        .join(', ') + (m.size > 8 ? `, and ${m.size - 8} more` : '');
    const parts: string[] = [];
    const dropped = [...this.#dropped.values()].reduce((a, b) => a + b, 0);
    const of = this.records > 0 ? ` of ${this.records}` : '';
    if (this.#notes.size > 0) {
      const n = this.#incomplete.size;
      parts.push(
        this.records > 0
          ? `${n}${of} records incomplete or in another form: ${list(this.#notes)}`
          : `read with fallbacks: ${list(this.#notes)}`,
      );
    }
    if (dropped > 0) parts.push(`${dropped}${of} records dropped: ${list(this.#dropped)}`);
    return `${operation}: ${parts.join('; ')} (kept as well as they could be read)`;
  }
}

export type Note = (what: string) => void;
/** Reads one field's value; `note` tells what was odd about it. */
export type Field<T> = (value: unknown, note: Note) => T;
/** A reader for every field of P, with P's type for each. */
export type Spec<P> = { [K in keyof P]-?: Field<P[K]> };

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a value could not be read as `expected`: for the notes. */
function oddness(value: unknown, expected: string): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return `not ${expected} (${Array.isArray(value) ? 'array' : typeof value})`;
}

/** Text; '' for null or missing (shown as nothing), numbers and booleans as their text. */
export const text: Field<string> = (value, note) => {
  if (typeof value === 'string') return value;
  note(oddness(value, 'text'));
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
};

/** Text that the type allows to be absent: null for null, missing or no text. */
export const textOrNull: Field<string | null> = (value, note) => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value !== null && value !== undefined) note(oddness(value, 'text'));
  return null;
};

/** A time as ISO 8601 UTC ('...Z'); null when missing or no time (never 'Invalid Date'). */
export const time: Field<string | null> = (value, note) => {
  const read = normaliseTime(value);
  if (read === null)
    note(value === undefined || value === null ? oddness(value, '') : 'not a time');
  else if (read !== value) note('in another time form');
  return read;
};

/** A boolean; 'true'/'false' and 1/0 as such; false otherwise. */
export const bool: Field<boolean> = (value, note) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value !== 'false' && value !== 0) note(oddness(value, 'a boolean'));
  return false;
};

/** A finite number (numeric text too); 0 otherwise. No range: the interface fixes none. */
export const number: Field<number> = (value, note) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n === 'number' && Number.isFinite(n)) {
    if (typeof value !== 'number') note('number as text');
    return n;
  }
  note(oddness(value, 'a number'));
  return 0;
};

/** A list of text: items that are not text are noted and dropped; a comma list is split. */
export const strings: Field<string[]> = (value, note) => {
  if (typeof value === 'string') {
    note('a comma list, not an array');
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  if (!Array.isArray(value)) {
    note(oddness(value, 'an array'));
    return [];
  }
  const out: string[] = [];
  for (const item of value) {
    if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number') out.push(String(item));
    else note(`item ${oddness(item, 'text')}`);
  }
  return out;
};

/** A value of a known list; others are noted and dropped (`strings` for the rest). */
export function knownOf<T extends string>(known: readonly T[], what: string): Field<T[]> {
  return (value, note) =>
    strings(value, note).filter((item): item is T => {
      if ((known as readonly string[]).includes(item)) return true;
      note(`unknown ${what} "${item.slice(0, 20)}"`);
      return false;
    });
}

/** An id: text, or a number as its text; undefined when there is none (the record is dropped). */
export function idOf(value: unknown, note: Note): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) {
    note('a number');
    return String(value);
  }
  return undefined;
}

/**
 * Reads the fields of `spec` from `raw` (noting under `prefix.field`); other fields pass
 * through as the service sent them (a newer service may add some).
 */
export function fields<P>(spec: Spec<P>) {
  const names = Object.keys(spec) as (keyof P & string)[];
  return (raw: Json, odd: Oddities, prefix: string): P => {
    const out: Json = { ...raw };
    for (const name of names) {
      const note: Note = (what) => odd.note(`${prefix}${name}`, what);
      out[name] = (spec[name] as Field<unknown>)(raw[name], note);
    }
    return out as P;
  };
}

/** A finite number or undefined, for optional numeric fields (a sensor's prev). */
export function finite(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
