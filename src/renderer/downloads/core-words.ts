/**
 * The download engine's words (a reason, a batch's label) in the user's language: what the core
 * said, or for what was written before it said so (and the user's own label) the text as kept.
 */
import { batchFinishedSaid } from '../../shared/batch-finished.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import type { BatchFinished } from '../../shared/ipc/downloads.ts';
import { words } from '../lib/words.svelte.ts';

export function saidOr(said: Said | null, asKept: string): string;
export function saidOr(said: Said | null, asKept: string | null): string | null;
export function saidOr(said: Said | null, asKept: string | null): string | null {
  return said ? words.say(said) : asKept;
}

/** A batch's name: the app's ("3 recordings") in the user's language, the user's as typed. */
export function batchName(batch: { label: string; labelSaid: Said | null }): string {
  return saidOr(batch.labelSaid, batch.label);
}

/** A finished batch's notification (browser mode shows it; the desktop shell shows its own). */
export function batchFinishedWords(e: BatchFinished): { title: string; body: string } {
  const said = batchFinishedSaid(e);
  return { title: words.say(said.title), body: words.say(said.body) };
}
