/**
 * Saying a catalogue's message in one language: `t(key, params)`, typed by the English
 * catalogue (params.generated.ts), so a key that does not exist or a parameter left out is a type
 * error. Messages are ICU MessageFormat (plural and select by the Unicode CLDR rules of
 * Intl.PluralRules; numbers and dates by Intl in the same language).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { CatalogueLanguage } from './languages.ts';
import type { MessageParams } from './params.generated.ts';

export type MessageKey = keyof MessageParams;
/** A message's parameters as `t`'s rest argument: none for a message without any. */
export type MessageParamsOf<K extends MessageKey> = keyof MessageParams[K] extends never
  ? []
  : [MessageParams[K]];
export type Catalogue = Readonly<Record<MessageKey, string>>;

/**
 * What the core means, said in no language: a message's key and its parameters. The core sends
 * this beside its English `message` (for logs); each front end says it in its user's language.
 */
export interface Said {
  readonly code: MessageKey;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * A `Said`, its parameters checked against its message's. Said itself is one shape for every
 * message, not a union of one per message: a union of a thousand members makes tsc give up on
 * expressions that narrow it.
 */
export function said<K extends MessageKey>(code: K, ...params: MessageParamsOf<K>): Said {
  return { code, params: (params[0] ?? {}) as Readonly<Record<string, unknown>> };
}

/**
 * A `Said` as another message's parameter ("{reason} (after 3 tries)"): said first, in the same
 * language, when the outer one is. Typed as the text it becomes, so `said(...)` takes it where
 * a message takes words.
 */
export function saidWithin(inner: Said): string {
  return inner as unknown as string;
}

/** Plain text, or the text of one of a message's tags. */
export interface MessagePart {
  readonly text: string;
  readonly tag?: string;
}

/** An opening tag in a message: `<file>` (a tag is named apart from the parameters). */
const TAG = /<([A-Za-z][\w-]*)>/g;

function isSaid(value: unknown): value is Said {
  return typeof value === 'object' && value !== null && typeof (value as Said).code === 'string';
}

export class Translator {
  readonly #formats = new Map<MessageKey, IntlMessageFormat>();

  readonly language: CatalogueLanguage;
  readonly messages: Catalogue;

  constructor(language: CatalogueLanguage, messages: Catalogue) {
    this.language = language;
    this.messages = messages;
  }

  t<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
    return this.#format(key, params[0] as Record<string, unknown> | undefined) as string;
  }

  /** The words for what the core said. */
  say(said: Said): string {
    return this.#format(said.code, this.#paramsOf(said)) as string;
  }

  /**
   * What the core said, in parts: the text of a message's tags (`<file>{path}</file>`) apart
   * from the plain text around them, for a front end to draw each tag as its own element.
   * Tags do not nest.
   */
  parts(said: Said): MessagePart[] {
    const tagged = (tag: string) => (chunks: unknown[]) => ({ tag, text: chunks.join('') });
    const out = this.#format(said.code, this.#paramsOf(said), tagged);
    const parts = (Array.isArray(out) ? out : [out]) as (string | MessagePart)[];
    return parts.map((p) => (typeof p === 'string' ? { text: p } : p));
  }

  #paramsOf(said: Said): Record<string, unknown> {
    const params: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(said.params)) {
      params[name] = isSaid(value) ? this.say(value) : value;
    }
    return params;
  }

  /**
   * A key this catalogue lacks (a code from a newer core) reads as the key, and parameters that
   * do not fit read as the message unformatted: seen and reported, never a crash. A tag reads as
   * its text unless `tagged` makes something else of it.
   */
  #format(
    key: MessageKey,
    params: Record<string, unknown> | undefined,
    tagged: (tag: string) => (chunks: unknown[]) => unknown = () => (chunks) => chunks.join(''),
  ): unknown {
    const message = this.messages[key] as string | undefined;
    if (message === undefined) return key;
    try {
      let format = this.#formats.get(key);
      if (!format) {
        // The pseudo-locale formats numbers and dates as English does.
        format = new IntlMessageFormat(message, this.language === 'en-XA' ? 'en' : this.language);
        this.#formats.set(key, format);
      }
      const values: Record<string, unknown> = { ...params };
      for (const [, tag] of message.matchAll(TAG)) values[tag!] = tagged(tag!);
      const out = format.format(values as Record<string, string>);
      if (!Array.isArray(out)) return String(out);
      return out.every((p) => typeof p === 'string') ? out.join('') : out;
    } catch {
      return message;
    }
  }
}
