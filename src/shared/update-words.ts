/**
 * Settings › Updates' words, put together the same way by the core (English, for the log) and
 * by each front end (in its user's language): the summary, the reason a check failed after its
 * colon, and the advice.
 */
import type { Said } from './i18n/translator.ts';

/** What the core said of where updates stand, in no language. */
export interface UpdateSaid {
  summary: Said;
  /** Why a check failed: a clause said after the summary's colon. */
  reason: Said | null;
  advice: Said | null;
}

export function updateWords(
  said: UpdateSaid,
  say: (said: Said) => string,
): { summary: string; advice: string | null } {
  const summary = say(said.summary);
  return {
    summary: said.reason ? `${summary} ${say(said.reason)}.` : summary,
    advice: said.advice ? say(said.advice) : null,
  };
}
