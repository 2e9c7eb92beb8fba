/**
 * A download batch's end in words (a desktop notification, the CLI's summary): what the core
 * said, so each front end says it in its user's language, and the same failure reads the same
 * in both.
 */
import { said, type Said } from './i18n/translator.ts';
import type { BatchFinished } from './ipc/downloads.ts';

export type BatchEnd = Pick<
  BatchFinished,
  'label' | 'state' | 'completed' | 'failed' | 'items' | 'folder'
>;

export function batchFinishedSaid(end: BatchEnd): { title: Said; body: Said } {
  const { label, state, completed, failed, items, folder } = end;
  return {
    title: said('downloads.finished.title', { state, label }),
    body: said('downloads.finished.body', { state, completed, failed, items, folder }),
  };
}
