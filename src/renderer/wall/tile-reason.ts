/**
 * Why a tile is in its state (waiting, stopped, failed), kept as what it means and worded when
 * drawn: a change of language turns every tile's reason at once, not at the tile's next check.
 * The app's own words are a `Said`; the media route's answer (the service's message) is not ours
 * to translate and is kept as it came.
 */
import type { Said } from '../../shared/i18n/translator.ts';
import { words } from '../lib/words.svelte.ts';

export type TileReason = Said | { readonly verbatim: string };

/** The reason's words, in the language in force when read. */
export function reasonWords(reason: TileReason): string {
  return 'verbatim' in reason ? reason.verbatim : words.say(reason);
}

/** Whether the reason is the service's own text (marked so, not checked as the app's words). */
export function isVerbatim(reason: TileReason): boolean {
  return 'verbatim' in reason;
}
