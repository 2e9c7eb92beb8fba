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

export class Translator {
  readonly #formats = new Map<MessageKey, IntlMessageFormat>();

  readonly language: CatalogueLanguage;
  readonly messages: Catalogue;

  constructor(language: CatalogueLanguage, messages: Catalogue) {
    this.language = language;
    this.messages = messages;
  }

  t<K extends MessageKey>(key: K, ...params: MessageParamsOf<K>): string {
    return this.#format(key, params[0] as Record<string, unknown> | undefined);
  }

  /** The words for what the core said. */
  say(said: Said): string {
    return this.#format(said.code, said.params as Record<string, unknown>);
  }

  /**
   * A key this catalogue lacks (a code from a newer core) reads as the key, and parameters that
   * do not fit read as the message unformatted: seen and reported, never a crash.
   */
  #format(key: MessageKey, params: Record<string, unknown> | undefined): string {
    const message = this.messages[key] as string | undefined;
    if (message === undefined) return key;
    try {
      let format = this.#formats.get(key);
      if (!format) {
        // The pseudo-locale formats numbers and dates as English does.
        format = new IntlMessageFormat(message, this.language === 'en-XA' ? 'en' : this.language);
        this.#formats.set(key, format);
      }
      return String(format.format(params as Record<string, string | number | Date> | undefined));
    } catch {
      return message;
    }
  }
}
