/**
 * A download batch's end in words (a desktop notification, the CLI's summary): what the core
 * said, so each front end says it in its user's language, and the same failure reads the same
 * in both.
 */
import { said, saidWithin, type Said } from './i18n/translator.ts';
import type { BatchFinished } from './ipc/downloads.ts';

export type BatchEnd = Pick<
  BatchFinished,
  'label' | 'state' | 'completed' | 'failed' | 'items' | 'folder'
> &
  Partial<Pick<BatchFinished, 'labelSaid'>>;

export function batchFinishedSaid(end: BatchEnd): { title: Said; body: Said } {
  const { state, completed, failed, items, folder } = end;
  // A label the app made ("3 recordings") is said in the same language as the rest.
  const label = end.labelSaid ? saidWithin(end.labelSaid) : end.label;
  return {
    title: said('downloads.finished.title', { state, label }),
    body: said('downloads.finished.body', { state, completed, failed, items, folder }),
  };
}
