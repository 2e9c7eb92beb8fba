import { english } from '../../shared/i18n/english.ts';
import type { Said } from '../../shared/i18n/translator.ts';

/** A network setting that cannot work (a CA file, a proxy address): what is wrong, and what to do. */
export class NetSettingError extends Error {
  readonly said: Said;

  constructor(words: Said, options?: { cause?: unknown }) {
    super(english.say(words), options);
    this.name = 'NetSettingError';
    this.said = words;
  }
}
