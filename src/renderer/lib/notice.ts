/**
 * A notice that a state shows (a wall's edit, a tour's skip, a route saved): its words are made
 * when it is drawn, not when it is set, so a change of language redraws a notice already on the
 * screen. States keep `Notice`s, never finished sentences.
 */
import { IpcError } from '../../shared/ipc.ts';
import { words } from './words.svelte.ts';

export interface Notice {
  /** The words, in the language in force each time they are read. */
  readonly text: string;
  readonly error: boolean;
}

/** A notice whose words `say` makes (with `t(...)`) whenever it is drawn. */
export function notice(error: boolean, say: () => string): Notice {
  return {
    get text() {
      return say();
    },
    error,
  };
}

/**
 * A failure the renderer itself words (an image that cannot be drawn): its message is made again
 * in the language in force whenever failureWords reads it.
 */
export class WordedError extends Error {
  readonly words: () => string;

  constructor(say: () => string, options?: ErrorOptions) {
    super(say(), options);
    this.words = say;
  }
}

/**
 * The words of a failure: what the core said, or the renderer's own words, in the language in
 * force when drawn; else the failure's own message as it came (a browser's or a service's words
 * are not ours to translate).
 */
export function failureWords(failure: unknown): () => string {
  if (failure instanceof IpcError && failure.said) {
    const said = failure.said;
    return () => words.say(said);
  }
  if (failure instanceof WordedError) return failure.words;
  const message = failure instanceof Error ? failure.message : String(failure);
  return () => message;
}
