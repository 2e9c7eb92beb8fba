import type { z } from 'zod';
import { checkField, readable, refusedFields, type FieldWords } from './field-rules.ts';
import { failureWords } from './notice.ts';
import { t } from './words.svelte.ts';
import { IpcError } from '../../shared/ipc.ts';

/** A field's note, made when drawn so a note already shown follows a change of language. */
type Note = () => string;

/**
 * A form's fields as the contract checks them (lib/field-rules.ts): why each one's value was not
 * saved, in words, until it is corrected, and which were saved. One per form (Settings' fields,
 * an account); the form's inputs show both at the field (lib/FieldNote.svelte).
 */
export class FieldChecks<K extends string> {
  #problems = $state<Partial<Record<K, Note>>>({});
  /** The fields whose last change the engine confirmed: "Saved." beside them until typed again. */
  saved = $state<Partial<Record<K, true>>>({});

  readonly #schema: z.ZodObject;
  readonly #words: Partial<Record<K, FieldWords>>;

  /** `schema`: the contract's input for the form (its fields are its keys). */
  constructor(schema: z.ZodObject, words: Partial<Record<K, FieldWords>>) {
    this.#schema = schema;
    this.#words = words;
  }

  /** Why each field's value was not saved, in the language in force now. */
  get problems(): Partial<Record<K, string>> {
    const notes = Object.entries(this.#problems) as [K, Note][];
    return Object.fromEntries(notes.map(([field, note]) => [field, note()])) as Partial<
      Record<K, string>
    >;
  }

  /** A field's value as it is being typed: its rule is said at once, "Saved." goes. */
  typing(field: K, value: unknown): void {
    this.saved = without(this.saved, [field]);
    const rule = this.#schema.shape[field] as z.ZodType | undefined;
    const words = this.#words[field];
    const problem = rule ? checkField(rule, value, words) : null;
    this.#problems = problem
      ? { ...this.#problems, [field]: () => checkField(rule!, value, words) ?? problem }
      : without(this.#problems, [field]);
  }

  /**
   * Sends `input` once every field keeps its rule: the answer, or undefined with why not at its
   * fields (the engine's refusal, in its words, at every field sent).
   */
  async send<T>(
    input: Partial<Record<K, unknown>>,
    call: () => Promise<T>,
  ): Promise<T | undefined> {
    const fields = Object.keys(input) as K[];
    const rest = without(this.#problems, fields);
    const broken = Object.keys(refusedFields(this.#schema, input, this.#words)) as K[];
    this.saved = without(this.saved, fields);
    if (broken.length > 0) {
      const note = (field: K) => () => refusedFields(this.#schema, input, this.#words)[field]!;
      this.#problems = { ...rest, ...Object.fromEntries(broken.map((f) => [f, note(f)])) };
      return undefined;
    }
    try {
      const answer = await call();
      this.#problems = rest;
      this.saved = { ...this.saved, ...Object.fromEntries(fields.map((f) => [f, true])) };
      return answer;
    } catch (error) {
      const said = failureWords(error);
      // A contract's said refusal names the field as the program does: at the field, plain words.
      const named = error instanceof IpcError && error.code === 'invalid_input' && error.said;
      const why = named ? () => t('common.field.refused') : () => readable(said());
      this.#problems = { ...rest, ...Object.fromEntries(fields.map((f) => [f, why])) };
      return undefined;
    }
  }

  /** Forgets every field's note (the form starts again empty). */
  reset(): void {
    this.#problems = {};
    this.saved = {};
  }
}

function without<T extends object>(record: T, fields: readonly PropertyKey[]): T {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !fields.includes(k))) as T;
}
