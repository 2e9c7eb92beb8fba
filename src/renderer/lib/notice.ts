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
 * The words of a failure: what the core said, in the language in force when drawn; else the
 * failure's own message as it came (a browser's or a service's words are not ours to translate).
 */
export function failureWords(failure: unknown): () => string {
  if (failure instanceof IpcError && failure.said) {
    const said = failure.said;
    return () => words.say(said);
  }
  const message = failure instanceof Error ? failure.message : String(failure);
  return () => message;
}
