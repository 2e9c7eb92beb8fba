/**
 * Why a tile is in its state (waiting, stopped, failed), kept as what it means and worded when
 * drawn: a change of language turns every tile's reason at once, not at the tile's next check.
 * The app's own words are a `Said`, the media route's too (its answer says what it means in a
 * header); only an answer without one is kept as it came.
 */
import { SAID_HEADER, saidFromHeader } from '../../shared/i18n/said-header.ts';
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

/** Why the media route refused: what it said (the service's message a parameter), else its text. */
export async function mediaReason(response: Response): Promise<TileReason> {
  const said = saidFromHeader(response.headers.get(SAID_HEADER));
  const text = (await response.text().catch(() => '')).trim().split('\n')[0]!.slice(0, 300);
  return said ?? { verbatim: text || `HTTP ${response.status}` };
}
