/**
 * A refusal or failure the core words for a person: `said` is what it means, which each front
 * end says in its user's language; `message` is its English, for logs.
 */
import { english } from './english.ts';
import type { Said } from './translator.ts';

export class SaidError extends Error {
  readonly said: Said;

  constructor(words: Said, options?: ErrorOptions) {
    super(english.say(words), options);
    this.name = 'SaidError';
    this.said = words;
  }
}
